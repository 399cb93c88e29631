// Forbidden-point classification: the digest's edge cases, each pinned by a
// position of its own, and the whole-board map.
#include "engine/gomoku/forbidden.h"

#include <string>

#include "engine/gomoku/notation.h"
#include "gtest/gtest.h"

namespace caipan::gomoku {
namespace {

PointKind Kind(const std::string& stones, const std::string& point) {
  absl::StatusOr<Board> b = ParseStones(stones);
  EXPECT_TRUE(b.ok()) << b.status();
  absl::StatusOr<PointKind> k = ClassifyBlackPoint(*b, *ParsePoint(point));
  EXPECT_TRUE(k.ok()) << k.status();
  return k.value_or(PointKind::kNone);
}

TEST(ForbiddenTest, KindNames) {
  EXPECT_STREQ(PointKindName(PointKind::kNone), "none");
  EXPECT_STREQ(PointKindName(PointKind::kFive), "five");
  EXPECT_STREQ(PointKindName(PointKind::kOverline), "overline");
  EXPECT_STREQ(PointKindName(PointKind::kDoubleFour), "double-four");
  EXPECT_STREQ(PointKindName(PointKind::kDoubleThree), "double-three");
  EXPECT_FALSE(IsForbiddenKind(PointKind::kFive));
  EXPECT_TRUE(IsForbiddenKind(PointKind::kDoubleThree));
}

TEST(ForbiddenTest, FiveWithOverlineInAnotherDirectionWins) {
  // d8-h8 exact five; h5-h10 would be six.
  EXPECT_EQ(Kind("B:d8,e8,f8,g8,h5,h6,h7,h9,h10", "h8"), PointKind::kFive);
}

TEST(ForbiddenTest, FiveWithDoubleFourOrDoubleThreeWins) {
  // Exact five plus fours vertically and diagonally.
  EXPECT_EQ(Kind("B:d8,e8,f8,g8,h9,h10,h11,i9,j10,k11", "h8"),
            PointKind::kFive);
  // Exact five plus open threes vertically and diagonally.
  EXPECT_EQ(Kind("B:d8,e8,f8,g8,h9,h10,i9,j10", "h8"), PointKind::kFive);
  // Without the five the same stones make a double-three.
  EXPECT_EQ(Kind("B:h9,h10,i9,j10", "h8"), PointKind::kDoubleThree);
}

TEST(ForbiddenTest, ThreeWhoseOnlyFourPointIsOverlineIsNotAThree) {
  // Row c8 . . f8 g8 [h8] . j8(W): the only open extension e8 leaves d8 as a
  // five point that would make c8-h8 six, so no straight four; with the
  // vertical three h8-h10 that is one three only.
  EXPECT_EQ(Kind("B:c8,f8,g8,h9,h10;W:j8", "h8"), PointKind::kNone);
  // Remove c8 and the row is a real three: double-three.
  EXPECT_EQ(Kind("B:f8,g8,h9,h10;W:j8", "h8"), PointKind::kDoubleThree);
}

TEST(ForbiddenTest, ThreeWhoseOnlyFourPointIsDoubleFourIsNotAThree) {
  // f8 _ h8 [i8]: the straight four needs g8, which is a double-four (g8-g11
  // and f8-i8), so the row is no three.
  EXPECT_EQ(Kind("B:g11,g10,k10,g9,j9,f8,h8", "i8"), PointKind::kNone);
}

TEST(ForbiddenTest, ThreeBlockedByTheEdge) {
  // Row a3..e3: b3 c3 d3 with a3 at the edge. With f3 white the row cannot
  // become a straight four; without it b3-e3 can.
  EXPECT_EQ(Kind("B:b4,b5,c3,d3;W:f3", "b3"), PointKind::kNone);
  EXPECT_EQ(Kind("B:b4,b5,c3,d3", "b3"), PointKind::kDoubleThree);
  // Threes pressed against the edge: a1 a2 [a3] can only grow to a1-a4,
  // whose lower end is off the board, and likewise [a3] b4 c5 to a3-d6; so
  // neither is a three and a3 is legal. One row up, a2 a3 [a4] can grow to
  // the straight four a2-a5 and is a three.
  EXPECT_EQ(Kind("B:a1,a2,b4,c5", "a3"), PointKind::kNone);
  EXPECT_EQ(Kind("B:a2,a3,d4,e4", "a4"), PointKind::kNone);
  EXPECT_EQ(Kind("B:a2,a3,c4,d4", "b4"), PointKind::kNone);
  EXPECT_EQ(Kind("B:a2,a3,c4,d4", "a4"), PointKind::kNone);
  EXPECT_EQ(Kind("B:b2,b3,c4,d4", "b4"), PointKind::kDoubleThree);
}

TEST(ForbiddenTest, ThreeWhoseExtensionAlsoMakesFiveIsNotAThree) {
  // f8 _ h8 i8: the straight four point g8 also completes g4-g8, so playing
  // there wins instead; the row is no three. Vertical h8-h10 is the only
  // three. (The digest's majority reading; one engine disagrees.)
  EXPECT_EQ(Kind("B:g4,g5,g6,g7,f8,i8,h9,h10;W:g3", "h8"), PointKind::kNone);
}

TEST(ForbiddenTest, TwoFoursInOneLine) {
  EXPECT_EQ(Kind("B:e8,g8,i8,k8", "h8"), PointKind::kDoubleFour);  // X.X(X)X.X
  EXPECT_EQ(Kind("B:e8,f8,i8,k8,l8", "h8"),
            PointKind::kDoubleFour);  // XX.X(X).XX
  EXPECT_EQ(Kind("B:d8,e8,f8,j8,k8,l8", "h8"),
            PointKind::kDoubleFour);  // XXX.(X).XXX
  // A straight four is one four only.
  EXPECT_EQ(Kind("B:f8,g8,i8", "h8"), PointKind::kNone);
}

TEST(ForbiddenTest, OverlineByFillingAGap) {
  EXPECT_EQ(Kind("B:c8,d8,e8,g8,h8", "f8"), PointKind::kOverline);
  EXPECT_EQ(Kind("B:d8,e8,f8,h8,i8,j8", "g8"), PointKind::kOverline);
}

TEST(ForbiddenTest, FourAndThreeIsLegal) {
  // Four f8-i8 (blocked by white e8) plus open three h7-h9 vertically.
  EXPECT_EQ(Kind("B:f8,g8,i8,h7,h9;W:e8", "h8"), PointKind::kNone);
}

TEST(ForbiddenTest, OccupiedPointIsAnError) {
  Board b = *ParseStones("B:h8");
  EXPECT_EQ(ClassifyBlackPoint(b, kCentre).status().code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(ForbiddenTest, OffBoardPointIsAnError) {
  EXPECT_EQ(ClassifyBlackPoint(Board(), Point{15, 0}).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(ClassifyBlackPoint(Board(), Point{3, -1}).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(ForbiddenTest, ClassifyRestoresTheBoard) {
  Board b = *ParseStones("B:g6,g7,h7,h9,i6,i9,j6,j9;W:g8,h11,k6,k9");
  const std::string before = FormatStones(b);
  ClassifyBlackMove(b, *ParsePoint("j7"));
  ClassifyBlackMove(b, *ParsePoint("h8"));
  EXPECT_EQ(FormatStones(b), before);
}

TEST(ForbiddenTest, MapListsOnlyForbiddenPointsSortedByColumn) {
  Board b = *ParseStones(
      "B:b1,b5,b8,b13,c1,c5,c7,c12,c14,d5,d6,d13,e1,f1,g1,k1,k11,l1,l12,l13,"
      "m1,m12,m14,n1,n13,n14,o15;W:l14,n12");
  std::string listed;
  for (const ForbiddenPoint& f : ListForbiddenPoints(b)) {
    listed += PointName(f.point) + " " + PointKindName(f.kind) + ";";
  }
  EXPECT_EQ(listed, "c13 double-three;d1 overline;e5 double-four;");
  const ForbiddenMap map = ComputeForbiddenMap(b);
  EXPECT_EQ(map[ParsePoint("b1")->index()], PointKind::kNone);  // occupied
}

}  // namespace
}  // namespace caipan::gomoku
