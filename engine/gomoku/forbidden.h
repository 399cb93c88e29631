// Black's forbidden points under the renju rules (Chinese and RIF): what a
// black stone on an empty point makes, with the fully recursive three test,
// and the map of every forbidden point of a position.
#ifndef CAIPAN_ENGINE_GOMOKU_FORBIDDEN_H_
#define CAIPAN_ENGINE_GOMOKU_FORBIDDEN_H_

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/gomoku/board.h"
#include "engine/gomoku/pattern.h"
#include "engine/gomoku/types.h"

namespace caipan::gomoku {

// What a black stone on a point makes. When several apply, the first in this
// order wins: five (an exact five wins even if it also makes an overline,
// fours or threes elsewhere), overline, double-four, double-three.
enum class PointKind : uint8_t {
  kNone = 0,
  kFive,
  kOverline,
  kDoubleFour,
  kDoubleThree,
};

// "none", "five", "overline", "double-four", "double-three".
const char* PointKindName(PointKind kind);
constexpr bool IsForbiddenKind(PointKind kind) {
  return kind == PointKind::kOverline || kind == PointKind::kDoubleFour ||
         kind == PointKind::kDoubleThree;
}

// What black's four line patterns at a point decide by themselves: the
// point's kind when it is none, five, overline or double-four, or kThreeTest
// when two lines may hold a three and only the recursive test can tell.
// The first four values equal PointKind's.
enum class LineVerdict : uint8_t {
  kNone = 0,
  kFive,
  kOverline,
  kDoubleFour,
  kThreeTest,
};
// The four patterns of a point as one word, direction d in bits 16d..16d+15,
// so the verdict below tests all four lines at once.
inline uint64_t PackPatterns(const LinePattern e[kNumDirections]) {
  uint64_t x;
  std::memcpy(&x, e, sizeof x);
  return x;
}
inline constexpr uint64_t kEachLine = 0x0001000100010001;

// Number of lines that may hold a three: the line has a straight-four point
// and no four (a line counts once, as its strongest shape).
inline int ThreeLineCount(uint64_t packed) {
  // Per line: candidates (at most 0x7f) plus 0x7f reaches bit 7 if any; a
  // four count (at most 2) plus 3 reaches bit 2 if any.
  const uint64_t candidates = packed & (kThreeCandidatesMask * kEachLine);
  const uint64_t fours = (packed >> kFourShift) & (3 * kEachLine);
  const uint64_t has_candidates =
      ((candidates + kThreeCandidatesMask * kEachLine) >> 7) & kEachLine;
  const uint64_t has_four = ((fours + 3 * kEachLine) >> 2) & kEachLine;
  return std::popcount(has_candidates & ~has_four);
}
inline int ThreeLineCount(const LinePattern e[kNumDirections]) {
  return ThreeLineCount(PackPatterns(e));
}

// The verdict of a point's four patterns; inline, as it runs for every
// point of a whole-board map and every point a stone touches.
inline LineVerdict VerdictFromPatterns(const LinePattern e[kNumDirections]) {
  const uint64_t packed = PackPatterns(e);
  uint64_t any = packed | packed >> 32;
  any |= any >> 16;
  if (any & kFiveBit) return LineVerdict::kFive;
  if (any & kOverlineBit) return LineVerdict::kOverline;
  // The multiply adds the four lines' counts into the top line.
  const uint64_t fours = (packed >> kFourShift) & (3 * kEachLine);
  if (((fours * kEachLine) >> 48) >= 2) return LineVerdict::kDoubleFour;
  return ThreeLineCount(packed) >= 2 ? LineVerdict::kThreeTest
                                     : LineVerdict::kNone;
}
// The point kind of a verdict other than kThreeTest.
constexpr PointKind KindOf(LineVerdict v) { return static_cast<PointKind>(v); }

// Whether black on p makes two threes: p's lines that may hold a three
// (patterns e) are threes only if one of their straight-four points q is a
// legal black move that is not a five with p played, which
// `four_point_is_free(q, dir, offset)` tells (offset: q's steps from p along
// dir). Stops as soon as the answer is known.
template <typename FourPointIsFree>
bool MakesDoubleThree(Point p, const LinePattern e[kNumDirections],
                      FourPointIsFree four_point_is_free) {
  int three_lines = ThreeLineCount(e);
  int threes = 0;
  for (int d = 0; d < kNumDirections && threes < 2 && threes + three_lines >= 2;
       ++d) {
    const unsigned candidates = e[d] & kThreeCandidatesMask;
    if (FourCount(e[d]) != 0 || candidates == 0) continue;
    --three_lines;
    for (int k = 0; k < 7; ++k) {
      if (!(candidates & (1u << k))) continue;
      const int offset = k - kThreeCandidateOffset;
      const Point q{static_cast<int8_t>(p.col + offset * kDirCol[d]),
                    static_cast<int8_t>(p.row + offset * kDirRow[d])};
      if (four_point_is_free(q, d, offset)) {
        ++threes;
        break;
      }
    }
  }
  return threes >= 2;
}

// Classifies black playing on the empty point p. The board is used as scratch
// space for the recursive three test and is restored before returning.
PointKind ClassifyBlackMove(Board& board, Point p);

// Same, given black's four line patterns at p (see pattern.h). Sets
// *recursed if the recursive three test ran, i.e. if the answer depends on
// more than the four windows around p.
PointKind ClassifyBlackMoveWithPatterns(Board& board, Point p,
                                        const uint16_t patterns[kNumDirections],
                                        bool* recursed);

// Same, on a copy; fails if p is occupied.
absl::StatusOr<PointKind> ClassifyBlackPoint(const Board& board, Point p);

// The kind of every point for black (kNone on occupied points).
using ForbiddenMap = std::array<PointKind, kNumPoints>;
ForbiddenMap ComputeForbiddenMap(const Board& board);

struct ForbiddenPoint {
  Point point;
  PointKind kind;
};
// The forbidden points of a position, sorted by column, then row
// (a1, a2, ..., a15, b1, ...).
std::vector<ForbiddenPoint> ListForbiddenPoints(const Board& board);

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_FORBIDDEN_H_
