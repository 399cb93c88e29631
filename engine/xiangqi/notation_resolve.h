// Shared by the WXF and Chinese notations: file numbering from the mover's
// side, the description of a move those notations give (piece, file or tandem
// selector, direction, number), resolving it against a position, and tandem
// facts for formatting.
#ifndef CAIPAN_ENGINE_XIANGQI_NOTATION_RESOLVE_H_
#define CAIPAN_ENGINE_XIANGQI_NOTATION_RESOLVE_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi::notation_internal {

// File number 1..9 counted from the right of side `c` (Red: file i = 1; Black:
// file a = 1).
constexpr int FileNumber(Color c, int file) {
  return c == Color::kRed ? 9 - file : file + 1;
}
constexpr int BoardFile(Color c, int number) {
  return c == Color::kRed ? 9 - number : number - 1;
}

// King, chariot, cannon and pawn count ranks when moving forward or back; the
// others name the destination file.
constexpr bool IsStraightMover(PieceType t) {
  return t == PieceType::kKing || t == PieceType::kChariot ||
         t == PieceType::kCannon || t == PieceType::kPawn;
}

enum class Direction { kForward, kBackward, kSideways };

// Which of several same pieces on one file is meant.
enum class Selector {
  // The file alone names the piece.
  kNone,
  // 前, "+" before or after the letter.
  kFront,
  // 后, "-"
  kRear,
  // 中; WXF "P3" (3 or 5 pawns) and "33"
  kMiddle,
  // 一二三四五 counted from the front (4 or 5 pawns)
  kOrdinal,
  // WXF "P+": the front pawn, or the second when a file holds 4 or 5
  kWxfPlus,
  // WXF "P-": the rear pawn, or the second from the rear of 4 or 5
  kWxfMinus,
  // WXF "++": the foremost of 4 or 5 pawns.
  kWxfFirst,
  // WXF "--": the rearmost of 4 or 5 pawns.
  kWxfLast,
};

struct MoveSpec {
  PieceType type = PieceType::kPawn;
  // 1..9 from the mover's right, 0 if the text gives none.
  int file_number = 0;
  Selector selector = Selector::kNone;
  // For kOrdinal, 1-based from the front.
  int ordinal = 0;
  // WXF: a plain file with 3 or 5 pawns names the middle one.
  bool wxf_middle_rule = false;
  Direction direction = Direction::kForward;
  // 1..9
  int number = 0;
};

// The legal move the description names. Error messages quote `token` first.
absl::StatusOr<Move> Resolve(const Position& pos, const MoveSpec& spec,
                             std::string_view token);

// Squares of side c's pieces of type t on board file `file`, front first.
std::vector<int> FileColumn(const Position& pos, Color c, PieceType t,
                            int file);

// Where the piece on `from` stands among its kind on its file, for formatting.
struct Tandem {
  // Same pieces on this file.
  int count = 1;
  // 0 = front.
  int index = 0;
  // Another file also holds two or more of them.
  bool other_file_multi = false;
};
Tandem TandemOf(const Position& pos, int from);

Direction DirectionOf(Color c, Move m);
// The notation's number for a move: ranks moved or destination file number.
int NumberOf(Color c, PieceType t, Move m);

// abseil's string_view is its own type in this build: StrCat needs it, not
// std::string_view.
inline absl::string_view AbslView(std::string_view s) {
  return {s.data(), s.size()};
}

// "illegal: <why>" for a move that is not legal, Position::CheckLegal's reason
// without its repetition of the move; with `show_move`, "illegal: h2e2: <why>".
std::string IllegalMessage(const Position& pos, Move m, bool show_move);

// "red chariot", "black pawn".
std::string PieceName(Color c, PieceType t);

}  // namespace caipan::xiangqi::notation_internal

#endif  // CAIPAN_ENGINE_XIANGQI_NOTATION_RESOLVE_H_
