// Board symmetries and the self-symmetries of positions.
#include "engine/gomoku/symmetry.h"

#include <set>

#include "engine/gomoku/notation.h"
#include "gtest/gtest.h"

namespace caipan::gomoku {
namespace {

TEST(SymmetryTest, EightDistinctImagesOfAGenericPoint) {
  std::set<int> images;
  const Point p = *ParsePoint("i10");  // (1, 2) from h8
  for (int s = 0; s < kNumSymmetries; ++s)
    images.insert(ApplySymmetry(s, p).index());
  EXPECT_EQ(images.size(), 8u);
  EXPECT_EQ(ApplySymmetry(0, p), p);
  EXPECT_EQ(ApplySymmetry(1, p), *ParsePoint("g10"));  // left-right mirror
  EXPECT_EQ(ApplySymmetry(2, p), *ParsePoint("f9"));   // quarter turn
  for (int s = 0; s < kNumSymmetries; ++s) {
    EXPECT_EQ(ApplySymmetry(s, kCentre), kCentre);
  }
}

TEST(SymmetryTest, CornersStayOnTheBoard) {
  for (int s = 0; s < kNumSymmetries; ++s) {
    for (int i = 0; i < kNumPoints; ++i) {
      const Point q = ApplySymmetry(s, Point::FromIndex(i));
      EXPECT_TRUE(Point::OnBoard(q.col, q.row));
    }
  }
}

TEST(SymmetryTest, PositionSymmetries) {
  EXPECT_EQ(PositionSymmetries(Board()), 0xff);
  // D1 (h8 h9 h10) is symmetric under the left-right mirror only.
  EXPECT_EQ(PositionSymmetries(*ParseStones("B:h8,h10;W:h9")), 0b11);
  // I1 + W4 on g7: the a1-o15 diagonal is an axis.
  const uint8_t diag = PositionSymmetries(*ParseStones("B:h8,j10;W:i9,g7"));
  EXPECT_EQ(__builtin_popcount(diag), 2);
  EXPECT_TRUE(EquivalentUnder(diag, *ParsePoint("i10"), *ParsePoint("j9")));
  EXPECT_FALSE(EquivalentUnder(diag, *ParsePoint("i10"), *ParsePoint("g9")));
  // No symmetry but the identity.
  EXPECT_EQ(PositionSymmetries(*ParseStones("B:h8,i10;W:h9,j7")), 0b1);
}

}  // namespace
}  // namespace caipan::gomoku
