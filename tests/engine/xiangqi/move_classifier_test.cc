// Move classification cases: a position, one move, the expected kind and
// targets. Positions are constructed for this suite (each one says what it
// shows) unless a rulebook diagram is named; every one was checked to be a
// valid position with the move legal (Line() fails the test otherwise).
#include "engine/xiangqi/move_classifier.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/repetition_test_util.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using testing::DescribeTargets;
using testing::Line;
using testing::MustParse;

struct ClassifyCase {
  const char* name;
  const char* fen;
  const char* move;
  RuleSet rules;
  MoveKind kind;
  IdleKind idle;
  const char* targets;  // DescribeTargets() of the result
  bool king_or_pawn_chase = false;
};

class ClassifyTest : public ::testing::TestWithParam<ClassifyCase> {};

TEST_P(ClassifyTest, Classifies) {
  const ClassifyCase& c = GetParam();
  Position pos = MustParse(c.fen);
  std::vector<Move> moves = Line(pos, c.move);
  ASSERT_EQ(moves.size(), 1u);
  const std::string before = pos.ToFen();
  MoveClassification got = ClassifyMove(pos, moves[0], {c.rules, 2});
  EXPECT_EQ(pos.ToFen(), before) << "position not restored";
  EXPECT_EQ(MoveKindName(got.kind), std::string(MoveKindName(c.kind)));
  EXPECT_EQ(IdleKindName(got.idle), std::string(IdleKindName(c.idle)));
  EXPECT_EQ(DescribeTargets(got), c.targets);
  EXPECT_EQ(got.king_or_pawn_chase, c.king_or_pawn_chase);
  EXPECT_EQ(got.check, c.kind == MoveKind::kCheck);
}

constexpr RuleSet kCn = RuleSet::kChinese;
constexpr RuleSet kAxf = RuleSet::kAsian;
constexpr MoveKind kCheck = MoveKind::kCheck;
constexpr MoveKind kMate = MoveKind::kMateThreat;
constexpr MoveKind kChase = MoveKind::kChase;
constexpr MoveKind kIdle = MoveKind::kIdle;
constexpr IdleKind kNot = IdleKind::kNotIdle;
constexpr IdleKind kPlain = IdleKind::kPlain;

const ClassifyCase kCases[] = {
    // Checks: direct, and discovered by moving the horse off the file.
    {"ChariotCheck", "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1", "f7e7", kCn, kCheck,
     kNot, ""},
    {"DiscoveredCheck", "4k4/9/9/9/4N4/9/9/4R4/9/3K5 w - - 0 1", "e5c6", kCn,
     kCheck, kNot, ""},
    // Mate threat: the rook on rank 8 takes the king's flight squares, the
    // other rook then mates on rank 9.
    {"MateThreatTwoChariots", "4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1", "a7a8",
     kCn, kMate, kNot, ""},
    // Chariot vs cannon: unprotected is chased, protected (by the black
    // chariot on h7) is not — the chariot is worth more.
    {"ChariotChasesUnprotectedCannon", "4k4/9/1c7/9/9/9/9/R8/9/3K5 w - - 0 1",
     "a2b2", kCn, kChase, kNot, "Rb2>cb7"},
    {"ChariotFollowsProtectedCannon", "4k4/9/1c5r1/9/9/9/9/R8/9/3K5 w - - 0 1",
     "a2b2", kCn, kIdle, IdleKind::kFollow, ""},
    // Horse and cannon vs a protected chariot: chased (more valuable).
    {"HorseChasesProtectedChariot",
     "3k5/9/9/4n4/9/3r5/9/6n2/N2p5/4K4 w - - 0 1", "a1b3", kCn, kChase, kNot,
     "Nb3>rd4"},
    {"CannonChasesProtectedChariot",
     "4k4/9/1r5r1/9/1P7/9/9/C3B4/9/3K5 w - - 0 1", "a2b2", kCn, kChase, kNot,
     "Cb2>rb7"},
    {"CannonChasesProtectedChariotAsian",
     "4k4/9/1r5r1/9/1P7/9/9/C3B4/9/3K5 w - - 0 1", "a2b2", kAxf, kChase, kNot,
     "Cb2>rb7"},
    // Chariot facing a protected chariot, itself protected: exchange offer.
    {"ChariotOffersExchange", "4k4/9/1r5r1/9/9/9/9/R7R/9/3K5 w - - 0 1", "a2b2",
     kCn, kIdle, IdleKind::kExchangeOffer, ""},
    // Advisor attacking a protected cannon: a chase under the Chinese value
    // rule, idle under AXF (only horse/cannon vs chariot).
    {"AdvisorChasesProtectedCannon", "5k3/9/3r5/9/9/9/9/3c5/9/4KA3 w - - 0 1",
     "f0e1", kCn, kChase, kNot, "Ae1>cd2"},
    {"AdvisorVsProtectedCannonAsianIdle",
     "5k3/9/3r5/9/9/9/9/3c5/9/4KA3 w - - 0 1", "f0e1", kAxf, kIdle,
     IdleKind::kFollow, ""},
    // Pawns: an uncrossed pawn is never chased, a crossed one is.
    {"UncrossedPawnNeverChased", "4k4/9/9/2p6/9/9/9/R8/9/3K5 w - - 0 1", "a2c2",
     kCn, kIdle, kPlain, ""},
    {"CrossedPawnChased", "4k4/9/9/9/9/2p6/9/R8/9/3K5 w - - 0 1", "a2c2", kCn,
     kChase, kNot, "Rc2>pc4"},
    // The horse on e8 would protect c7, but the rook on e5 pins it to its
    // king: no legal recapture, so the cannon is unprotected.
    {"PinnedDefenderDoesNotProtect",
     "4k4/4n4/2c6/9/4R4/9/9/1R7/9/3K5 w - - 0 1", "b2c2", kCn, kChase, kNot,
     "Rc2>cc7"},
    {"UnpinnedDefenderProtects", "4k4/4n4/2c6/9/9/9/9/1R7/9/3K5 w - - 0 1",
     "b2c2", kCn, kIdle, IdleKind::kFollow, ""},
    // The king on d9 cannot retake on e9: it would face the red king.
    {"KingFacingDefenderDoesNotProtect", "3kn4/8R/9/9/9/9/9/9/9/4K4 w - - 0 1",
     "i8i9", kCn, kChase, kNot, "Ri9>ne9"},
    {"KingDefenderProtectsWhenFileBlocked",
     "3kn4/8R/9/9/9/9/9/4B4/9/4K4 w - - 0 1", "i8i9", kCn, kIdle,
     IdleKind::kFollow, ""},
    // Discovered chases: the horse steps off the chariot's file / rank.
    {"DiscoveredChaseByChariot", "4k4/9/c8/9/N8/9/9/R8/9/3K5 w - - 0 1", "a5b3",
     kCn, kChase, kNot, "Ra2>ca7"},
    // Unmasking a chariot against a chariot that can take back is an
    // exchange offer (兑), not a chase.
    {"DiscoveredAttackOnChariotOffersExchange",
     "4k4/9/9/9/9/9/9/r3N3R/9/3K5 w - - 0 1", "e2g3", kCn, kIdle,
     IdleKind::kExchangeOffer, ""},
    // A horse moving onto the file becomes the cannon's screen.
    {"CannonScreenCreatesChase", "4k4/9/n8/9/9/9/9/C8/1N7/3K5 w - - 0 1",
     "b1a3", kCn, kChase, kNot, "Ca2>na7"},
    // King and pawn attackers: recorded, but idle on their own.
    {"KingAttackIsIdle", "5k3/9/9/9/9/9/9/3n5/4K4/9 w - - 0 1", "e1d1", kCn,
     kIdle, IdleKind::kFollow, "Kd1>nd2", true},
    {"PawnAttackIsIdle", "3k5/9/3n5/2P6/9/9/9/9/9/4K4 w - - 0 1", "c6d6", kCn,
     kIdle, IdleKind::kFollow, "Pd6>nd7", true},
    // The chariot keeps attacking the same cannon from another square: no new
    // threat, idle.
    {"SlidingAttackerIsNotNew", "4k4/9/c8/9/9/9/9/R8/9/3K5 w - - 0 1", "a2a3",
     kCn, kIdle, IdleKind::kFollow, ""},
    // Taking the chariot on d4 lets black's horse unmask the e9 rook with
    // mate: a formal chase only, idle.
    {"CaptureAllowingMateIsIdle", "3kr4/9/9/4n4/9/3r5/9/6n2/N2p5/4K4 w - - 0 1",
     "a1b3", kCn, kIdle, IdleKind::kFollow, ""},
    // The rook on e1 is pinned to its king by the e9 rook: its attack on the
    // a5 horse is not a legal capture. On e5 it still faces the e9 rook,
    // which can take it: an exchange offer.
    {"PinnedAttackerDoesNotChase", "3kr4/9/9/9/n8/9/9/9/4R4/4K4 w - - 0 1",
     "e1e5", kCn, kIdle, IdleKind::kExchangeOffer, ""},
    // The pattern of CXA 2020 棋例 图15: the king itself may chase, but its
    // step unblocks the horse's leg and the horse then attacks the crossed
    // pawn: a chase, by the horse.
    {"KingStepLetsHorseChase", "5k3/9/9/9/9/9/9/5p3/3NK4/9 w - - 0 1", "e1e0",
     kCn, kChase, kNot, "Nd1>pf2"},
    // The pattern of CXA 2020 棋例 图3 (断根捉): the elephant steps between
    // the black horse and the rook protecting it, so the chariot that already
    // attacked the horse now wins it: a chase.
    {"ElephantCutsTheProtection", "2r2k3/9/9/9/9/9/2n5R/B8/9/3K5 w - - 0 1",
     "a2c4", kCn, kChase, kNot, "Ri3>nc3"},
    // Without the cut, the chariot sliding along the rank keeps attacking a
    // protected horse: idle.
    {"ChariotVsProtectedHorseIdle", "2r2k3/9/9/9/9/9/2n5R/9/9/3K5 w - - 0 1",
     "i3h3", kCn, kIdle, IdleKind::kFollow, ""},
    // 兑 (exchange offers): a mutual attack between pieces of one type is
    // idle whether or not either is protected — here the red chariot is
    // protected by the one on i2, black's is not.
    {"ProtectedChariotOffersExchangeToUnprotected",
     "4k4/9/1r7/9/9/9/9/R7R/9/3K5 w - - 0 1", "a2b2", kCn, kIdle,
     IdleKind::kExchangeOffer, ""},
    {"ProtectedChariotOffersExchangeAsian",
     "4k4/9/1r7/9/9/9/9/R7R/9/3K5 w - - 0 1", "a2b2", kAxf, kIdle,
     IdleKind::kExchangeOffer, ""},
    // Horses with both legs free (c4 and d4).
    {"HorsesOfferExchange", "4k4/9/9/9/3n5/9/9/N8/9/3K5 w - - 0 1", "a2c3", kCn,
     kIdle, IdleKind::kExchangeOffer, ""},
    // The red cannon on d4 blocks the black horse's leg: only red attacks.
    {"HorseWithBlockedLegIsChased", "4k4/9/9/9/3n5/3C5/9/N8/9/3K5 w - - 0 1",
     "a2c3", kCn, kChase, kNot, "Nc3>nd5"},
    // Cannons over the same screen (the red pawn on b5).
    {"CannonsOverOneScreenOfferExchange",
     "4k4/9/1c7/9/1P7/9/9/C8/9/3K5 w - - 0 1", "a2b2", kCn, kIdle,
     IdleKind::kExchangeOffer, ""},
    // Black's horse on e8 is pinned to its king by the red rook: it cannot
    // take the red horse back, so the attack is a chase.
    {"PinnedTargetCannotExchange", "4k4/N3n4/9/9/9/9/9/9/4R4/3K5 w - - 0 1",
     "a8c7", kCn, kChase, kNot, "Re1>ne8 Nc7>ne8"},
    // Idle sub-kinds.
    {"SacrificeHorse", "4k4/9/9/9/9/9/9/r8/9/3K1N3 w - - 0 1", "f0e2", kCn,
     kIdle, IdleKind::kSacrifice, ""},
    {"BlockBetweenChariots", "4k4/9/9/9/9/9/9/r7R/2N6/3K5 w - - 0 1", "c1e2",
     kCn, kIdle, IdleKind::kBlock, ""},
};

INSTANTIATE_TEST_SUITE_P(Cases, ClassifyTest, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return info.param.name; });

// The forced-check search depth decides whether a mate that needs two checks
// is a mate threat: after the horse reaches d5, red mates with a rook check
// and a second check, but has no mate in one. (Position found by searching
// small random positions; checked legal.)
TEST(MateThreatDepthTest, DepthBoundsTheCheckingSequence) {
  Position pos = MustParse("3k5/9/9/9/9/9/2N6/9/1R7/5K3 w - - 0 1");
  std::vector<Move> moves = Line(pos, "c3d5");
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_FALSE(ClassifyMove(pos, moves[0], {RuleSet::kChinese, 1}).mate_threat);
  MoveClassification deep = ClassifyMove(pos, moves[0], {RuleSet::kChinese, 2});
  EXPECT_TRUE(deep.mate_threat);
  EXPECT_EQ(deep.kind, MoveKind::kMateThreat);
}

// Each target says whether it is protected: the chariot the horse attacks is
// (still a chase: worth more), the lone cannon is not.
TEST(ClassifyTest, ReportsProtectionOfEachTarget) {
  Position pos = MustParse("3k5/9/9/4n4/9/3r5/9/6n2/N2p5/4K4 w - - 0 1");
  std::vector<Move> moves = Line(pos, "a1b3");
  MoveClassification c = ClassifyMove(pos, moves[0], {RuleSet::kChinese, 2});
  ASSERT_EQ(c.target_count, 1);
  EXPECT_TRUE(c.targets[0].target_protected);
  pos = MustParse("4k4/9/1c7/9/9/9/9/R8/9/3K5 w - - 0 1");
  moves = Line(pos, "a2b2");
  c = ClassifyMove(pos, moves[0], {RuleSet::kChinese, 2});
  ASSERT_EQ(c.target_count, 1);
  EXPECT_FALSE(c.targets[0].target_protected);
}

}  // namespace
}  // namespace caipan::xiangqi
