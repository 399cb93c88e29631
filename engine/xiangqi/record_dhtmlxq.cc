// DhtmlXQ reader.
//
// A record is a run of [DhtmlXQ_name]value[/DhtmlXQ_name] tags, usually inside
// [DhtmlXQ]...[/DhtmlXQ]. Points are two digits x y: x = file 0-8 from Red's
// left (a-i), y = row 0-9 counted from Black's back rank, so the ICCS rank is
// 9 - y (炮二平五, h2e2, is "7747").
//   DhtmlXQ_binit     32 points, 64 digits, in slot order (red chariot, horse,
//                     elephant, advisor, king, advisor, elephant, horse,
//                     chariot, cannon, cannon, 5 pawns, then black the same);
//                     "99" = not on the board. Absent: the standard start.
//   DhtmlXQ_fen       a FEN, used instead of binit by some writers.
//   DhtmlXQ_movelist  the main line, 4 digits a move: from point, to point.
//   DhtmlXQ_move_*    variations; DhtmlXQ_comment*: comments (both skipped).
//   title, event, round, date, place, red, redteam, black, blackteam, open,
//   result (红胜 / 黑胜 / 和棋 ...): the game's description.
// Neither binit nor movelist says who moves first: the first move's piece
// does.
#include "engine/xiangqi/record_dhtmlxq.h"

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "engine/common/text.h"
#include "engine/xiangqi/record_setup.h"

namespace caipan::xiangqi {
namespace {

absl::string_view Sv(std::string_view s) { return {s.data(), s.size()}; }

// Whether `text` contains `needle` (ASCII letters in any case).
bool ContainsIgnoreCase(std::string_view text, std::string_view needle) {
  for (size_t i = 0; i + needle.size() <= text.size(); ++i) {
    if (absl::EqualsIgnoreCase(Sv(text.substr(i, needle.size())), Sv(needle))) {
      return true;
    }
  }
  return false;
}

// Finds tags in a text through its ASCII-lower-cased copy (same offsets).
class TagFinder {
 public:
  explicit TagFinder(std::string_view text)
      : text_(text),
        lower_(absl::AsciiStrToLower(Sv(text))),
        end_(lower_.size()) {
    // Only the first [DhtmlXQ]...[/DhtmlXQ] block counts.
    size_t open = lower_.find("[dhtmlxq]");
    if (open != std::string::npos) {
      begin_ = open;
      size_t close = lower_.find("[/dhtmlxq]", open);
      if (close != std::string::npos) end_ = close;
    }
  }

  // The value of [DhtmlXQ_<name>] (name in lower case), nullopt if absent; an
  // error when the closing tag is missing.
  absl::StatusOr<std::optional<std::string_view>> Find(
      std::string_view name) const {
    const std::string open = absl::StrCat("[dhtmlxq_", Sv(name), "]");
    const std::string close = absl::StrCat("[/dhtmlxq_", Sv(name), "]");
    const std::string_view area(lower_.data() + begin_, end_ - begin_);
    size_t start = area.find(open);
    if (start == std::string_view::npos) return std::nullopt;
    start += open.size();
    size_t stop = area.find(close, start);
    if (stop == std::string_view::npos) {
      return absl::InvalidArgumentError(absl::StrCat(
          "DhtmlXQ_", Sv(name), ": no closing [/DhtmlXQ_", Sv(name), "]"));
    }
    return text_.substr(begin_ + start, stop - start);
  }

 private:
  std::string_view text_;
  std::string lower_;
  size_t begin_ = 0;
  size_t end_;
};

std::string WithoutSpace(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (!absl::ascii_isspace(static_cast<unsigned char>(c))) out.push_back(c);
  }
  return out;
}

// Board square of a two-digit point, or kNoSquare when it is not one.
int SquareOfPoint(char x, char y) {
  if (x < '0' || x > '8' || y < '0' || y > '9') return kNoSquare;
  return MakeSquare(x - '0', 9 - (y - '0'));
}

absl::StatusOr<std::vector<Move>> ParseMoveList(std::string_view value) {
  const std::string digits = WithoutSpace(value);
  if (digits.size() % 4 != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("DhtmlXQ_movelist: ", digits.size(),
                     " characters, not a multiple of 4"));
  }
  if (digits.size() / 4 > static_cast<size_t>(kMaxDhtmlXqPlies)) {
    return absl::InvalidArgumentError(
        absl::StrCat("DhtmlXQ_movelist: ", digits.size() / 4,
                     " moves, more than the limit of ", kMaxDhtmlXqPlies));
  }
  std::vector<Move> moves;
  for (size_t i = 0; i < digits.size(); i += 4) {
    const int from = SquareOfPoint(digits[i], digits[i + 1]);
    const int to = SquareOfPoint(digits[i + 2], digits[i + 3]);
    if (from == kNoSquare || to == kNoSquare) {
      return absl::InvalidArgumentError(
          absl::StrCat("DhtmlXQ ply ", i / 4 + 1, ": ",
                       QuoteToken(std::string_view(digits).substr(i, 4)),
                       " is not two board points"));
    }
    moves.push_back(Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to)});
  }
  return moves;
}

absl::StatusOr<std::array<int, 32>> ParseBinit(std::string_view value) {
  const std::string digits = WithoutSpace(value);
  if (digits.size() != 64) {
    return absl::InvalidArgumentError(absl::StrCat(
        "DhtmlXQ_binit: ", digits.size(), " characters, expected 64 digits"));
  }
  std::array<int, 32> slots;
  for (int slot = 0; slot < 32; ++slot) {
    const char x = digits[2 * slot], y = digits[2 * slot + 1];
    if (x == '9' && y == '9') {
      slots[slot] = kNoSquare;
      continue;
    }
    slots[slot] = SquareOfPoint(x, y);
    if (slots[slot] == kNoSquare) {
      return absl::InvalidArgumentError(
          absl::StrCat("DhtmlXQ_binit: slot ", slot, " has ",
                       QuoteToken(std::string_view(digits).substr(2 * slot, 2)),
                       ", neither a board point nor 99"));
    }
  }
  return slots;
}

std::string ResultFromText(std::string_view text) {
  struct Name {
    std::string_view text;
    std::string_view result;
  };
  static constexpr Name kNames[] = {
      {"1-0", "1-0"},       {"0-1", "0-1"},      {"1/2-1/2", "1/2-1/2"},
      {"红胜", "1-0"},      {"红方胜", "1-0"},   {"红先胜", "1-0"},
      {"紅勝", "1-0"},      {"紅方勝", "1-0"},   {"紅先勝", "1-0"},
      {"黑胜", "0-1"},      {"黑方胜", "0-1"},   {"红先负", "0-1"},
      {"黑勝", "0-1"},      {"黑方勝", "0-1"},   {"紅先負", "0-1"},
      {"和棋", "1/2-1/2"},  {"和局", "1/2-1/2"}, {"红先和", "1/2-1/2"},
      {"紅先和", "1/2-1/2"}};
  for (const Name& name : kNames) {
    if (text == name.text) return std::string(name.result);
  }
  return "";
}

}  // namespace

bool LooksLikeDhtmlXq(std::string_view text) {
  for (std::string_view tag : {"[DhtmlXQ]", "[DhtmlXQ_movelist]",
                               "[DhtmlXQ_binit]", "[DhtmlXQ_fen]"}) {
    if (ContainsIgnoreCase(text, tag)) return true;
  }
  return false;
}

absl::StatusOr<GameRecord> ParseDhtmlXq(std::string_view text) {
  if (text.size() > kMaxDhtmlXqBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("DhtmlXQ: ", text.size(),
                     " bytes, more than the limit of ", kMaxDhtmlXqBytes));
  }
  if (!LooksLikeDhtmlXq(text)) {
    return absl::InvalidArgumentError("DhtmlXQ: no [DhtmlXQ] tags");
  }
  const TagFinder tags(text);

  absl::StatusOr<std::optional<std::string_view>> movelist =
      tags.Find("movelist");
  if (!movelist.ok()) return movelist.status();
  std::vector<Move> moves;
  if (movelist->has_value()) {
    absl::StatusOr<std::vector<Move>> parsed = ParseMoveList(**movelist);
    if (!parsed.ok()) return parsed.status();
    moves = *std::move(parsed);
  }
  const int first_from = moves.empty() ? kNoSquare : moves[0].from;

  absl::StatusOr<std::optional<std::string_view>> fen = tags.Find("fen");
  if (!fen.ok()) return fen.status();
  absl::StatusOr<std::optional<std::string_view>> binit = tags.Find("binit");
  if (!binit.ok()) return binit.status();
  absl::StatusOr<Position> start = Position::Start();
  if (fen->has_value() && !SplitTokens(**fen).empty()) {
    std::vector<std::string_view> fields = SplitTokens(**fen);
    if (fields.size() == 1) {
      start = PositionFromPlacement(fields[0], first_from, "DhtmlXQ_fen");
    } else {
      start = Position::FromFen(**fen);
      if (!start.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("DhtmlXQ_fen: ", start.status().message()));
      }
    }
    if (!start.ok()) return start.status();
  } else if (binit->has_value()) {
    absl::StatusOr<std::array<int, 32>> slots = ParseBinit(**binit);
    if (!slots.ok()) return slots.status();
    start = PositionFromSlots(*slots, first_from, "DhtmlXQ_binit");
    if (!start.ok()) return start.status();
  }
  CAIPAN_RETURN_IF_ERROR(CheckReplay(*start, moves, "DhtmlXQ"));

  GameRecord record;
  record.start_fen = start->ToFen();
  record.moves = std::move(moves);
  static constexpr std::pair<std::string_view, const char*> kTags[] = {
      {"title", "Title"},     {"event", "Event"},  {"round", "Round"},
      {"date", "Date"},       {"place", "Site"},   {"red", "Red"},
      {"redteam", "RedTeam"}, {"black", "Black"},  {"blackteam", "BlackTeam"},
      {"open", "Opening"},    {"result", "Result"}};
  for (const auto& [name, tag] : kTags) {
    // A description tag left unclosed is skipped, not fatal.
    absl::StatusOr<std::optional<std::string_view>> value = tags.Find(name);
    if (!value.ok() || !value->has_value()) continue;
    std::string clean(absl::StripAsciiWhitespace(Sv(**value)));
    if (name == "result") {
      record.result = ResultFromText(clean);
      clean = record.result;
    }
    if (!clean.empty()) record.tags.emplace_back(tag, std::move(clean));
  }
  return record;
}

}  // namespace caipan::xiangqi
