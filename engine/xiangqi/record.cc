// Reading game records: tags, then the movetext played move by move from the
// start.
#include "engine/xiangqi/record.h"

#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/xiangqi/record_claim.h"
#include "engine/xiangqi/record_lexer.h"
#include "engine/xiangqi/record_split.h"

namespace caipan::xiangqi {
namespace {

using record_internal::RecordToken;

// Moves written without a space between them ("炮二平五马８进７",
// "Ｃ２＝５Ｈ８＋７"): every notation writes a move in four characters, so a
// word of 8, 12 ... characters is tried as that many moves. Empty if the
// pieces are not all legal moves in turn. `texts` (may be null) gets each
// move's four characters.
std::vector<Move> SplitGluedMoves(const Position& start, std::string_view word,
                                  std::vector<std::string_view>* texts) {
  std::vector<std::string_view> chars;
  for (size_t i = 0; i < word.size();) {
    const size_t n = Utf8SequenceLength(word.substr(i));
    if (n == 0) return {};
    chars.push_back(word.substr(i, n));
    i += n;
  }
  if (chars.size() < 8 || chars.size() % 4 != 0) return {};
  std::vector<Move> moves;
  Position pos = start;
  for (size_t c = 0; c < chars.size(); c += 4) {
    const size_t begin = chars[c].data() - word.data();
    const size_t end = chars[c + 3].data() + chars[c + 3].size() - word.data();
    const std::string_view text = word.substr(begin, end - begin);
    absl::StatusOr<Move> move = ParseMove(pos, text);
    if (!move.ok()) return {};
    pos.MakeMove(*move);
    moves.push_back(*move);
    if (texts != nullptr) texts->push_back(text);
  }
  return moves;
}

// Plays the movetext words from `start`, noting claims (in `claims`, may be
// null to ignore them). The result token is stored in `result` (may be null
// to ignore it); words after it (a trailer of text, as some files have) are
// ignored with a warning in `warnings` (may be null), except a claim word.
// With `unplayable`, the first move the position does not allow ends the
// words (see ParseMovesToFirstUnplayable). `texts` (may be null) gets each
// move's text as written, one per entry of `moves`.
absl::Status PlayWords(const Position& start,
                       const std::vector<RecordToken>& tokens,
                       std::vector<Move>* moves,
                       std::vector<RecordedClaim>* claims, std::string* result,
                       std::vector<std::string>* warnings = nullptr,
                       std::optional<std::string>* unplayable = nullptr,
                       std::vector<std::string>* texts = nullptr) {
  Position pos = start;
  std::string seen_result;
  std::optional<Color> side;
  for (const RecordToken& token : tokens) {
    int played = static_cast<int>(moves->size());
    if (token.kind == RecordToken::Kind::kComment) {
      if (claims != nullptr &&
          record_internal::ParseClaimComment(token.value, &side)) {
        claims->push_back({played, side});
      }
      continue;
    }
    if (token.kind != RecordToken::Kind::kWord) continue;
    std::string_view word = token.value;
    int ply = played + 1;
    if (record_internal::IsResultToken(word)) {
      seen_result = std::string(word);
      continue;
    }
    // "!" and "?" annotations are not part of any notation.
    while (!word.empty() && (word.back() == '!' || word.back() == '?'))
      word.remove_suffix(1);
    word = record_internal::StripMoveNumber(word);
    if (word.empty()) continue;
    const bool claim_word = record_internal::ParseClaimWord(word, &side);
    if (!seen_result.empty()) {
      if (claim_word || warnings == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrCat("ply ", ply, ": ", QuoteToken(word),
                         " after the result ", seen_result));
      }
      warnings->push_back(absl::StrCat("line ", token.line,
                                       ": text after the result ", seen_result,
                                       " ignored"));
      break;
    }
    if (claim_word) {
      if (claims != nullptr) claims->push_back({played, side});
      continue;
    }
    absl::StatusOr<Move> move = ParseMove(pos, word);
    if (!move.ok()) {
      std::vector<std::string_view> glued_texts;
      std::vector<Move> glued = SplitGluedMoves(pos, word, &glued_texts);
      if (glued.empty() && unplayable != nullptr &&
          !IsUnreadableMove(move.status())) {
        if (std::optional<Move> squares = ReadIccsCoordinates(word)) {
          moves->push_back(*squares);
          if (texts != nullptr) texts->emplace_back(word);
        } else {
          *unplayable = std::string(move.status().message());
        }
        break;
      }
      if (glued.empty()) {
        return absl::InvalidArgumentError(
            absl::StrCat("ply ", ply, ": ", move.status().message()));
      }
      for (Move m : glued) {
        pos.MakeMove(m);
        moves->push_back(m);
      }
      if (texts != nullptr)
        texts->insert(texts->end(), glued_texts.begin(), glued_texts.end());
      continue;
    }
    pos.MakeMove(*move);
    moves->push_back(*move);
    if (texts != nullptr) texts->emplace_back(word);
  }
  if (result != nullptr) *result = seen_result;
  return absl::OkStatus();
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

// ParseRecord for text whose first line is line `first_line` of a file.
absl::StatusOr<GameRecord> ParseRecordAt(std::string_view text,
                                         int first_line) {
  absl::StatusOr<std::vector<RecordToken>> tokens =
      record_internal::LexRecord(text, first_line);
  if (!tokens.ok()) return tokens.status();
  GameRecord record;
  record.start_fen = std::string(kStartFen);
  std::string tag_result;
  bool moves_started = false;
  for (const RecordToken& token : *tokens) {
    if (token.kind == RecordToken::Kind::kWord) {
      moves_started = true;
      continue;
    }
    if (token.kind != RecordToken::Kind::kTag) continue;
    if (!token.warning.empty()) record.warnings.push_back(token.warning);
    if (token.name == "FEN") {
      if (moves_started) {
        return absl::InvalidArgumentError(absl::StrCat(
            "line ", token.line, ": tag FEN comes after the moves"));
      }
      record.start_fen = std::string(Trim(token.value));
    } else if (token.name == "Result") {
      tag_result = std::string(Trim(token.value));
    }
    record.tags.emplace_back(token.name, token.value);
  }
  std::vector<std::string> fen_warnings;
  absl::StatusOr<Position> start =
      Position::FromFen(record.start_fen, &fen_warnings);
  if (!start.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("tag FEN: ", start.status().message()));
  }
  for (const std::string& warning : fen_warnings)
    record.warnings.push_back(absl::StrCat("tag FEN: ", warning));
  // Keep the canonical form: "startpos", "r" for Red or odd spacing read back
  // the same.
  record.start_fen = start->ToFen();
  std::string movetext_result;
  absl::Status played =
      PlayWords(*start, *tokens, &record.moves, &record.claims,
                &movetext_result, &record.warnings);
  if (!played.ok()) return played;
  // The result token in the movetext wins; a valid [Result] tag stands in for a
  // missing one.
  if (!movetext_result.empty()) {
    record.result = movetext_result;
  } else if (record_internal::IsResultToken(tag_result)) {
    record.result = tag_result;
  }
  return record;
}

}  // namespace

absl::StatusOr<GameRecord> ParseRecord(std::string_view text) {
  return ParseRecordAt(text, 1);
}

std::vector<RecordEntry> ParseRecords(std::string_view text) {
  std::vector<RecordEntry> entries;
  if (text.size() > kMaxRecordsTextBytes) {
    entries.push_back(
        {1, 1,
         absl::InvalidArgumentError(absl::StrCat("text is ", text.size(),
                                                 " bytes, over the limit of ",
                                                 kMaxRecordsTextBytes))});
    return entries;
  }
  for (const record_internal::GameText& game :
       record_internal::SplitGames(text)) {
    int index = static_cast<int>(entries.size()) + 1;
    if (index > kMaxRecordsPerText) {
      entries.push_back({index, game.first_line,
                         absl::ResourceExhaustedError(absl::StrCat(
                             "line ", game.first_line, ": more than ",
                             kMaxRecordsPerText, " games in one text; game ",
                             index, " and the rest are not read"))});
      break;
    }
    entries.push_back(
        {index, game.first_line, ParseRecordAt(game.text, game.text_line)});
  }
  return entries;
}

namespace {

absl::StatusOr<MoveSequence> ReadMoveSequence(const Position& start,
                                              std::string_view text,
                                              bool stop_at_unplayable) {
  absl::StatusOr<std::vector<RecordToken>> tokens =
      record_internal::LexRecord(text);
  if (!tokens.ok()) return tokens.status();
  for (const RecordToken& token : *tokens) {
    if (token.kind == RecordToken::Kind::kTag) {
      return absl::InvalidArgumentError(absl::StrCat(
          "line ", token.line, ": tag ", token.name, " in a move sequence"));
    }
  }
  MoveSequence sequence;
  absl::Status played = PlayWords(
      start, *tokens, &sequence.moves, &sequence.claims, nullptr, nullptr,
      stop_at_unplayable ? &sequence.unplayable : nullptr, &sequence.texts);
  if (!played.ok()) return played;
  return sequence;
}

}  // namespace

absl::StatusOr<MoveSequence> ParseMoveSequenceWithClaims(
    const Position& start, std::string_view text) {
  return ReadMoveSequence(start, text, /*stop_at_unplayable=*/false);
}

absl::StatusOr<MoveSequence> ParseMovesToFirstUnplayable(
    const Position& start, std::string_view text) {
  return ReadMoveSequence(start, text, /*stop_at_unplayable=*/true);
}

absl::StatusOr<std::vector<Move>> ParseMoveSequence(const Position& start,
                                                    std::string_view text) {
  absl::StatusOr<MoveSequence> sequence =
      ParseMoveSequenceWithClaims(start, text);
  if (!sequence.ok()) return sequence.status();
  return std::move(sequence->moves);
}

}  // namespace caipan::xiangqi
