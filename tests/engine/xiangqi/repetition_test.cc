// Repetition rulings, case by case: a position, a cycle played until its
// position occurs for the third time, and the ruling under each rule set.
// Positions are constructed for this suite (several found by searching small
// random positions for cycles of a given kind, then read and checked by hand);
// where a case follows a rulebook diagram's pattern the diagram is named. Each
// move is checked legal by Line().
#include "engine/xiangqi/repetition.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/repetition_test_util.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using testing::Line;
using testing::MustParse;
using testing::Repeat;

struct CycleCase {
  const char* name;
  const char* fen;
  const char* cycle;  // played twice: the start position recurs a third time
  RuleSet rules;
  GameResult result;
  VerdictReason reason;
  Conduct red;
  Conduct black;
};

constexpr char kExchangeOfferFen[] = "4k4/9/1r7/9/9/9/9/2R5R/9/3K5 w - - 0 1";
constexpr char kExchangeOfferCycle[] = "c2b2 b7c7 b2c2 c7b7";
class CycleTest : public ::testing::TestWithParam<CycleCase> {};

TEST_P(CycleTest, RulesAtTheThirdOccurrence) {
  const CycleCase& c = GetParam();
  Position start = MustParse(c.fen);
  std::vector<Move> moves = Line(start, Repeat(c.cycle, 2));
  ASSERT_FALSE(moves.empty());
  RuleOptions options;
  options.rule_set = c.rules;
  Verdict v = Adjudicate(start, moves, options);
  EXPECT_STREQ(GameResultName(v.result), GameResultName(c.result));
  EXPECT_STREQ(VerdictReasonName(v.reason), VerdictReasonName(c.reason));
  EXPECT_EQ(v.ply, static_cast<int>(moves.size()));
  ASSERT_TRUE(v.repetition.has_value());
  EXPECT_STREQ(ConductName(v.repetition->red), ConductName(c.red));
  EXPECT_STREQ(ConductName(v.repetition->black), ConductName(c.black));
  // The judged span: from the first occurrence to the third.
  EXPECT_EQ(v.repetition->first_ply, 1);
  EXPECT_EQ(v.repetition->last_ply, static_cast<int>(moves.size()));
  EXPECT_EQ(v.repetition->moves.size(), moves.size());
}

constexpr RuleSet kCn = RuleSet::kChinese;
constexpr RuleSet kAxf = RuleSet::kAsian;
constexpr RuleSet kSimple = RuleSet::kSimple;
constexpr GameResult kRed = GameResult::kRedWins;
constexpr GameResult kBlack = GameResult::kBlackWins;
constexpr GameResult kDraw = GameResult::kDraw;
constexpr Conduct kOk = Conduct::kAllowed;
constexpr Conduct kPc = Conduct::kPerpetualCheck;
constexpr Conduct kPch = Conduct::kPerpetualChase;
constexpr Conduct kPm = Conduct::kPerpetualMateThreat;

// Red rook checks from f7/e7, the black king steps between e9 and f9: the
// pattern of CXA 2020 棋例 图6 (长将 with no other way to move still loses).
constexpr char kPerpetualCheckFen[] = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
constexpr char kPerpetualCheckCycle[] = "f7e7 e9f9 e7f7 f9e9";
// The red chariot follows the black cannon between the b and c files.
constexpr char kChaseCannonFen[] = "4k4/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1";
constexpr char kChaseCannonCycle[] = "c2b2 b7c7 b2c2 c7b7";
// Same, but the black chariot on h7 protects the cannon on both squares (the
// red elephant gives the red king air, so black threatens no mate).
constexpr char kProtectedCannonFen[] =
    "4k4/9/1c5r1/9/9/9/9/2R1B4/9/3K5 w - - 0 1";
// Red horse (b5/d6) chases the black chariot (b7/c7) protected or not — a
// horse chasing a chariot is forbidden either way. The black advisor on e8
// stops a rook mate so the horse's moves are pure chases.
constexpr char kHorseChariotFen[] =
    "4k4/4a4/1r7/9/1N7/1P7/9/4B4/9/R2K5 w - - 0 1";
constexpr char kHorseChariotCycle[] = "b5d6 b7c7 d6b5 c7b7";
// Without the advisor, the horse on d6 also sets up Ra9 mate: 一杀一捉.
constexpr char kMateAndChaseFen[] =
    "4k4/9/1r7/9/1N7/1P7/9/4B4/9/R2K5 w - - 0 1";
// Black rook: check on e1, then back to h1 attacking the unprotected crossed
// pawn on h7 — 一将一捉 against a king that only steps aside.
constexpr char kCheckChaseFen[] = "9/5k3/7P1/9/9/9/9/9/7r1/3K5 w - - 0 1";
constexpr char kCheckChaseCycle[] = "d0e0 h1e1 e0d0 e1h1";
// Red gives check every move (cannon through the black rook, then the rook on
// f1 by discovery); black answers each check by a chase of an unprotected red
// rook. Perpetual check against perpetual chase: the checker must vary.
constexpr char kCheckVsChaseFen[] = "5k3/9/9/5r3/C8/9/4R4/9/5R3/3K5 w - - 0 1";
constexpr char kCheckVsChaseCycle[] = "a5f5 f6e6 f5a5 e6f6";
// One red chariot attacks two unprotected black cannons in turn.
constexpr char kOneChasesTwoFen[] = "4k4/9/c1c6/9/9/9/9/R8/9/3K5 w - - 0 1";
constexpr char kOneChasesTwoCycle[] = "a2c2 e9e8 c2a2 e8e9";
// The black rook on rank 4 threatens mate from c4 and from a4 in turn.
constexpr char kMateThreatFen[] = "6C2/4k4/9/1N7/9/2r6/9/9/3K5/9 w - - 0 1";
constexpr char kMateThreatCycle[] = "g9a9 c4a4 a9g9 a4c4";
// Both sides chase two pieces (a pin by the facing kings is lifted and
// restored): equal numbers, draw.
constexpr char kBothChaseEqualFen[] =
    "4k4/9/9/4N4/9/3n5/9/6N2/4K4/7p1 w - - 0 1";
constexpr char kBothChaseEqualCycle[] = "g2e3 d4f5 e3g2 f5d4";
// Red's rook chases two horses (f2, e5), black's horse chases the one rook:
// 一打还二打 — the side chasing more pieces must vary.
constexpr char kTwoAgainstOneFen[] = "5c3/9/4k4/9/4n4/9/9/5n3/9/3KR4 w - - 0 1";
constexpr char kTwoAgainstOneCycle[] = "e0f0 f2h1 f0e0 h1f2";
// A red pawn attacks a black horse (c7/d7) each move while the black rook
// chases the red cannons: the pawn's attacks count because black's conduct is
// forbidden (相互长打); both chase two pieces, draw.
constexpr char kPawnMutualFen[] = "5k3/9/2nn5/2P6/9/CC7/9/9/r8/3K5 w - - 0 1";
constexpr char kPawnMutualCycle[] = "c6d6 a1b1 d6c6 b1a1";
// The same black chase against a pawn that attacks nothing: black must vary.
constexpr char kPawnIdleFen[] = "5k3/9/9/2P6/9/CC7/9/9/r8/3K5 w - - 0 1";
// A pawn's attacks against plain king moves: idle, draw.
constexpr char kPawnAloneFen[] = "5k3/9/2nn5/2P6/9/9/9/9/9/3K5 w - - 0 1";
constexpr char kPawnAloneCycle[] = "c6d6 f9f8 d6c6 f8f9";

const CycleCase kCases[] = {
    {"PerpetualCheckChinese", kPerpetualCheckFen, kPerpetualCheckCycle, kCn,
     kBlack, VerdictReason::kPerpetualCheck, kPc, kOk},
    {"PerpetualCheckAsian", kPerpetualCheckFen, kPerpetualCheckCycle, kAxf,
     kBlack, VerdictReason::kPerpetualCheck, kPc, kOk},
    {"PerpetualCheckSimple", kPerpetualCheckFen, kPerpetualCheckCycle, kSimple,
     kBlack, VerdictReason::kPerpetualCheck, kPc, kOk},
    {"PerpetualChaseUnprotectedChinese", kChaseCannonFen, kChaseCannonCycle,
     kCn, kBlack, VerdictReason::kPerpetualChase, kPch, kOk},
    {"PerpetualChaseUnprotectedAsian", kChaseCannonFen, kChaseCannonCycle, kAxf,
     kBlack, VerdictReason::kPerpetualChase, kPch, kOk},
    {"PerpetualChaseIsDrawSimple", kChaseCannonFen, kChaseCannonCycle, kSimple,
     kDraw, VerdictReason::kRepetitionDraw, kOk, kOk},
    {"ChariotFollowingProtectedCannonDraws", kProtectedCannonFen,
     kChaseCannonCycle, kCn, kDraw, VerdictReason::kRepetitionDraw, kOk, kOk},
    {"HorseChasingChariotChinese", kHorseChariotFen, kHorseChariotCycle, kCn,
     kBlack, VerdictReason::kPerpetualChase, kPch, kOk},
    {"HorseChasingChariotAsian", kHorseChariotFen, kHorseChariotCycle, kAxf,
     kBlack, VerdictReason::kPerpetualChase, kPch, kOk},
    {"MateThreatAndChaseChinese", kMateAndChaseFen, kHorseChariotCycle, kCn,
     kBlack, VerdictReason::kMixedForbiddenCycle, Conduct::kMateThreatAndChase,
     kOk},
    // AXF does not count the mate threat; the chases alone are forbidden.
    {"MateThreatAndChaseAsian", kMateAndChaseFen, kHorseChariotCycle, kAxf,
     kBlack, VerdictReason::kPerpetualChase, kPch, kOk},
    {"CheckAndChaseChinese", kCheckChaseFen, kCheckChaseCycle, kCn, kRed,
     VerdictReason::kMixedForbiddenCycle, kOk, Conduct::kCheckAndChase},
    // AXF: a check among chases breaks the perpetual.
    {"CheckAndChaseAsianDraws", kCheckChaseFen, kCheckChaseCycle, kAxf, kDraw,
     VerdictReason::kRepetitionDraw, kOk, kOk},
    {"CheckAndChaseSimpleDraws", kCheckChaseFen, kCheckChaseCycle, kSimple,
     kDraw, VerdictReason::kRepetitionDraw, kOk, kOk},
    // Black's rook meets an unprotected red rook on an open line each time:
    // exchange offers (兑), idle; red's perpetual check loses.
    {"CheckAgainstExchangeOffersChinese", kCheckVsChaseFen, kCheckVsChaseCycle,
     kCn, kBlack, VerdictReason::kPerpetualCheck, kPc, kOk},
    // AXF: black's rook chases two different rooks in turn, which is allowed;
    // red's perpetual check loses all the same.
    {"CheckAgainstChaseAsian", kCheckVsChaseFen, kCheckVsChaseCycle, kAxf,
     kBlack, VerdictReason::kPerpetualCheck, kPc, kOk},
    {"CheckAgainstChaseSimple", kCheckVsChaseFen, kCheckVsChaseCycle, kSimple,
     kBlack, VerdictReason::kPerpetualCheck, kPc, kOk},
    {"OnePieceChasingTwoChinese", kOneChasesTwoFen, kOneChasesTwoCycle, kCn,
     kBlack, VerdictReason::kPerpetualChase, kPch, kOk},
    // AXF diagrams 76-78: one piece chasing two or more pieces is allowed.
    {"OnePieceChasingTwoAsianDraws", kOneChasesTwoFen, kOneChasesTwoCycle, kAxf,
     kDraw, VerdictReason::kRepetitionDraw, kOk, kOk},
    {"PerpetualMateThreatChinese", kMateThreatFen, kMateThreatCycle, kCn, kRed,
     VerdictReason::kPerpetualMateThreat, kOk, kPm},
    {"PerpetualMateThreatAsianDraws", kMateThreatFen, kMateThreatCycle, kAxf,
     kDraw, VerdictReason::kRepetitionDraw, kOk, kOk},
    {"PerpetualMateThreatSimpleDraws", kMateThreatFen, kMateThreatCycle,
     kSimple, kDraw, VerdictReason::kRepetitionDraw, kOk, kOk},
    // The horses attack each other with both legs free: exchange offers on
    // both sides, idle, a draw.
    {"MutualHorseAttacksDraw", kBothChaseEqualFen, kBothChaseEqualCycle, kCn,
     kDraw, VerdictReason::kRepetitionDraw, kOk, kOk},
    {"ChasingTwoAgainstOneMustVary", kTwoAgainstOneFen, kTwoAgainstOneCycle,
     kCn, kBlack, VerdictReason::kPerpetualChase, kPch, kPch},
    {"PawnAttacksCountInMutualCycle", kPawnMutualFen, kPawnMutualCycle, kCn,
     kDraw, VerdictReason::kRepetitionDraw, kPch, kPch},
    {"ChaseAgainstIdlePawnLoses", kPawnIdleFen, kPawnMutualCycle, kCn, kRed,
     VerdictReason::kPerpetualChase, kOk, kPch},
    {"PawnAttacksAloneAreIdle", kPawnAloneFen, kPawnAloneCycle, kCn, kDraw,
     VerdictReason::kRepetitionDraw, kOk, kOk},
    // 兑: red's chariot, protected by the other, keeps facing black's
    // unprotected chariot on an open file; black's can take it, so every red
    // move offers an exchange: idle in every rule set, a draw.
    {"ExchangeOffersDrawChinese", kExchangeOfferFen, kExchangeOfferCycle, kCn,
     kDraw, VerdictReason::kRepetitionDraw, kOk, kOk},
    {"ExchangeOffersDrawAsian", kExchangeOfferFen, kExchangeOfferCycle, kAxf,
     kDraw, VerdictReason::kRepetitionDraw, kOk, kOk},
    {"ExchangeOffersDrawSimple", kExchangeOfferFen, kExchangeOfferCycle,
     kSimple, kDraw, VerdictReason::kRepetitionDraw, kOk, kOk},
};

INSTANTIATE_TEST_SUITE_P(Cases, CycleTest, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return info.param.name; });

// The ruling explains itself: each move's kind and the chased piece.
TEST(JudgeCycleTest, ListsEveryMoveWithItsTargets) {
  Position start = MustParse(kChaseCannonFen);
  std::vector<Move> cycle = Line(start, Repeat(kChaseCannonCycle, 2));
  RuleOptions options;
  RepetitionRuling r = JudgeCycle(start, cycle, 1, options);
  ASSERT_EQ(r.moves.size(), 8u);
  for (const CycleMove& m : r.moves) {
    if (m.classification.mover == Color::kRed) {
      EXPECT_EQ(m.counted_as, MoveKind::kChase) << m.ply;
      ASSERT_EQ(m.classification.target_count, 1) << m.ply;
      EXPECT_EQ(m.classification.targets[0].target,
                MakePiece(Color::kBlack, PieceType::kCannon));
    } else {
      EXPECT_EQ(m.counted_as, MoveKind::kIdle) << m.ply;
    }
  }
  EXPECT_EQ(r.moves[0].ply, 1);
  EXPECT_EQ(r.moves[7].ply, 8);
  EXPECT_EQ(r.red_chased_pieces, 1);
  EXPECT_EQ(r.outcome, RepetitionOutcome::kRedMustVary);
  EXPECT_EQ(r.Summary(), "red perpetual-chase, black allowed: red must vary");
}

// Pieces keep their identity as they move: the chariot that changes squares
// is still one chased piece.
TEST(JudgeCycleTest, CountsChasedPiecesByIdentity) {
  Position start = MustParse(kTwoAgainstOneFen);
  std::vector<Move> cycle = Line(start, Repeat(kTwoAgainstOneCycle, 2));
  RepetitionRuling r = JudgeCycle(start, cycle, 1, RuleOptions{});
  EXPECT_EQ(r.red_chased_pieces, 2);
  EXPECT_EQ(r.black_chased_pieces, 1);
}

// A single idle move in the two cycles makes the conduct allowed: here red
// varies once (a plain king move) inside an otherwise perpetual check.
TEST(JudgeCycleTest, OneIdleMoveMakesConductAllowed) {
  Position start = MustParse("4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1");
  std::vector<Move> moves =
      Line(start, "f7e7 e9f9 d0d1 f9f8 d1d0 f8f9 e7f7 f9e9");
  RepetitionRuling r = JudgeCycle(start, moves, 1, RuleOptions{});
  EXPECT_EQ(r.red, Conduct::kAllowed);
  EXPECT_EQ(r.outcome, RepetitionOutcome::kDraw);
}

// A rule set is data: `chinese` with mate threats not forcing is a new rule
// set without a new branch. Black's perpetual mate threat becomes idle (a
// draw), and the horse's mate threats among chases leave a perpetual chase.
TEST(RepetitionRulesTest, CustomRulesRuleCyclesDifferently) {
  RepetitionRules no_mate_threats = PresetRules(RuleSet::kChinese);
  no_mate_threats.mate_threat_is_forcing = false;
  struct Case {
    const char* fen;
    const char* cycle;
    const char* chinese;
    const char* custom;
  };
  const Case cases[] = {
      {kMateThreatFen, kMateThreatCycle,
       "red allowed, black perpetual-mate-threat: black must vary",
       "red allowed, black allowed: draw"},
      {kMateAndChaseFen, kHorseChariotCycle,
       "red mate-threat-and-chase, black allowed: red must vary",
       "red perpetual-chase, black allowed: red must vary"},
  };
  for (const Case& c : cases) {
    Position start = MustParse(c.fen);
    std::vector<Move> cycle = Line(start, Repeat(c.cycle, 2));
    EXPECT_EQ(JudgeCycle(start, cycle, 1, kChineseRules, 2).Summary(),
              c.chinese);
    EXPECT_EQ(JudgeCycle(start, cycle, 1, no_mate_threats, 2).Summary(),
              c.custom);
  }
}

// Without 一打还二打, two perpetual chases draw whatever the pieces chased.
TEST(RepetitionRulesTest, CustomRulesWithoutChasedPiecesTieBreak) {
  RepetitionRules rules = kChineseRules;
  rules.more_pieces_chased_must_vary = false;
  Position start = MustParse(kTwoAgainstOneFen);
  std::vector<Move> cycle = Line(start, Repeat(kTwoAgainstOneCycle, 2));
  EXPECT_EQ(JudgeCycle(start, cycle, 1, kChineseRules, 2).outcome,
            RepetitionOutcome::kRedMustVary);
  RepetitionRuling r = JudgeCycle(start, cycle, 1, rules, 2);
  EXPECT_EQ(r.red_chased_pieces, 2);
  EXPECT_EQ(r.outcome, RepetitionOutcome::kDraw);
}

// Each named rule set selects its own preset.
TEST(RepetitionRulesTest, NamedRuleSetsSelectTheirPresets) {
  EXPECT_EQ(&PresetRules(RuleSet::kChinese), &kChineseRules);
  EXPECT_EQ(&PresetRules(RuleSet::kAsian), &kAsianRules);
  EXPECT_EQ(&PresetRules(RuleSet::kSimple), &kSimpleRules);
}

TEST(ConductNameTest, NamesAreStable) {
  EXPECT_STREQ(ConductName(Conduct::kPerpetualCheck), "perpetual-check");
  EXPECT_STREQ(ConductName(Conduct::kCheckAndChase), "check-and-chase");
  EXPECT_STREQ(RepetitionOutcomeName(RepetitionOutcome::kBlackMustVary),
               "black-must-vary");
}

}  // namespace
}  // namespace caipan::xiangqi

namespace caipan::xiangqi {
namespace {

// The decision table on two conducts, including pairs for which no cycle is
// constructed above (two perpetual checks — "resolve check and check back",
// AXF diagram 4's pattern — and perpetual check against a mate threat).
struct ConductPair {
  const char* name;
  RuleSet rules;
  Conduct red;
  Conduct black;
  int red_chased;
  int black_chased;
  RepetitionOutcome outcome;
};

class RuleOnConductsTest : public ::testing::TestWithParam<ConductPair> {};

TEST_P(RuleOnConductsTest, Decides) {
  const ConductPair& p = GetParam();
  EXPECT_EQ(RepetitionOutcomeName(RuleOnConducts(p.rules, p.red, p.black,
                                                 p.red_chased, p.black_chased)),
            std::string(RepetitionOutcomeName(p.outcome)));
}

constexpr RepetitionOutcome kDrawn = RepetitionOutcome::kDraw;
constexpr RepetitionOutcome kRedVaries = RepetitionOutcome::kRedMustVary;
constexpr RepetitionOutcome kBlackVaries = RepetitionOutcome::kBlackMustVary;

const ConductPair kPairs[] = {
    {"BothPerpetualCheckDraw", RuleSet::kChinese, Conduct::kPerpetualCheck,
     Conduct::kPerpetualCheck, 0, 0, kDrawn},
    {"BothPerpetualCheckDrawSimple", RuleSet::kSimple, Conduct::kPerpetualCheck,
     Conduct::kPerpetualCheck, 0, 0, kDrawn},
    {"CheckAgainstMateThreat", RuleSet::kChinese, Conduct::kPerpetualMateThreat,
     Conduct::kPerpetualCheck, 0, 0, kBlackVaries},
    {"CheckAgainstCheckAndChase", RuleSet::kChinese, Conduct::kPerpetualCheck,
     Conduct::kCheckAndChase, 0, 1, kRedVaries},
    {"MateThreatAgainstChaseDraw", RuleSet::kChinese,
     Conduct::kPerpetualMateThreat, Conduct::kPerpetualChase, 0, 1, kDrawn},
    {"MixedAgainstMixedDraw", RuleSet::kChinese, Conduct::kCheckAndChase,
     Conduct::kMateThreatAndChase, 1, 1, kDrawn},
    {"OneChaseAgainstTwo", RuleSet::kChinese, Conduct::kPerpetualChase,
     Conduct::kPerpetualChase, 1, 2, kBlackVaries},
    {"TwoChasesEqualAsianDraw", RuleSet::kAsian, Conduct::kPerpetualChase,
     Conduct::kPerpetualChase, 1, 2, kDrawn},
    {"CheckAgainstChaseAsian", RuleSet::kAsian, Conduct::kPerpetualChase,
     Conduct::kPerpetualCheck, 1, 0, kBlackVaries},
    {"OneSidedMixedMustVary", RuleSet::kChinese, Conduct::kAllowed,
     Conduct::kCheckAndMateThreat, 0, 0, kBlackVaries},
    {"SimpleIgnoresChases", RuleSet::kSimple, Conduct::kPerpetualChase,
     Conduct::kAllowed, 1, 0, kDrawn},
    {"BothAllowedDraw", RuleSet::kChinese, Conduct::kAllowed, Conduct::kAllowed,
     0, 0, kDrawn},
};

INSTANTIATE_TEST_SUITE_P(Pairs, RuleOnConductsTest, ::testing::ValuesIn(kPairs),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace caipan::xiangqi
