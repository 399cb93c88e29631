// Piece rules at the board's edges, river and palace; flying general; cannon
// screens; checkmate and stalemate.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::MustParse;
using testing::Mv;
using testing::TargetsFrom;

TEST(MoveGenTest, ChariotSlidesToEdgesAndCapturesFirstPiece) {
  // Red chariot a0, red king e0, black king d9, black horse a5.
  Position pos = MustParse("3k5/9/9/9/n8/9/9/9/9/R3K4 w");
  EXPECT_THAT(TargetsFrom(pos, "a0"),
              ElementsAre("a1", "a2", "a3", "a4", "a5", "b0", "c0", "d0"));
}

TEST(MoveGenTest, CannonNeedsExactlyOneScreenToCapture) {
  // Red cannon b2: b5 (black pawn) screens b7 (black horse); the red advisor on
  // d2 stops the slide to the right and nothing stands behind it to capture.
  Position pos = MustParse("3k5/9/1n7/9/1p7/9/9/1C1A5/9/4K4 w");
  EXPECT_THAT(TargetsFrom(pos, "b2"),
              ElementsAre("a2", "b0", "b1", "b3", "b4", "b7", "c2"));
  // Without a screen the cannon cannot capture the pawn it faces.
  Position no_screen = MustParse("3k5/9/9/9/1p7/9/9/1C7/9/4K4 w");
  EXPECT_THAT(TargetsFrom(no_screen, "b2"),
              ::testing::Not(::testing::Contains("b5")));
  EXPECT_THAT(no_screen.CheckLegal(Mv("b2b5")).message(),
              HasSubstr("exactly one piece"));
}

TEST(MoveGenTest, HorseLegBlocksAndBoardEdges) {
  // Red horse in the corner a0 reaches b2 and c1; a red chariot on a1 blocks
  // the leg to b2.
  Position pos = MustParse("3k5/9/9/9/9/9/9/9/R8/N3K4 w");
  EXPECT_THAT(TargetsFrom(pos, "a0"), ElementsAre("c1"));
  EXPECT_THAT(pos.CheckLegal(Mv("a0b2")).message(),
              HasSubstr("leg at a1 is blocked"));
  Position open = MustParse("3k5/9/9/9/9/9/9/9/9/N3K4 w");
  EXPECT_THAT(TargetsFrom(open, "a0"), ElementsAre("b2", "c1"));
}

TEST(MoveGenTest, ElephantStaysOnItsSideAndRespectsTheEye) {
  // Red elephant c4 next to the river: only c4->a2, c4->e2 (not a6/e6); eye d3
  // blocked.
  Position pos = MustParse("3k5/9/9/9/9/2B6/3P5/9/9/4K4 w");
  EXPECT_THAT(TargetsFrom(pos, "c4"), ElementsAre("a2"));
  EXPECT_THAT(pos.CheckLegal(Mv("c4e2")).message(),
              HasSubstr("eye at d3 is blocked"));
  EXPECT_THAT(pos.CheckLegal(Mv("c4e6")).message(),
              HasSubstr("may not cross the river"));
}

TEST(MoveGenTest, AdvisorAndKingStayInThePalace) {
  Position pos = MustParse("3k5/9/9/9/9/9/9/9/9/3AK4 w");
  EXPECT_THAT(TargetsFrom(pos, "d0"), ElementsAre("e1"));
  EXPECT_THAT(pos.CheckLegal(Mv("d0c1")).message(),
              HasSubstr("may not leave its palace"));
  // King e0: d0 holds its advisor; e1 and f0 are free and face no king.
  EXPECT_THAT(TargetsFrom(pos, "e0"), ElementsAre("e1", "f0"));
  Position corner = MustParse("5k3/9/9/9/9/9/9/9/9/3K5 w");
  EXPECT_THAT(TargetsFrom(corner, "d0"), ElementsAre("d1", "e0"));
  EXPECT_THAT(corner.CheckLegal(Mv("d0c0")).message(),
              HasSubstr("may not leave its palace"));
}

TEST(MoveGenTest, KingsMayNotFaceEachOther) {
  // Black king f9, red king d0: moving to f0 or e0 is fine unless the file is
  // open to f9.
  Position pos = MustParse("5k3/9/9/9/9/9/9/9/9/4K4 w");
  EXPECT_THAT(TargetsFrom(pos, "e0"), ElementsAre("d0", "e1"));
  EXPECT_THAT(pos.CheckLegal(Mv("e0f0")).message(),
              HasSubstr("kings would face each other"));
  // A piece standing between the kings may not leave the file.
  Position screen = MustParse("4k4/9/9/9/9/4C4/9/9/9/4K4 w");
  EXPECT_THAT(TargetsFrom(screen, "e4"),
              ElementsAre("e1", "e2", "e3", "e5", "e6", "e7", "e8"));
}

TEST(MoveGenTest, PawnsMoveForwardThenSideways) {
  // Red pawn a3 (own side): forward only. Red pawn e5 (crossed): forward and
  // sideways. Red pawn c9 (last rank): sideways only.
  Position pos = MustParse("2P1k4/9/9/9/4P4/9/P8/9/9/3K5 w");
  EXPECT_THAT(TargetsFrom(pos, "a3"), ElementsAre("a4"));
  EXPECT_THAT(TargetsFrom(pos, "e5"), ElementsAre("d5", "e6", "f5"));
  EXPECT_THAT(TargetsFrom(pos, "c9"), ElementsAre("b9", "d9"));
  EXPECT_THAT(pos.CheckLegal(Mv("a3b3")).message(),
              HasSubstr("sideways only after crossing"));
  // Black pawn moves downwards.
  Position black = MustParse("3k5/9/9/4p4/9/9/9/9/9/5K3 b");
  EXPECT_THAT(TargetsFrom(black, "e6"), ElementsAre("e5"));
}

TEST(MoveGenTest, CheckmateAndStalemateBothEndTheGame) {
  // Black king d9 checked by the red chariot on d5: d8 stays on the chariot's
  // file and e9 would face the red king on the open e-file.
  Position mate = MustParse("3k5/9/9/9/3R5/9/9/9/9/4K4 b");
  EXPECT_EQ(mate.State(), GameState::kCheckmate);
  // Black king d9 with no moves and no check: stalemate (困毙), which also
  // loses. d8 is covered by the red chariot on a8, e9 by the red king on the
  // open e-file.
  Position stalemate = MustParse("3k5/R8/9/9/9/9/9/9/9/4K4 b");
  EXPECT_EQ(stalemate.State(), GameState::kStalemate);
  EXPECT_EQ(Position::Start().State(), GameState::kNormal);
}

TEST(MoveGenTest, InCheckOnlyEvasionsAreLegal) {
  // Red king e0 checked by a black chariot on e5; red chariot a4 can block on
  // e4; d0 would face the black king on d9, e1 stays in check.
  Position pos = MustParse("3k5/9/9/9/4r4/R8/9/9/9/4K4 w");
  EXPECT_EQ(pos.State(), GameState::kCheck);
  MoveList moves;
  pos.GenerateLegalMoves(&moves);
  std::vector<std::string> iccs;
  for (Move m : moves) iccs.push_back(ToIccs(m));
  std::sort(iccs.begin(), iccs.end());
  EXPECT_THAT(iccs, ElementsAre("a4e4", "e0f0"));
}

TEST(MoveGenTest, CheckLegalExplainsBasicMistakes) {
  Position pos = Position::Start();
  EXPECT_THAT(pos.CheckLegal(Mv("e4e5")).message(),
              HasSubstr("no piece on e4"));
  EXPECT_THAT(pos.CheckLegal(Mv("h7e7")).message(),
              HasSubstr("it is red to move"));
  EXPECT_THAT(pos.CheckLegal(Mv("a0b0")).message(),
              HasSubstr("b0 holds a red piece"));
  EXPECT_THAT(pos.CheckLegal(Mv("a0a4")).message(),
              HasSubstr("path is blocked at a3"));
  EXPECT_TRUE(pos.CheckLegal(Mv("h2e2")).ok());
  EXPECT_FALSE(pos.IsLegal(Move{200, 3}));
  EXPECT_FALSE(pos.CheckLegal(Move{3, 200}).ok());
}

}  // namespace
}  // namespace caipan::xiangqi
