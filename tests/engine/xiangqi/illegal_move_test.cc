// Every illegal-move reason reached by a concrete position and move, with the
// English message CheckLegal gives for it.
#include "engine/xiangqi/illegal_move.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using testing::MustParse;
using testing::Mv;

struct Case {
  const char* fen;
  Move move;
  const char* message;
  IllegalMoveReason reason;
};

using R = IllegalMoveReason;

const Case kCases[] = {
    {"startpos", Move{3, 200}, "square out of range", R::kSquareOutOfRange},
    {"startpos", Mv("a0a0"), "a0a0 is illegal: from and to are the same point",
     R::kSameSquare},
    {"startpos", Mv("e4e5"), "e4e5 is illegal: no piece on e4", R::kNoPiece},
    {"startpos", Mv("h7e7"),
     "h7e7 is illegal: the piece on h7 is black's, and it is red to move",
     R::kNotYourPiece},
    {"startpos", Mv("a0b0"), "a0b0 is illegal: b0 holds a red piece",
     R::kCaptureOwnPiece},
    {"4k4/9/9/9/9/9/9/9/9/3K5 w", Mv("d0c0"),
     "d0c0 is illegal: the king may not leave its palace",
     R::kKingLeavesPalace},
    {"startpos", Mv("e0e2"),
     "e0e2 is illegal: the king moves one point orthogonally inside its "
     "palace",
     R::kKingMoveShape},
    {"startpos", Mv("d0c1"),
     "d0c1 is illegal: the advisor may not leave its palace",
     R::kAdvisorLeavesPalace},
    {"startpos", Mv("d0d1"),
     "d0d1 is illegal: the advisor moves one point diagonally inside its "
     "palace",
     R::kAdvisorMoveShape},
    {"3k5/9/9/9/9/2B6/9/9/9/4K4 w", Mv("c4e6"),
     "c4e6 is illegal: the elephant may not cross the river",
     R::kElephantCrossesRiver},
    {"3k5/9/9/9/9/9/9/9/3N5/2B1K4 w", Mv("c0e2"),
     "c0e2 is illegal: the elephant's eye at d1 is blocked",
     R::kElephantEyeBlocked},
    {"startpos", Mv("c0c2"),
     "c0c2 is illegal: the elephant moves exactly two points diagonally",
     R::kElephantMoveShape},
    {"startpos", Mv("b0d1"),
     "b0d1 is illegal: the horse's leg at c0 is blocked", R::kHorseLegBlocked},
    {"startpos", Mv("b0b1"),
     "b0b1 is illegal: the horse moves one point orthogonally then one "
     "diagonally",
     R::kHorseMoveShape},
    {"startpos", Mv("a0b1"),
     "a0b1 is illegal: the chariot moves along a rank or file",
     R::kNotAlongLine},
    {"startpos", Mv("a0a4"),
     "a0a4 is illegal: the chariot's path is blocked at a3", R::kPathBlocked},
    {"startpos", Mv("b2b8"),
     "b2b8 is illegal: the cannon's path is blocked at b7", R::kPathBlocked},
    {"startpos", Mv("b2c4"),
     "b2c4 is illegal: the cannon moves along a rank or file",
     R::kNotAlongLine},
    {"startpos", Mv("b2b7"),
     "b2b7 is illegal: the cannon captures by jumping exactly one piece; "
     "there is none",
     R::kCannonScreen},
    {"3k5/9/9/p8/9/P8/P8/C8/9/4K4 w", Mv("a2a6"),
     "a2a6 is illegal: the cannon captures by jumping exactly one piece; "
     "there are 2",
     R::kCannonScreen},
    {"startpos", Mv("a3b3"),
     "a3b3 is illegal: the pawn may move sideways only after crossing the "
     "river",
     R::kPawnSidewaysBeforeRiver},
    {"3k5/9/9/9/4P4/9/9/9/9/4K4 w", Mv("e5e4"),
     "e5e4 is illegal: the pawn may never move back", R::kPawnBackward},
    {"startpos", Mv("a3a5"),
     "a3a5 is illegal: the pawn moves one point forward (or sideways once "
     "across the river)",
     R::kPawnMoveShape},
    {"4k4/9/9/9/9/9/9/9/4A4/4K4 w", Mv("e1d2"),
     "e1d2 is illegal: the kings would face each other on an open file",
     R::kKingsFacing},
    {"3k5/9/9/9/9/9/9/9/5r3/4K4 w", Mv("e0e1"),
     "e0e1 is illegal: it leaves the red king in check", R::kLeavesKingInCheck},
    {"5k3/9/9/9/9/9/9/9/9/3K1r3 w", Mv("d0e0"),
     "d0e0 is illegal: it leaves the red king in check", R::kLeavesKingInCheck},
};

TEST(IllegalMoveTest, EveryReasonIsReached) {
  bool reached[kIllegalMoveReasonCount] = {};
  for (const Case& c : kCases) {
    const Position pos = MustParse(c.fen);
    const std::optional<IllegalMoveInfo> info = DiagnoseMove(pos, c.move);
    ASSERT_TRUE(info.has_value()) << c.message;
    EXPECT_EQ(info->reason, c.reason) << c.message;
    EXPECT_EQ(IllegalMoveMessage(*info), c.message);
    reached[static_cast<int>(info->reason)] = true;
  }
  for (int i = 0; i < kIllegalMoveReasonCount; ++i) {
    EXPECT_TRUE(reached[i])
        << IllegalMoveReasonName(static_cast<IllegalMoveReason>(i));
  }
}

TEST(IllegalMoveTest, DetailsNameTheSquaresAndCounts) {
  const Position start = Position::Start();
  std::optional<IllegalMoveInfo> leg = DiagnoseMove(start, Mv("b0d1"));
  ASSERT_TRUE(leg.has_value());
  EXPECT_EQ(SquareName(leg->square), "c0");
  EXPECT_EQ(leg->piece, MakePiece(Color::kRed, PieceType::kHorse));
  std::optional<IllegalMoveInfo> screens =
      DiagnoseMove(MustParse("3k5/9/9/p8/9/P8/P8/C8/9/4K4 w"), Mv("a2a6"));
  ASSERT_TRUE(screens.has_value());
  EXPECT_EQ(screens->screens, 2);
  // Stepping into check is 送将; staying in check is 不应将.
  std::optional<IllegalMoveInfo> into =
      DiagnoseMove(MustParse("3k5/9/9/9/9/9/9/9/5r3/4K4 w"), Mv("e0e1"));
  ASSERT_TRUE(into.has_value());
  EXPECT_FALSE(into->was_in_check);
  std::optional<IllegalMoveInfo> stays =
      DiagnoseMove(MustParse("5k3/9/9/9/9/9/9/9/9/3K1r3 w"), Mv("d0e0"));
  ASSERT_TRUE(stays.has_value());
  EXPECT_TRUE(stays->was_in_check);
}

TEST(IllegalMoveTest, LegalMovesHaveNoDiagnosis) {
  const Position start = Position::Start();
  MoveList moves;
  start.GenerateLegalMoves(&moves);
  for (Move m : moves) EXPECT_FALSE(DiagnoseMove(start, m).has_value());
}

TEST(IllegalMoveTest, NamesAreStableAndDistinct) {
  EXPECT_STREQ(IllegalMoveReasonName(R::kHorseLegBlocked), "horse-leg-blocked");
  EXPECT_STREQ(IllegalMoveReasonName(R::kKingsFacing), "kings-facing");
  for (int i = 0; i < kIllegalMoveReasonCount; ++i) {
    for (int j = i + 1; j < kIllegalMoveReasonCount; ++j) {
      EXPECT_STRNE(IllegalMoveReasonName(static_cast<IllegalMoveReason>(i)),
                   IllegalMoveReasonName(static_cast<IllegalMoveReason>(j)));
    }
  }
}

TEST(IllegalMoveTest, CheckLegalMessagesAreUnchanged) {
  for (const Case& c : kCases) {
    const Position pos = MustParse(c.fen);
    EXPECT_EQ(pos.CheckLegal(c.move).message(), c.message) << c.fen;
  }
}

}  // namespace
}  // namespace caipan::xiangqi
