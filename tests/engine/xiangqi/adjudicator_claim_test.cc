// Claim mode: nothing is ruled unless a player claims; at a claim the arbiter
// draws or orders the offender to vary, and the offender loses only if the
// forbidden cycle recurs after the order. Also --repetitions K in automatic
// mode. Positions constructed for this suite and checked legal.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/repetition_test_util.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using testing::Line;
using testing::MustParse;
using testing::Repeat;

// The red chariot chases the unprotected black cannon (c2/b2 vs b7/c7).
constexpr char kChaseFen[] = "4k4/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1";
constexpr char kChaseCycle[] = "c2b2 b7c7 b2c2 c7b7";
// The same, with the cannon protected by the h7 chariot: an allowed cycle.
constexpr char kProtectedFen[] = "4k4/9/1c5r1/9/9/9/9/2R1B4/9/3K5 w - - 0 1";
constexpr char kCheckFen[] = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
constexpr char kCheckCycle[] = "f7e7 e9f9 e7f7 f9e9";
constexpr char kQuietLine[] = "h0g2 h9g7 b0c2 b9c7 a0a1 a9a8";

Verdict ClaimLine(std::string_view fen, std::string_view line,
                  std::vector<Claim> claims, RuleOptions options = {}) {
  options.mode = AdjudicationMode::kClaim;
  Position start = MustParse(fen);
  std::vector<Move> moves = Line(start, line);
  return Adjudicate(start, moves, options, claims);
}

TEST(ClaimModeTest, WithoutClaimsNothingIsRuled) {
  // Three full cycles of a forbidden chase: a record of a real game goes on.
  Verdict v = ClaimLine(kChaseFen, Repeat(kChaseCycle, 3), {});
  EXPECT_EQ(v.result, GameResult::kOngoing);
  EXPECT_EQ(v.ply, 12);
  EXPECT_EQ(v.trailing_moves, 0);
  EXPECT_TRUE(v.vary_orders.empty());
  EXPECT_TRUE(v.claims.empty());
  // Where a claim was possible, and what one at the end would give.
  ASSERT_FALSE(v.claimable.empty());
  EXPECT_EQ(v.claimable[0].ply, 8);
  ASSERT_TRUE(v.claim_at_end.has_value());
  EXPECT_EQ(v.claim_at_end->outcome, ClaimRuling::Outcome::kOrderToVary);
  EXPECT_EQ(v.claim_at_end->ply, 12);
  EXPECT_EQ(v.claim_at_end->claimant, Color::kRed);  // red to move at the end
  ASSERT_TRUE(v.claim_at_end->repetition.has_value());
  EXPECT_EQ(v.claim_at_end->repetition->red, Conduct::kPerpetualChase);
}

TEST(ClaimModeTest, EndOfRecordWithoutRepetitionReportsNoClaim) {
  Verdict v = ClaimLine(kChaseFen, kChaseCycle, {});
  EXPECT_EQ(v.result, GameResult::kOngoing);
  EXPECT_FALSE(v.claim_at_end.has_value());
}

TEST(ClaimModeTest, ClaimOrdersTheOffenderToVary) {
  Verdict v =
      ClaimLine(kChaseFen, Repeat(kChaseCycle, 2), {{8, Color::kBlack}});
  EXPECT_EQ(v.result, GameResult::kOngoing);
  ASSERT_EQ(v.claims.size(), 1u);
  EXPECT_EQ(v.claims[0].outcome, ClaimRuling::Outcome::kOrderToVary);
  EXPECT_EQ(v.claims[0].claimant, Color::kBlack);
  EXPECT_EQ(v.claims[0].occurrences, 3);
  ASSERT_EQ(v.vary_orders.size(), 1u);
  EXPECT_EQ(v.vary_orders[0].side, Color::kRed);
  EXPECT_EQ(v.vary_orders[0].ply, 8);
  EXPECT_EQ(v.vary_orders[0].ruling.red, Conduct::kPerpetualChase);
}

TEST(ClaimModeTest, OffenderLosesWhenTheCycleRecursAfterTheOrder) {
  // Ordered at ply 8; red plays the same cycle again and the position after
  // ply 8 recurs after ply 12: red loses there, judged on plies 9-12.
  Verdict v = ClaimLine(kChaseFen, Repeat(kChaseCycle, 4), {{8, {}}});
  EXPECT_EQ(v.result, GameResult::kBlackWins);
  EXPECT_EQ(v.reason, VerdictReason::kPerpetualChase);
  EXPECT_EQ(v.ply, 12);
  EXPECT_EQ(v.trailing_moves, 4);
  ASSERT_TRUE(v.repetition.has_value());
  EXPECT_EQ(v.repetition->first_ply, 9);
  EXPECT_EQ(v.repetition->last_ply, 12);
}

TEST(ClaimModeTest, OffenderThatVariesPlaysOn) {
  // After the order red's king steps aside instead of chasing: no loss, and a
  // later repetition of the same chase is ruled only if claimed again.
  Verdict v = ClaimLine(
      kCheckFen, std::string(Repeat(kCheckCycle, 2)) + " d0d1 e9e8 d1d0 e8e9",
      {{8, {}}});
  EXPECT_EQ(v.result, GameResult::kOngoing);
  EXPECT_EQ(v.vary_orders.size(), 1u);
  EXPECT_EQ(v.vary_orders[0].ruling.red, Conduct::kPerpetualCheck);
}

TEST(ClaimModeTest, PerpetualCheckRepeatedAfterTheOrderLoses) {
  Verdict v = ClaimLine(kCheckFen, Repeat(kCheckCycle, 3), {{8, {}}});
  EXPECT_EQ(v.result, GameResult::kBlackWins);
  EXPECT_EQ(v.reason, VerdictReason::kPerpetualCheck);
  EXPECT_EQ(v.ply, 12);
}

TEST(ClaimModeTest, AllowedRepetitionClaimDraws) {
  Verdict v = ClaimLine(kProtectedFen, Repeat(kChaseCycle, 3), {{8, {}}});
  EXPECT_EQ(v.result, GameResult::kDraw);
  EXPECT_EQ(v.reason, VerdictReason::kRepetitionDraw);
  EXPECT_EQ(v.ply, 8);
  EXPECT_EQ(v.trailing_moves, 4);
  ASSERT_EQ(v.claims.size(), 1u);
  EXPECT_EQ(v.claims[0].outcome, ClaimRuling::Outcome::kRepetitionDraw);
  ASSERT_TRUE(v.repetition.has_value());
}

TEST(ClaimModeTest, ClaimBeforeTheThirdOccurrenceIsRejected) {
  Verdict v = ClaimLine(kChaseFen, Repeat(kChaseCycle, 2), {{4, {}}});
  EXPECT_EQ(v.result, GameResult::kOngoing);
  ASSERT_EQ(v.claims.size(), 1u);
  EXPECT_EQ(v.claims[0].outcome, ClaimRuling::Outcome::kRejected);
  EXPECT_EQ(v.claims[0].occurrences, 2);
  EXPECT_TRUE(v.vary_orders.empty());
}

TEST(ClaimModeTest, NaturalLimitDrawsOnlyWhenClaimed) {
  RuleOptions o;
  o.natural_limit_rounds = 3;
  Verdict unclaimed = ClaimLine(kStartFen, kQuietLine, {}, o);
  EXPECT_EQ(unclaimed.result, GameResult::kOngoing);
  ASSERT_TRUE(unclaimed.claim_at_end.has_value());
  EXPECT_EQ(unclaimed.claim_at_end->outcome,
            ClaimRuling::Outcome::kNaturalLimitDraw);
  Verdict early = ClaimLine(kStartFen, kQuietLine, {{5, {}}}, o);
  EXPECT_EQ(early.result, GameResult::kOngoing);
  EXPECT_EQ(early.claims[0].outcome, ClaimRuling::Outcome::kRejected);
  Verdict claimed = ClaimLine(kStartFen, kQuietLine, {{6, Color::kRed}}, o);
  EXPECT_EQ(claimed.result, GameResult::kDraw);
  EXPECT_EQ(claimed.reason, VerdictReason::kNaturalLimit);
  EXPECT_EQ(claimed.ply, 6);
}

TEST(ClaimModeTest, ClaimBeforeTheFirstMoveUsesTheFenHalfmoveClock) {
  RuleOptions o;
  o.natural_limit_rounds = 3;
  Verdict v = ClaimLine(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 6 4",
      "h0g2", {{0, {}}}, o);
  EXPECT_EQ(v.result, GameResult::kDraw);
  EXPECT_EQ(v.reason, VerdictReason::kNaturalLimit);
  EXPECT_EQ(v.ply, 0);
  EXPECT_EQ(v.trailing_moves, 1);
}

TEST(ClaimModeTest, ClaimsAreIgnoredInAutomaticMode) {
  Position start = MustParse(kChaseFen);
  std::vector<Move> moves = Line(start, Repeat(kChaseCycle, 1));
  const Claim claims[] = {{4, {}}};
  Verdict v = Adjudicate(start, moves, RuleOptions{}, claims);
  EXPECT_TRUE(v.claims.empty());
}

TEST(RepetitionsOptionTest, AutomaticRulingWaitsForTheKthOccurrence) {
  RuleOptions o;
  o.repetitions = 4;
  Position start = MustParse(kChaseFen);
  std::vector<Move> two = Line(start, Repeat(kChaseCycle, 2));
  EXPECT_EQ(Adjudicate(start, two, o).result, GameResult::kOngoing);
  std::vector<Move> three = Line(start, Repeat(kChaseCycle, 3));
  Verdict v = Adjudicate(start, three, o);
  EXPECT_EQ(v.result, GameResult::kBlackWins);
  EXPECT_EQ(v.ply, 12);
  // The last two cycles are judged.
  ASSERT_TRUE(v.repetition.has_value());
  EXPECT_EQ(v.repetition->first_ply, 5);
}

TEST(RepetitionsOptionTest, OutOfRangeIsRejected) {
  RuleOptions o;
  o.repetitions = 2;
  EXPECT_FALSE(ValidateRuleOptions(o).ok());
  o.repetitions = 101;
  EXPECT_FALSE(ValidateRuleOptions(o).ok());
  o.repetitions = 5;
  EXPECT_TRUE(ValidateRuleOptions(o).ok());
}

}  // namespace
}  // namespace caipan::xiangqi
