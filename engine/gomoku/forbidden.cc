// Forbidden-point classification: four table lookups per point, and the
// recursive three test only where two lines could hold a three.
#include "engine/gomoku/forbidden.h"

#include <bit>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/gomoku/pattern.h"

namespace caipan::gomoku {

const char* PointKindName(PointKind kind) {
  switch (kind) {
    case PointKind::kNone:
      return "none";
    case PointKind::kFive:
      return "five";
    case PointKind::kOverline:
      return "overline";
    case PointKind::kDoubleFour:
      return "double-four";
    case PointKind::kDoubleThree:
      return "double-three";
  }
  return "none";
}

PointKind ClassifyBlackMove(Board& board, Point p) {
  // Most points have too few black stones near them to be anything: a five,
  // overline or four needs three other black stones within four points on
  // one line, a three two within three points, and with no four, two threes
  // are needed.
  constexpr uint32_t kNear4 = 0x3de;  // offsets -4..-1, +1..+4
  int busy_lines = 0;
  bool strong = false;
  for (int d = 0; d < kNumDirections; ++d) {
    const int n = std::popcount(board.OwnWindow(p, d, Color::kBlack) & kNear4);
    strong = strong || n >= 3;
    busy_lines += n >= 2;
  }
  if (!strong && busy_lines < 2) return PointKind::kNone;

  LinePattern e[kNumDirections];
  for (int d = 0; d < kNumDirections; ++d) e[d] = BlackPattern(board, p, d);
  bool recursed;
  return ClassifyBlackMoveWithPatterns(board, p, e, &recursed);
}

PointKind ClassifyBlackMoveWithPatterns(Board& board, Point p,
                                        const LinePattern e[kNumDirections],
                                        bool* recursed) {
  const LineVerdict verdict = VerdictFromPatterns(e);
  *recursed = verdict == LineVerdict::kThreeTest;
  if (!*recursed) return KindOf(verdict);
  board.Place(p, Color::kBlack);
  const bool double_three =
      MakesDoubleThree(p, e, [&board](Point q, int /*dir*/, int /*offset*/) {
        return ClassifyBlackMove(board, q) == PointKind::kNone;
      });
  board.Remove(p);
  return double_three ? PointKind::kDoubleThree : PointKind::kNone;
}

absl::StatusOr<PointKind> ClassifyBlackPoint(const Board& board, Point p) {
  if (!Point::OnBoard(p.col, p.row)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "point (column ", p.col, ", row ", p.row, ") is off the board"));
  }
  if (!board.IsEmpty(p)) {
    return absl::FailedPreconditionError(
        absl::StrCat("point ", PointName(p), " is occupied"));
  }
  Board scratch = board;
  return ClassifyBlackMove(scratch, p);
}

ForbiddenMap ComputeForbiddenMap(const Board& board) {
  ForbiddenMap map;
  Board scratch = board;
  for (int i = 0; i < kNumPoints; ++i) {
    const Point p = Point::FromIndex(i);
    map[i] =
        scratch.IsEmpty(p) ? ClassifyBlackMove(scratch, p) : PointKind::kNone;
  }
  return map;
}

std::vector<ForbiddenPoint> ListForbiddenPoints(const Board& board) {
  const ForbiddenMap map = ComputeForbiddenMap(board);
  std::vector<ForbiddenPoint> out;
  for (int col = 0; col < kBoardSize; ++col) {
    for (int row = 0; row < kBoardSize; ++row) {
      const Point p{static_cast<int8_t>(col), static_cast<int8_t>(row)};
      if (IsForbiddenKind(map[p.index()])) out.push_back({p, map[p.index()]});
    }
  }
  return out;
}

}  // namespace caipan::gomoku
