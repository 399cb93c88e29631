// The reference cross-check on many more random positions (label "slow").
#include <random>

#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/notation.h"
#include "gtest/gtest.h"
#include "tests/engine/gomoku/reference_forbidden.h"

namespace caipan::gomoku {
namespace {

TEST(ForbiddenReferenceSlowTest, TwentyThousandPositions) {
  std::mt19937 rng(20260101);
  long checked = 0;
  for (int n = 0; n < 20000; ++n) {
    testing::Ref ref;
    const int stones = 8 + static_cast<int>(rng() % 90);
    const double share = 0.5 + 0.25 * (rng() % 100) / 100.0;
    const double sigma = 1.5 + 2.0 * (rng() % 100) / 100.0;
    const Board board =
        testing::RandomPosition(rng, stones, share, sigma, &ref);
    const ForbiddenMap map = ComputeForbiddenMap(board);
    for (int i = 0; i < kNumPoints; ++i) {
      const Point p = Point::FromIndex(i);
      if (!board.IsEmpty(p)) continue;
      ASSERT_EQ(map[i], ref.Classify(p.col, p.row))
          << "position " << FormatStones(board) << " at " << PointName(p);
      ++checked;
    }
  }
  EXPECT_GT(checked, 3000000);
}

}  // namespace
}  // namespace caipan::gomoku
