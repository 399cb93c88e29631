// Point and stone-list parsing: accepted forms and the errors for bad input.
#include "engine/gomoku/notation.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::gomoku {
namespace {

using ::testing::HasSubstr;

TEST(ParsePointTest, CornersCentreAndUpperCase) {
  EXPECT_EQ(*ParsePoint("a1"), (Point{0, 0}));
  EXPECT_EQ(*ParsePoint("o15"), (Point{14, 14}));
  EXPECT_EQ(*ParsePoint("h8"), kCentre);
  EXPECT_EQ(*ParsePoint("H8"), kCentre);
  EXPECT_EQ(PointName(Point{14, 14}), "o15");
}

TEST(ParsePointTest, OffBoardIsOutOfRange) {
  for (const char* text : {"p8", "z1", "h16", "h0", "a100", "A99999999999"}) {
    absl::StatusOr<Point> p = ParsePoint(text);
    EXPECT_EQ(p.status().code(), absl::StatusCode::kOutOfRange) << text;
    EXPECT_THAT(p.status().message(), HasSubstr("off the board")) << text;
  }
}

TEST(ParsePointTest, MalformedIsInvalidArgument) {
  for (const char* text :
       {"", "8h", "h", "hh8", "h8x", "h08", "h-1", "h 8", "\xff"}) {
    EXPECT_EQ(ParsePoint(text).status().code(),
              absl::StatusCode::kInvalidArgument)
        << text;
  }
}

TEST(ParseStonesTest, SectionsInAnyOrderAndCase) {
  absl::StatusOr<Board> b = ParseStones(" w: h9 ; B:h8, I9 ;");
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(b->At(Point{7, 8}), Stone::kWhite);
  EXPECT_EQ(b->At(Point{7, 7}), Stone::kBlack);
  EXPECT_EQ(b->At(Point{8, 8}), Stone::kBlack);
  EXPECT_EQ(b->Count(Color::kBlack), 2);
  EXPECT_EQ(b->Count(Color::kWhite), 1);
  EXPECT_EQ(FormatStones(*b), "B:h8,i9;W:h9");
}

TEST(ParseStonesTest, EmptySectionsAllowed) {
  absl::StatusOr<Board> b = ParseStones("B:;W:");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->StoneCount(), 0);
}

TEST(ParseStonesTest, ErrorsNameTheFault) {
  EXPECT_THAT(ParseStones("").status().message(), HasSubstr("empty"));
  EXPECT_THAT(ParseStones("h8,i9").status().message(),
              HasSubstr("must start with"));
  EXPECT_THAT(ParseStones("R:h8").status().message(), HasSubstr("\"R:h8\""));
  EXPECT_THAT(ParseStones("B:h8,,i9").status().message(),
              HasSubstr("empty point"));
  EXPECT_THAT(ParseStones("B:h8;W:h8").status().message(),
              HasSubstr("h8 is given twice"));
  EXPECT_THAT(ParseStones("B:h8,q3").status().message(), HasSubstr("\"q3\""));
}

TEST(CheckAlternatingCountsTest, BlackEqualOrOneMore) {
  EXPECT_TRUE(CheckAlternatingCounts(*ParseStones("B:;W:")).ok());
  EXPECT_TRUE(CheckAlternatingCounts(*ParseStones("B:h8;W:")).ok());
  EXPECT_TRUE(CheckAlternatingCounts(*ParseStones("B:h8;W:h9")).ok());
  EXPECT_THAT(CheckAlternatingCounts(*ParseStones("B:h8,h10;W:")).message(),
              HasSubstr("impossible position"));
  EXPECT_FALSE(CheckAlternatingCounts(*ParseStones("B:h8;W:h9,h10")).ok());
}

}  // namespace
}  // namespace caipan::gomoku
