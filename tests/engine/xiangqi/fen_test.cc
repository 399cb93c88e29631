// FEN parsing, formatting and validation (the digest's rules for impossible
// positions).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/xiangqi/position.h"

namespace caipan::xiangqi {
namespace {

using ::testing::HasSubstr;

std::string ErrorOf(std::string_view fen) {
  absl::StatusOr<Position> pos = Position::FromFen(fen);
  EXPECT_FALSE(pos.ok()) << fen << " should be rejected";
  if (pos.ok()) return "";
  EXPECT_EQ(pos.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(pos.status().message());
}

TEST(FenTest, StartPositionRoundTrips) {
  Position pos = Position::Start();
  EXPECT_EQ(pos.ToFen(), kStartFen);
  EXPECT_EQ(pos.SideToMove(), Color::kRed);
  EXPECT_EQ(*Position::FromFen("startpos"), pos);
}

TEST(FenTest, AcceptsAlternativeLettersAndShortForms) {
  // E/H for elephant/horse, 'r' for red to move, missing counters.
  absl::StatusOr<Position> pos = Position::FromFen(
      "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(pos->ToFen(), kStartFen);
  absl::StatusOr<Position> black = Position::FromFen(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7");
  ASSERT_TRUE(black.ok());
  EXPECT_EQ(black->SideToMove(), Color::kBlack);
  EXPECT_EQ(black->HalfmoveClock(), 3);
  EXPECT_EQ(black->FullmoveNumber(), 7);
  EXPECT_NE(black->Hash(), Position::Start().Hash())
      << "side to move is part of the hash";
}

TEST(FenTest, RejectsMalformedPlacement) {
  EXPECT_THAT(ErrorOf(""), HasSubstr("empty"));
  EXPECT_THAT(
      ErrorOf("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w"),
      HasSubstr("9 ranks"));
  EXPECT_THAT(
      ErrorOf("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w"),
      HasSubstr("unknown piece letter \"X\""));
  EXPECT_THAT(
      ErrorOf("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w"),
      HasSubstr("rank 0"));
  EXPECT_THAT(
      ErrorOf("rnbakabnr/9/1c5c1/p1p1p1p1p/8/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
      HasSubstr("rank 5"));
  EXPECT_THAT(
      ErrorOf("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
      HasSubstr("side to move"));
  EXPECT_THAT(ErrorOf("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/"
                      "RNBAKABNR w - - x 1"),
              HasSubstr("halfmove clock"));
}

TEST(FenTest, RejectsWrongPieceCounts) {
  EXPECT_THAT(ErrorOf("3k5/9/9/9/9/9/9/9/9/9 w"), HasSubstr("red has no king"));
  EXPECT_THAT(ErrorOf("9/9/9/9/9/9/9/9/9/4K4 w"),
              HasSubstr("black has no king"));
  EXPECT_THAT(ErrorOf("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"),
              HasSubstr("red has 3 chariots"));
  EXPECT_THAT(ErrorOf("3k5/9/9/2P1P1P2/P1P1P1P1P/9/9/9/9/4K4 w"),
              HasSubstr("red has 8 pawns"));
  EXPECT_THAT(ErrorOf("3kk4/9/9/9/9/9/9/9/9/4K4 w"),
              HasSubstr("black has 2 kings"));
}

TEST(FenTest, RejectsPiecesOnImpossiblePoints) {
  EXPECT_THAT(ErrorOf("3k5/9/9/9/9/9/9/9/9/2K6 w"),
              HasSubstr("red king on c0"));
  EXPECT_THAT(ErrorOf("3k5/9/9/9/9/9/9/9/9/3KA4 w"),
              HasSubstr("red advisor on e0"));
  EXPECT_THAT(ErrorOf("3k5/9/9/9/9/9/9/1B7/9/4K4 w"),
              HasSubstr("red elephant on b2"));
  EXPECT_TRUE(Position::FromFen("3k5/9/9/9/9/2B6/9/9/9/4K4 w").ok())
      << "c4 is an elephant point";
  EXPECT_THAT(ErrorOf("3k5/9/9/9/2B6/9/9/9/9/4K4 w"),
              HasSubstr("red elephant on c5"));
  EXPECT_THAT(ErrorOf("3k5/9/9/9/9/9/9/P8/9/4K4 w"),
              HasSubstr("red pawn on a2"));
  EXPECT_THAT(ErrorOf("3k5/9/p8/9/9/9/9/9/9/4K4 w"),
              HasSubstr("black pawn on a7"));
  EXPECT_THAT(ErrorOf("4k1a2/9/9/9/9/9/9/9/9/3K5 w"),
              HasSubstr("black advisor on g9"));
}

TEST(FenTest, RejectsSideNotToMoveInCheck) {
  // Black king on e9 attacked by the red chariot on e5, red to move.
  EXPECT_THAT(ErrorOf("4k4/9/9/9/4R4/9/9/9/9/3K5 w"),
              HasSubstr("black is not to move but is in check"));
  // Open file between the kings counts as check.
  EXPECT_THAT(ErrorOf("4k4/9/9/9/9/9/9/9/9/4K4 b"),
              HasSubstr("red is not to move"));
}

// Engines that also play drop variants write an empty holdings bracket
// (Fairy-Stockfish: `…/1p1K3R1[] w - - 0 1`); it is read leniently, with a
// warning, and a bracket holding pieces is refused.
TEST(FenTest, EmptyHoldingsBracketIsReadWithAWarning) {
  std::vector<std::string> warnings;
  absl::StatusOr<Position> pos = Position::FromFen(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1",
      &warnings);
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(*pos, Position::Start());
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_THAT(warnings[0], HasSubstr("holdings bracket"));
  EXPECT_TRUE(Position::FromFen("3k5/9/9/9/9/9/9/9/9/4K4[] b").ok())
      << "without a warnings list too";
  EXPECT_THAT(ErrorOf("3k5/9/9/9/9/9/9/9/9/4K4[P] w"),
              HasSubstr("holdings \"[P]\""));
  warnings.clear();
  ASSERT_TRUE(Position::FromFen(kStartFen, &warnings).ok());
  EXPECT_TRUE(warnings.empty());
}

}  // namespace
}  // namespace caipan::xiangqi
