#include "engine/xiangqi/notation_resolve.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/xiangqi/notation.h"

namespace caipan::xiangqi::notation_internal {
namespace {

absl::Status Error(std::string_view token, std::string_view reason) {
  return absl::InvalidArgumentError(
      absl::StrCat(QuoteToken(token), ": ", AbslView(reason)));
}

const char* TypeName(PieceType t) {
  switch (t) {
    case PieceType::kKing:
      return "king";
    case PieceType::kAdvisor:
      return "advisor";
    case PieceType::kElephant:
      return "elephant";
    case PieceType::kHorse:
      return "horse";
    case PieceType::kChariot:
      return "chariot";
    case PieceType::kCannon:
      return "cannon";
    case PieceType::kPawn:
      return "pawn";
  }
  return "piece";
}

// +1 if "forward" for side c increases the rank.
int ForwardSign(Color c) { return c == Color::kRed ? 1 : -1; }

// Index into a front-first column of `count` pieces, or -1 if the selector does
// not fit.
int SelectIndex(Selector s, int ordinal, int count) {
  switch (s) {
    case Selector::kNone:
      return -1;
    case Selector::kFront:
      return 0;
    case Selector::kRear:
      return count - 1;
    case Selector::kMiddle:
      return count % 2 == 1 && count >= 3 ? count / 2 : -1;
    case Selector::kOrdinal:
      return ordinal >= 1 && ordinal <= count ? ordinal - 1 : -1;
    case Selector::kWxfPlus:
      return count >= 4 ? 1 : 0;
    case Selector::kWxfMinus:
      return count >= 4 ? count - 2 : count - 1;
    case Selector::kWxfFirst:
      return count >= 4 ? 0 : -1;
    case Selector::kWxfLast:
      return count >= 4 ? count - 1 : -1;
  }
  return -1;
}

// Destination of the described move for the piece on `from`, if it is on the
// board and the piece's geometry allows such a move at all (legality is checked
// later).
std::optional<int> Target(Color c, const MoveSpec& spec, int from) {
  int file = FileOf(from), rank = RankOf(from);
  int sign = ForwardSign(c) * (spec.direction == Direction::kBackward ? -1 : 1);
  if (spec.number < 1 || spec.number > 9) return std::nullopt;
  if (spec.direction == Direction::kSideways) {
    if (!IsStraightMover(spec.type)) return std::nullopt;
    int to_file = BoardFile(c, spec.number);
    if (to_file == file) return std::nullopt;
    return MakeSquare(to_file, rank);
  }
  if (IsStraightMover(spec.type)) {
    int to_rank = rank + sign * spec.number;
    if (to_rank < 0 || to_rank >= kRanks) return std::nullopt;
    return MakeSquare(file, to_rank);
  }
  int to_file = BoardFile(c, spec.number);
  int df = std::abs(to_file - file);
  int dr = 0;
  switch (spec.type) {
    case PieceType::kHorse:
      dr = df == 1 ? 2 : df == 2 ? 1 : 0;
      break;
    case PieceType::kElephant:
      dr = df == 2 ? 2 : 0;
      break;
    case PieceType::kAdvisor:
      dr = df == 1 ? 1 : 0;
      break;
    case PieceType::kKing:
    case PieceType::kChariot:
    case PieceType::kCannon:
    case PieceType::kPawn:
      break;
  }
  if (dr == 0) return std::nullopt;
  int to_rank = rank + sign * dr;
  if (to_rank < 0 || to_rank >= kRanks) return std::nullopt;
  return MakeSquare(to_file, to_rank);
}

// The pieces the description's file/selector part can mean, or an error.
absl::StatusOr<std::vector<int>> Candidates(const Position& pos,
                                            const MoveSpec& spec,
                                            std::string_view token) {
  Color c = pos.SideToMove();
  std::string name = PieceName(c, spec.type);
  std::vector<int> out;
  if (spec.selector == Selector::kNone) {
    if (spec.file_number < 1 || spec.file_number > 9)
      return Error(token, "no file given");
    std::vector<int> column =
        FileColumn(pos, c, spec.type, BoardFile(c, spec.file_number));
    if (column.empty()) {
      return Error(token,
                   absl::StrCat("no ", name, " on file ", spec.file_number));
    }
    int n = static_cast<int>(column.size());
    if (spec.wxf_middle_rule && spec.type == PieceType::kPawn &&
        (n == 3 || n == 5)) {
      out.push_back(column[n / 2]);
    } else {
      out = column;
    }
    return out;
  }
  int first = 0, last = kFiles - 1;
  if (spec.file_number != 0) {
    if (spec.file_number < 1 || spec.file_number > 9)
      return Error(token, "bad file number");
    first = last = BoardFile(c, spec.file_number);
  }
  bool any_tandem = false;
  for (int f = first; f <= last; ++f) {
    std::vector<int> column = FileColumn(pos, c, spec.type, f);
    if (column.size() < 2) continue;
    any_tandem = true;
    int index = SelectIndex(spec.selector, spec.ordinal,
                            static_cast<int>(column.size()));
    if (index >= 0) out.push_back(column[index]);
  }
  if (!any_tandem) {
    if (spec.file_number != 0) {
      return Error(token, absl::StrCat("fewer than two ", name, "s on file ",
                                       spec.file_number));
    }
    return Error(token, absl::StrCat("no two ", name, "s share a file"));
  }
  if (out.empty()) {
    return Error(
        token,
        absl::StrCat("the front/rear/order word fits no file of ", name, "s"));
  }
  return out;
}

}  // namespace

std::string PieceName(Color c, PieceType t) {
  return absl::StrCat(c == Color::kRed ? "red " : "black ", TypeName(t));
}

std::string IllegalMessage(const Position& pos, Move m, bool show_move) {
  absl::Status why = pos.CheckLegal(m);
  std::string iccs = ToIccs(m);
  std::string reason = why.ok() ? "not legal here" : std::string(why.message());
  std::string repeated = iccs + " is illegal: ";
  if (reason.compare(0, repeated.size(), repeated) == 0)
    reason.erase(0, repeated.size());
  return show_move ? absl::StrCat("illegal: ", iccs, ": ", reason)
                   : "illegal: " + reason;
}

std::vector<int> FileColumn(const Position& pos, Color c, PieceType t,
                            int file) {
  std::vector<int> column;
  Piece want = MakePiece(c, t);
  for (int rank = 0; rank < kRanks; ++rank) {
    int sq = MakeSquare(file, rank);
    if (pos.PieceAt(sq) == want) column.push_back(sq);
  }
  // Red's front is the higher rank.
  if (c == Color::kRed) std::reverse(column.begin(), column.end());
  return column;
}

Tandem TandemOf(const Position& pos, int from) {
  Piece p = pos.PieceAt(from);
  Color c = ColorOf(p);
  PieceType t = TypeOf(p);
  Tandem tandem;
  std::vector<int> column = FileColumn(pos, c, t, FileOf(from));
  tandem.count = static_cast<int>(column.size());
  for (int i = 0; i < tandem.count; ++i) {
    if (column[i] == from) tandem.index = i;
  }
  for (int f = 0; f < kFiles; ++f) {
    if (f != FileOf(from) && FileColumn(pos, c, t, f).size() >= 2)
      tandem.other_file_multi = true;
  }
  return tandem;
}

Direction DirectionOf(Color c, Move m) {
  int dr = (RankOf(m.to) - RankOf(m.from)) * ForwardSign(c);
  if (dr > 0) return Direction::kForward;
  if (dr < 0) return Direction::kBackward;
  return Direction::kSideways;
}

int NumberOf(Color c, PieceType t, Move m) {
  if (DirectionOf(c, m) != Direction::kSideways && IsStraightMover(t)) {
    return std::abs(RankOf(m.to) - RankOf(m.from));
  }
  return FileNumber(c, FileOf(m.to));
}

absl::StatusOr<Move> Resolve(const Position& pos, const MoveSpec& spec,
                             std::string_view token) {
  Color c = pos.SideToMove();
  absl::StatusOr<std::vector<int>> candidates = Candidates(pos, spec, token);
  if (!candidates.ok()) return candidates.status();
  std::vector<Move> geometric, legal;
  for (int from : *candidates) {
    std::optional<int> to = Target(c, spec, from);
    if (!to) continue;
    Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(*to)};
    geometric.push_back(m);
    if (pos.IsLegal(m)) legal.push_back(m);
  }
  if (legal.size() == 1) return legal.front();
  std::string name = PieceName(c, spec.type);
  if (legal.size() > 1) {
    return Error(token,
                 absl::StrCat("ambiguous: ", legal.size(), " ", name,
                              "s can make this move",
                              spec.selector == Selector::kNone
                                  ? " (name the piece with front/rear, 前/后)"
                                  : " (give the file too)"));
  }
  if (geometric.empty()) {
    int file = FileNumber(c, FileOf(candidates->front()));
    if (candidates->size() == 1) {
      return Error(token, absl::StrCat("the ", name, " on file ", file,
                                       " cannot move that way"));
    }
    return Error(token, absl::StrCat("no ", name, " there can move that way"));
  }
  if (geometric.size() == 1) {
    return WithNamedMove(Error(token, IllegalMessage(pos, geometric.front(),
                                                     /*show_move=*/true)),
                         geometric.front());
  }
  return Error(
      token, absl::StrCat("illegal: none of the ", geometric.size(), " ", name,
                          "s it may mean can make this move"));
}

}  // namespace caipan::xiangqi::notation_internal
