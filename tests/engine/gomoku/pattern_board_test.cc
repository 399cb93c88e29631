// The pattern board against the from-scratch classifier: patterns and answers
// at every point along random games with placements and removals (the
// forbidden-case table is checked on it in forbidden_cases_test.cc).
#include "engine/gomoku/pattern_board.h"

#include <cmath>
#include <random>
#include <vector>

#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/notation.h"
#include "engine/gomoku/pattern.h"
#include "gtest/gtest.h"

namespace caipan::gomoku {
namespace {

// Counts of what the checks met, so the test can insist the sample is rich.
struct Seen {
  int kinds[5] = {};
  // Straight-four points that need a recursive test of their own once the
  // three's point is played (the query's deepest path).
  int nested_three_tests = 0;
};

// Number of straight-four points of p (verdict kThreeTest) that are
// themselves kThreeTest with p played.
int NestedThreeTests(const PatternBoard& pb, Point p) {
  PatternBoard after = pb;
  after.Place(p, Color::kBlack);
  int n = 0;
  for (int d = 0; d < kNumDirections; ++d) {
    const LinePattern e = pb.Pattern(p, d);
    for (int k = 0; k < 7; ++k) {
      if (FourCount(e) != 0 || !(e & (1 << k))) continue;
      const int offset = k - kThreeCandidateOffset;
      const Point q{static_cast<int8_t>(p.col + offset * kDirCol[d]),
                    static_cast<int8_t>(p.row + offset * kDirRow[d])};
      n += after.Verdict(q) == LineVerdict::kThreeTest;
    }
  }
  return n;
}

// Every point of pb agrees with the plain board's patterns and classifier.
void ExpectAgrees(const PatternBoard& pb, Seen* seen) {
  Board scratch = pb.board();
  for (int i = 0; i < kNumPoints; ++i) {
    const Point p = Point::FromIndex(i);
    for (int d = 0; d < kNumDirections; ++d) {
      ASSERT_EQ(pb.Pattern(p, d), BlackPattern(scratch, p, d))
          << FormatStones(scratch) << " at " << PointName(p) << " dir " << d;
    }
    const PointKind want =
        scratch.IsEmpty(p) ? ClassifyBlackMove(scratch, p) : PointKind::kNone;
    ASSERT_EQ(pb.ClassifyBlack(p), want)
        << FormatStones(scratch) << " at " << PointName(p);
    ++seen->kinds[static_cast<int>(want)];
    if (pb.Verdict(p) == LineVerdict::kThreeTest) {
      seen->nested_three_tests += NestedThreeTests(pb, p);
    }
  }
}

TEST(PatternBoardTest, MatchesFromScratchAlongRandomGames) {
  std::mt19937 rng(20261202);
  Seen seen;
  for (int game = 0; game < 60; ++game) {
    const double sigma = 1.6 + (rng() % 100) / 80.0;
    std::normal_distribution<double> pos(7.0, sigma);
    PatternBoard pb;
    std::vector<Point> stones;
    for (int step = 0; step < 110; ++step) {
      // One step in five takes a random stone back.
      if (!stones.empty() && rng() % 5 == 0) {
        const size_t k = rng() % stones.size();
        pb.Remove(stones[k]);
        stones[k] = stones.back();
        stones.pop_back();
      } else {
        const int x = static_cast<int>(std::lround(pos(rng)));
        const int y = static_cast<int>(std::lround(pos(rng)));
        if (!Point::OnBoard(x, y)) continue;
        const Point p{static_cast<int8_t>(x), static_cast<int8_t>(y)};
        if (!pb.board().IsEmpty(p)) continue;
        pb.Place(p, rng() % 5 < 3 ? Color::kBlack : Color::kWhite);
        stones.push_back(p);
      }
      ASSERT_NO_FATAL_FAILURE(ExpectAgrees(pb, &seen));
    }
  }
  for (int k = 1; k < 5; ++k) EXPECT_GT(seen.kinds[k], 50) << k;
  EXPECT_GT(seen.nested_three_tests, 10);
}

TEST(PatternBoardTest, BuiltFromBoardEqualsBuiltStoneByStone) {
  std::mt19937 rng(5);
  std::normal_distribution<double> pos(7.0, 2.0);
  PatternBoard grown;
  for (int placed = 0; placed < 70;) {
    const int x = static_cast<int>(std::lround(pos(rng)));
    const int y = static_cast<int>(std::lround(pos(rng)));
    if (!Point::OnBoard(x, y)) continue;
    const Point p{static_cast<int8_t>(x), static_cast<int8_t>(y)};
    if (!grown.board().IsEmpty(p)) continue;
    grown.Place(p, placed % 3 == 2 ? Color::kWhite : Color::kBlack);
    ++placed;
  }
  const PatternBoard built(grown.board());
  for (int i = 0; i < kNumPoints; ++i) {
    const Point p = Point::FromIndex(i);
    EXPECT_EQ(built.Verdict(p), grown.Verdict(p)) << PointName(p);
    for (int d = 0; d < kNumDirections; ++d) {
      EXPECT_EQ(built.Pattern(p, d), grown.Pattern(p, d)) << PointName(p);
    }
  }
}

TEST(PatternBoardTest, RemovingFromAnEmptyPointChangesNothing) {
  PatternBoard pb;
  pb.Place(kCentre, Color::kBlack);
  const PatternBoard before = pb;
  pb.Remove(Point{3, 3});
  for (int i = 0; i < kNumPoints; ++i) {
    const Point p = Point::FromIndex(i);
    for (int d = 0; d < kNumDirections; ++d) {
      EXPECT_EQ(pb.Pattern(p, d), before.Pattern(p, d)) << PointName(p);
    }
  }
  EXPECT_EQ(pb.board().StoneCount(), 1);
}

TEST(PatternBoardTest, OccupiedPointIsNone) {
  // h8 would be a double-three; once black stands there it is no move.
  PatternBoard pb(*ParseStones("B:h9,h10,i9,j10"));
  EXPECT_EQ(pb.ClassifyBlack(Point{7, 7}), PointKind::kDoubleThree);
  pb.Place(Point{7, 7}, Color::kWhite);
  EXPECT_EQ(pb.ClassifyBlack(Point{7, 7}), PointKind::kNone);
  pb.Remove(Point{7, 7});
  EXPECT_EQ(pb.ClassifyBlack(Point{7, 7}), PointKind::kDoubleThree);
}

}  // namespace
}  // namespace caipan::gomoku
