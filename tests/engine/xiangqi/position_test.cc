// Make/unmake and hash invariants over random games; attack queries (attackers,
// pins, protection by a legal recapture).
#include "engine/xiangqi/position.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>

#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using ::testing::ElementsAre;
using testing::MustParse;
using testing::Mv;
using testing::Names;
using testing::Sq;

TEST(PositionTest, MakeUnmakeAndHashStayConsistentOverRandomGames) {
  std::mt19937 rng(2011);
  for (int game = 0; game < 60; ++game) {
    Position pos = Position::Start();
    const Position start = pos;
    std::vector<std::pair<Move, Position::Undo>> played;
    for (int ply = 0; ply < 160; ++ply) {
      MoveList moves;
      pos.GenerateLegalMoves(&moves);
      ASSERT_EQ(static_cast<int>(moves.size()), pos.CountLegalMoves());
      if (moves.empty()) break;
      Move m = moves[rng() % moves.size()];
      ASSERT_TRUE(pos.CheckLegal(m).ok()) << ToIccs(m);
      played.emplace_back(m, pos.MakeMove(m));
      // The incremental hash equals the hash of the same position built from
      // scratch.
      absl::StatusOr<Position> rebuilt = Position::FromFen(pos.ToFen());
      ASSERT_TRUE(rebuilt.ok()) << pos.ToFen() << ": " << rebuilt.status();
      ASSERT_EQ(rebuilt->Hash(), pos.Hash()) << pos.ToFen();
      ASSERT_EQ(*rebuilt, pos);
      // Every legal move leaves the mover's king safe.
      ASSERT_FALSE(pos.IsAttacked(pos.KingSquare(Opponent(pos.SideToMove())),
                                  pos.SideToMove()));
    }
    for (auto it = played.rbegin(); it != played.rend(); ++it)
      pos.UnmakeMove(it->first, it->second);
    EXPECT_EQ(pos, start);
    EXPECT_EQ(pos.Hash(), start.Hash());
    EXPECT_EQ(pos.ToFen(), start.ToFen());
  }
}

TEST(PositionTest, NullMovePassesTheTurnAndRestores) {
  Position pos = Position::Start();
  const uint64_t hash = pos.Hash();
  pos.MakeNullMove();
  EXPECT_EQ(pos.SideToMove(), Color::kBlack);
  EXPECT_NE(pos.Hash(), hash);
  pos.UnmakeNullMove();
  EXPECT_EQ(pos.Hash(), hash);
}

TEST(AttackQueryTest, AttackersOfEveryKind) {
  // Black horse e5 attacked by the red cannon a5 (screen c5), horse c4, chariot
  // e2 and the crossed pawn f5.
  Position pos = MustParse("3k5/9/9/9/C1p1nP3/2H6/9/4R4/9/5K3 w");
  EXPECT_THAT(Names(pos.AttackersOf(Sq("e5"), Color::kRed)),
              ElementsAre("a5", "c4", "e2", "f5"));
  EXPECT_THAT(Names(pos.AttackersOf(Sq("f5"), Color::kBlack)), ElementsAre());
  EXPECT_EQ(pos.Checkers(), Bitboard{0});
}

TEST(AttackQueryTest, KingsFacingCountAsAttack) {
  Position pos = MustParse("4k4/9/9/9/9/9/9/9/9/3K5 w");
  EXPECT_EQ(pos.AttackersOf(Sq("e9"), Color::kRed), Bitboard{0});
  // Not the king's own square: the facing rule only concerns the other king.
  EXPECT_EQ(pos.AttackersOf(Sq("d9"), Color::kRed), Bitboard{0});
}

TEST(AttackQueryTest, PinsByChariotCannonAndHorse) {
  // Horse e2 stands between the black chariot e7 and the red king e0.
  const Position chariot = MustParse("3k5/9/4r4/9/9/9/9/4N4/9/4K4 w");
  EXPECT_FALSE(chariot.LeavesKingSafe(Mv("e2c3")));
  EXPECT_TRUE(chariot.LeavesKingSafe(Mv("e0f0")));
  EXPECT_FALSE(chariot.LeavesKingSafe(Mv("e0d0")))
      << "the kings would face on the d-file";
  // Two red pieces between the black cannon d7 and the red king d0: either
  // leaving makes the other a screen; moving along the file keeps two.
  const Position cannon = MustParse("5k3/9/3c5/9/9/3C5/9/3A5/9/3K5 w");
  EXPECT_FALSE(cannon.LeavesKingSafe(Mv("d4a4")));
  EXPECT_FALSE(cannon.LeavesKingSafe(Mv("d2e1")));
  EXPECT_TRUE(cannon.LeavesKingSafe(Mv("d4d5")));
  // The red cannon d1 blocks the leg of the black horse c1 that would attack
  // e0.
  const Position horse = MustParse("3k5/9/9/9/9/9/9/9/2nC5/4K4 w");
  EXPECT_FALSE(horse.LeavesKingSafe(Mv("d1d3")));
  EXPECT_TRUE(horse.LeavesKingSafe(Mv("e0f0")));
  // Capturing the checking piece, and the king stepping out of the line.
  const Position check = MustParse("3k5/9/9/9/9/9/9/9/4r4/R3K4 w");
  EXPECT_TRUE(check.LeavesKingSafe(Mv("e0e1")));
  EXPECT_TRUE(check.LeavesKingSafe(Mv("e0f0")));
  EXPECT_FALSE(check.LeavesKingSafe(Mv("a0b0")));
}

TEST(AttackQueryTest, LegalCapturersLeaveTheirKingSafe) {
  // The red chariot c5 attacked by the black chariot c9.
  EXPECT_THAT(Names(MustParse("2r1k4/9/9/9/2R6/9/9/9/9/3K5 b")
                        .LegalCapturersOf(Sq("c5"), Color::kBlack)),
              ElementsAre("c9"));
  // The same chariot pinned against its king by the red chariot a9.
  const Position pinned = MustParse("R1rk5/9/9/9/2R6/9/9/9/9/4K4 b");
  EXPECT_EQ(pinned.LegalCapturersOf(Sq("c5"), Color::kBlack), Bitboard{0});
  EXPECT_THAT(Names(pinned.LegalCapturersOf(Sq("c9"), Color::kRed)),
              ElementsAre("a9", "c5"));
  EXPECT_EQ(pinned.LegalCapturersOf(Sq("c5"), Color::kRed), Bitboard{0})
      << "c5 holds a red piece: red cannot capture it";
  // A king taking a piece in front of it would then face the other king.
  EXPECT_EQ(MustParse("4k4/4R4/9/9/9/9/9/9/9/4K4 b")
                .LegalCapturersOf(Sq("e8"), Color::kBlack),
            Bitboard{0});
  EXPECT_THAT(Names(MustParse("4k4/4R4/9/9/9/9/9/9/9/3K5 b")
                        .LegalCapturersOf(Sq("e8"), Color::kBlack)),
              ElementsAre("e9"));
}

}  // namespace
}  // namespace caipan::xiangqi
