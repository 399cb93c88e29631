// Proto <-> engine conversion for xiangqi (see xiangqi_convert.h).
#include "rpc/xiangqi_convert.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "engine/xiangqi/explain.h"
#include "engine/xiangqi/illegal_move.h"

namespace caipan::rpc {

using xiangqi::Move;
using xiangqi::Position;

uint32_t XiangqiMoveCode(Move move) {
  return static_cast<uint32_t>(move.from) * 90 + move.to;
}

namespace {

// A move given by its squares (ICCS text or a code): legal in `pos`, or
// `error` says why not.
bool CheckCoordinateMove(const Position& pos, Move move, MoveParseError* error,
                         Language lang) {
  if (pos.IsLegal(move)) return true;
  if (error != nullptr) {
    error->rejection = v1::MOVE_REJECTION_ILLEGAL;
    error->named = move;
    error->illegal = xiangqi::DiagnoseMove(pos, move);
    error->reason = lang != Language::kEnglish && error->illegal
                        ? xiangqi::ExplainIllegalMove(*error->illegal, lang)
                        : std::string(pos.CheckLegal(move).message());
  }
  return false;
}

}  // namespace

void ToProto(const xiangqi::IllegalMoveInfo& info,
             v1::XiangqiIllegalMove* illegal) {
  illegal->set_reason(xiangqi::IllegalMoveReasonName(info.reason));
  if (info.square != xiangqi::kNoSquare)
    illegal->set_square(xiangqi::SquareName(info.square));
  illegal->set_screens(info.screens);
  illegal->set_was_in_check(info.was_in_check);
}

bool ParseXiangqiMove(const Position& pos, std::string_view text, Move* move,
                      MoveParseError* error, Language lang) {
  if (const std::optional<Move> read = xiangqi::ReadIccsCoordinates(text)) {
    *move = *read;
    return CheckCoordinateMove(pos, *move, error, lang);
  }
  absl::StatusOr<Move> parsed = xiangqi::ParseMove(pos, text);
  if (parsed.ok()) {
    *move = *parsed;
    return true;
  }
  if (error != nullptr) {
    // The notation parser says "not a move in ... notation" for text it cannot
    // read; anything else (no such piece, ambiguous, illegal) names a move that
    // the position does not allow.
    const absl::string_view message = parsed.status().message();
    error->rejection = xiangqi::IsUnreadableMove(parsed.status())
                           ? v1::MOVE_REJECTION_UNPARSEABLE
                           : v1::MOVE_REJECTION_ILLEGAL;
    error->reason = std::string(message);
    error->named = xiangqi::NamedMoveOf(parsed.status());
    if (error->named)
      error->illegal = xiangqi::DiagnoseMove(pos, *error->named);
    if (lang == Language::kChinese) {
      // Notation messages are English: say in Chinese what kind of rejection
      // it is, and keep the detail.
      error->reason = absl::StrCat(
          error->rejection == v1::MOVE_REJECTION_UNPARSEABLE ? "无法识别的着法"
                                                             : "着法不成立",
          "（", error->reason, "）");
    }
  }
  return false;
}

XiangqiHistory::XiangqiHistory(const v1::XiangqiPosition& position,
                               absl::string_view field)
    : position_(position),
      field_(field),
      codes_(position.moves_size() == 0 && position.move_codes_size() > 0),
      size_(codes_ ? position.move_codes_size() : position.moves_size()),
      code_at_(position.move_codes().data()),
      text_at_(position.moves().data()) {}

absl::Status CheckOneHistoryForm(const v1::XiangqiPosition& position,
                                 absl::string_view field) {
  if (position.moves_size() == 0 || position.move_codes_size() == 0)
    return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(field, ".move_codes: set with ", field,
                   ".moves; give the history in one form only"));
}

absl::Status XiangqiHistory::CheckShape(int max_plies) const {
  CAIPAN_RETURN_IF_ERROR(CheckOneHistoryForm(position_, field_));
  if (size_ > max_plies) {
    return absl::InvalidArgumentError(
        absl::StrCat(field_, codes_ ? ".move_codes: " : ".moves: ", size_,
                     " plies exceed the limit of ", max_plies));
  }
  return absl::OkStatus();
}

bool XiangqiHistory::Parse(const Position& pos, int i, Move* move,
                           MoveParseError* error, Language lang) const {
  if (!codes_)
    return ParseXiangqiMove(pos, position_.moves(i), move, error, lang);
  const uint32_t code = position_.move_codes(i);
  if (const std::optional<Move> decoded = DecodeXiangqiMoveCode(code)) {
    *move = *decoded;
    return CheckCoordinateMove(pos, *move, error, lang);
  }
  if (error != nullptr) {
    error->rejection = v1::MOVE_REJECTION_UNPARSEABLE;
    error->named.reset();
    error->reason = lang == Language::kChinese
                        ? absl::StrCat("无法识别的着法代码 ", code,
                                       "（应为 起点*90+终点，小于 ",
                                       kXiangqiMoveCodeLimit, "）")
                        : absl::StrCat("code ", code,
                                       " is not a move (from * 90 + to, below ",
                                       kXiangqiMoveCodeLimit, ")");
  }
  return false;
}

absl::Status XiangqiHistory::ErrorAt(int i, const MoveParseError& error) const {
  return absl::InvalidArgumentError(
      absl::StrCat(field_, codes_ ? ".move_codes[" : ".moves[", i, "] (ply ",
                   i + 1, "): ", error.reason));
}

void XiangqiHistory::AppendKey(int i, std::string* key) const {
  auto append = [key](std::string_view text) {
    const uint32_t size = static_cast<uint32_t>(text.size());
    key->append(reinterpret_cast<const char*>(&size), sizeof(size));
    key->append(text);
  };
  if (!codes_) {
    append(position_.moves(i));
    return;
  }
  const std::optional<Move> move =
      DecodeXiangqiMoveCode(position_.move_codes(i));
  if (!move) {
    // No text reads as this: the prefix through it is never stored.
    append("?");
    return;
  }
  const char text[4] = {static_cast<char>('a' + xiangqi::FileOf(move->from)),
                        static_cast<char>('0' + xiangqi::RankOf(move->from)),
                        static_cast<char>('a' + xiangqi::FileOf(move->to)),
                        static_cast<char>('0' + xiangqi::RankOf(move->to))};
  append(std::string_view(text, sizeof(text)));
}

absl::StatusOr<Position> XiangqiStart(const v1::XiangqiPosition& position,
                                      absl::string_view field,
                                      Warnings* warnings) {
  // The standard start is read from its FEN once, not per request.
  static const Position kStart = Position::Start();
  if (position.fen().empty()) return kStart;
  std::vector<std::string> lenient;
  absl::StatusOr<Position> start = Position::FromFen(position.fen(), &lenient);
  if (!start.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ".fen: ", start.status().message()));
  }
  if (warnings != nullptr) {
    for (const std::string& warning : lenient)
      warnings->Add(absl::StrCat(field, ".fen: ", warning));
  }
  return start;
}

absl::Status ReplayXiangqi(const v1::XiangqiPosition& position,
                           absl::string_view field, int max_plies,
                           XiangqiReplay* replay, Warnings* warnings) {
  const XiangqiHistory history(position, field);
  CAIPAN_RETURN_IF_ERROR(history.CheckShape(max_plies));
  absl::StatusOr<Position> start = XiangqiStart(position, field, warnings);
  if (!start.ok()) return start.status();
  replay->start = *std::move(start);
  replay->current = replay->start;
  replay->moves.clear();
  replay->moves.reserve(history.size());
  MoveParseError error;
  for (int i = 0; i < history.size(); ++i) {
    Move move;
    if (!history.Parse(replay->current, i, &move, &error))
      return history.ErrorAt(i, error);
    replay->current.MakeMove(move);
    replay->moves.push_back(move);
  }
  return absl::OkStatus();
}

absl::Status ReplayXiangqiCurrent(const v1::XiangqiPosition& position,
                                  absl::string_view field, int max_plies,
                                  XiangqiPositionCache* cache,
                                  Position* current, int* plies,
                                  Warnings* warnings) {
  const XiangqiHistory history(position, field);
  const int n = history.size();
  *plies = n;
  if (cache == nullptr || !cache->enabled()) {
    XiangqiReplay replay;
    absl::Status status =
        ReplayXiangqi(position, field, max_plies, &replay, warnings);
    if (status.ok()) *current = replay.current;
    return status;
  }
  CAIPAN_RETURN_IF_ERROR(history.CheckShape(max_plies));
  absl::StatusOr<Position> parsed = XiangqiStart(position, field, warnings);
  if (!parsed.ok()) return parsed.status();
  const Position& start = *parsed;
  // The key: the canonical FEN, then each move text, each preceded by its
  // length so that no two histories share a key; ends[k] is the key's length
  // for the first k moves. Two spellings of one start position share entries.
  // The usual start position's FEN is written once, not per call.
  static const std::string kStartFen = Position::Start().ToFen();
  const std::string fen = position.fen().empty() ? kStartFen : start.ToFen();
  std::string key;
  key.reserve(fen.size() + 4 + static_cast<size_t>(n) * 9);
  std::vector<size_t> ends(n + 1);
  const uint32_t fen_size = static_cast<uint32_t>(fen.size());
  key.append(reinterpret_cast<const char*>(&fen_size), sizeof(fen_size));
  key.append(fen);
  ends[0] = key.size();
  for (int i = 0; i < n; ++i) {
    history.AppendKey(i, &key);
    ends[i + 1] = key.size();
  }
  // A board's next request usually adds a move or two to one seen before.
  constexpr int kLookBack = 8;
  int from = -1;
  for (int k = n; k >= 1 && k >= n - kLookBack; --k) {
    if (cache->Lookup(absl::string_view(key.data(), ends[k]), current)) {
      from = k;
      break;
    }
  }
  if (from < 0) {
    *current = start;
    from = 0;
  }
  MoveParseError error;
  for (int i = from; i < n; ++i) {
    Move move;
    if (!history.Parse(*current, i, &move, &error))
      return history.ErrorAt(i, error);
    current->MakeMove(move);
  }
  if (from != n) cache->Insert(key, *current);
  return absl::OkStatus();
}

v1::Side ToProto(xiangqi::Color color) {
  return color == xiangqi::Color::kRed ? v1::SIDE_RED : v1::SIDE_BLACK;
}

v1::XiangqiGameState ToProto(xiangqi::GameState state) {
  switch (state) {
    case xiangqi::GameState::kNormal:
      return v1::XIANGQI_GAME_STATE_NORMAL;
    case xiangqi::GameState::kCheck:
      return v1::XIANGQI_GAME_STATE_CHECK;
    case xiangqi::GameState::kCheckmate:
      return v1::XIANGQI_GAME_STATE_CHECKMATE;
    case xiangqi::GameState::kStalemate:
      return v1::XIANGQI_GAME_STATE_STALEMATE;
  }
  return v1::XIANGQI_GAME_STATE_UNSPECIFIED;
}

bool DisplayNotation(v1::Notation notation, xiangqi::Notation* out) {
  switch (notation) {
    case v1::NOTATION_WXF:
      *out = xiangqi::Notation::kWxf;
      return true;
    case v1::NOTATION_CHINESE:
      *out = xiangqi::Notation::kChinese;
      return true;
    default:
      return false;
  }
}

std::string PieceLetter(xiangqi::Piece piece) {
  if (piece == xiangqi::kNoPiece) return "";
  return std::string(1, xiangqi::PieceToFenChar(piece));
}

}  // namespace caipan::rpc
