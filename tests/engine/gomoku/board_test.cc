// The bit-row board: windows along each direction, edges and run lengths.
#include "engine/gomoku/board.h"

#include "engine/gomoku/notation.h"
#include "gtest/gtest.h"

namespace caipan::gomoku {
namespace {

TEST(BoardTest, PlaceAndRemoveKeepCounts) {
  Board b;
  b.Place(kCentre, Color::kBlack);
  b.Place(Point{8, 8}, Color::kWhite);
  EXPECT_EQ(b.StoneCount(), 2);
  EXPECT_EQ(b.At(kCentre), Stone::kBlack);
  b.Remove(kCentre);
  EXPECT_TRUE(b.IsEmpty(kCentre));
  EXPECT_EQ(b.Count(Color::kBlack), 0);
  EXPECT_EQ(b.Count(Color::kWhite), 1);
}

TEST(BoardTest, WindowsInEveryDirection) {
  Board b = *ParseStones("B:g8,h9,i9,g9;W:i7");
  // Horizontal: g8 is offset -1 from h8 -> bit 4.
  EXPECT_EQ(b.OwnWindow(kCentre, 0, Color::kBlack), 1u << 4);
  // Vertical: h9 is offset +1 -> bit 6.
  EXPECT_EQ(b.OwnWindow(kCentre, 1, Color::kBlack), 1u << 6);
  // Diagonal: i9 offset +1.
  EXPECT_EQ(b.OwnWindow(kCentre, 2, Color::kBlack), 1u << 6);
  // Anti-diagonal (down-right): g9 is offset -1, white i7 offset +1.
  EXPECT_EQ(b.OwnWindow(kCentre, 3, Color::kBlack), 1u << 4);
  EXPECT_EQ(b.BlockedWindow(kCentre, 3, Color::kBlack), 1u << 6);
  EXPECT_EQ(b.OwnWindow(kCentre, 3, Color::kWhite), 1u << 6);
}

TEST(BoardTest, EdgesAreBlocked) {
  Board b;
  // a1 horizontally: offsets -5..-1 off board.
  EXPECT_EQ(b.BlockedWindow(Point{0, 0}, 0, Color::kBlack), 0x1fu);
  // b2 on the anti-diagonal (down-right): a3 is on board, offsets -5..-2 are
  // off; c1 on board, offsets +2.. off.
  EXPECT_EQ(b.BlockedWindow(Point{1, 1}, 3, Color::kBlack),
            0x0fu | (0x0fu << 7));
  // o15 diagonal: everything above is off board.
  EXPECT_EQ(b.BlockedWindow(Point{14, 14}, 2, Color::kWhite), 0x7c0u);
}

TEST(BoardTest, RunThroughCountsThePoint) {
  Board b = *ParseStones("B:d8,e8,f8,g8,i8;W:j8");
  EXPECT_EQ(b.RunThrough(kCentre, 0, Color::kBlack), 6);
  EXPECT_EQ(b.RunThrough(kCentre, 1, Color::kBlack), 1);
  EXPECT_EQ(b.RunThrough(kCentre, 0, Color::kWhite), 1);
  EXPECT_EQ(b.RunThrough(Point{8, 7}, 0, Color::kWhite), 2);  // i8 + j8
}

}  // namespace
}  // namespace caipan::gomoku
