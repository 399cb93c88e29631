// Cross-checks the table-driven forbidden-point classifier against the plain
// reference (reference_forbidden.h) on random clustered positions; and the
// incremental tracker against the from-scratch map along random games.
#include <algorithm>
#include <random>

#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/forbidden_tracker.h"
#include "engine/gomoku/notation.h"
#include "gtest/gtest.h"
#include "tests/engine/gomoku/reference_forbidden.h"

namespace caipan::gomoku {
namespace {

using testing::RandomPosition;
using testing::Ref;

TEST(ForbiddenReferenceTest, RandomPositionsAgreeWithReference) {
  std::mt19937 rng(4242);
  int forbidden_seen[5] = {};
  for (int n = 0; n < 400; ++n) {
    Ref ref;
    const int stones = 12 + static_cast<int>(rng() % 60);
    const double share = 0.5 + 0.2 * (rng() % 100) / 100.0;
    const double sigma = 1.8 + (rng() % 100) / 100.0;
    const Board board = RandomPosition(rng, stones, share, sigma, &ref);
    const ForbiddenMap map = ComputeForbiddenMap(board);
    for (int i = 0; i < kNumPoints; ++i) {
      const Point p = Point::FromIndex(i);
      if (!board.IsEmpty(p)) continue;
      const PointKind want = ref.Classify(p.col, p.row);
      ASSERT_EQ(map[i], want)
          << "position " << FormatStones(board) << " at " << PointName(p);
      ++forbidden_seen[static_cast<int>(want)];
    }
  }
  // The sample exercises every kind.
  for (int k = 1; k < 5; ++k) EXPECT_GT(forbidden_seen[k], 10) << k;
}

TEST(ForbiddenReferenceTest, TrackerMatchesFromScratchAlongRandomGames) {
  std::mt19937 rng(777);
  std::normal_distribution<double> pos(7.0, 2.5);
  for (int game = 0; game < 30; ++game) {
    ForbiddenTracker tracker;
    std::vector<Point> played;
    for (int move = 0; move < 90; ++move) {
      const int x = static_cast<int>(std::lround(pos(rng)));
      const int y = static_cast<int>(std::lround(pos(rng)));
      if (!Point::OnBoard(x, y)) continue;
      const Point p{static_cast<int8_t>(x), static_cast<int8_t>(y)};
      if (!tracker.board().IsEmpty(p)) continue;
      // Black a little more often, to grow forbidden shapes.
      tracker.Place(p, rng() % 5 < 3 ? Color::kBlack : Color::kWhite);
      played.push_back(p);
      ASSERT_EQ(tracker.map(), ComputeForbiddenMap(tracker.board()))
          << FormatStones(tracker.board());
    }
    // Take stones back in a scrambled order.
    std::shuffle(played.begin(), played.end(), rng);
    for (Point p : played) {
      tracker.Remove(p);
      ASSERT_EQ(tracker.map(), ComputeForbiddenMap(tracker.board()))
          << FormatStones(tracker.board());
    }
  }
}

}  // namespace
}  // namespace caipan::gomoku
