// Natural move limit: P plies since the last capture (FEN counters ignored), E
// of the claimant's checks not counted by the policy; reached when
// P >= 2 * (N + E). Small N keeps the lines short; positions constructed.
#include "engine/xiangqi/natural_limit.h"

#include <gtest/gtest.h>

#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/repetition_test_util.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using testing::Line;
using testing::MustParse;

// Six quiet developing moves from the start: no capture, no check.
constexpr char kQuiet6[] = "h0g2 h9g7 b0c2 b9c7 a0a1 a9a8";
// Red's rook checks on every red move (a9, a8), the black king steps.
constexpr char kCheckingFen[] = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
constexpr char kRedChecks[] = "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e7";

RuleOptions Limit(int rounds, CheckCountPolicy policy) {
  RuleOptions o;
  o.natural_limit_rounds = rounds;
  o.limit_checks = policy;
  return o;
}

NaturalLimitStatus StatusAfter(std::string_view fen, std::string_view line,
                               Color claimant, const RuleOptions& options) {
  Position start = MustParse(fen);
  std::vector<Move> moves = Line(start, line);
  absl::StatusOr<NaturalLimitStatus> s =
      ComputeNaturalLimit(start, moves, claimant, options);
  EXPECT_TRUE(s.ok()) << s.status();
  return s.ok() ? *s : NaturalLimitStatus{};
}

TEST(NaturalLimitTest, AllChecksCountReachedAtTwiceN) {
  RuleOptions o = Limit(3, CheckCountPolicy::All());
  NaturalLimitStatus five =
      StatusAfter(kStartFen, "h0g2 h9g7 b0c2 b9c7 a0a1", Color::kRed, o);
  EXPECT_FALSE(five.reached);
  EXPECT_EQ(five.plies_since_capture, 5);
  EXPECT_EQ(five.rounds_counted, 2);
  EXPECT_EQ(five.rounds_remaining, 1);
  NaturalLimitStatus six = StatusAfter(kStartFen, kQuiet6, Color::kRed, o);
  EXPECT_TRUE(six.reached);
  EXPECT_EQ(six.rounds_counted, 3);
  EXPECT_EQ(six.rounds_remaining, 0);
  EXPECT_EQ(six.first_reached_ply, 6);
}

// A record from a FEN counts the FEN's halfmove clock: plies without capture
// played before it.
TEST(NaturalLimitTest, FenHalfmoveClockCounts) {
  RuleOptions o = Limit(3, CheckCountPolicy::All());
  NaturalLimitStatus s = StatusAfter(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR "
      "w - - 4 3",
      "h0g2", Color::kBlack, o);
  EXPECT_EQ(s.plies_since_capture, 5);
  EXPECT_FALSE(s.reached);
  s = StatusAfter(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR "
      "w - - 4 3",
      "h0g2 h9g7", Color::kBlack, o);
  EXPECT_EQ(s.plies_since_capture, 6);
  EXPECT_TRUE(s.reached);
  EXPECT_EQ(s.first_reached_ply, 2);
}

TEST(NaturalLimitTest, AllPolicyCountsChecks) {
  NaturalLimitStatus s = StatusAfter(kCheckingFen, kRedChecks, Color::kRed,
                                     Limit(4, CheckCountPolicy::All()));
  EXPECT_EQ(s.claimant_checks, 4);
  EXPECT_EQ(s.uncounted_checks, 0);
  EXPECT_TRUE(s.reached);
}

TEST(NaturalLimitTest, NonePolicyClaimantChecksExtendTheLimit) {
  // Red claims: its 4 checks do not count, so 8 plies give 0 rounds counted.
  NaturalLimitStatus red = StatusAfter(kCheckingFen, kRedChecks, Color::kRed,
                                       Limit(2, CheckCountPolicy::None()));
  EXPECT_EQ(red.claimant_checks, 4);
  EXPECT_EQ(red.uncounted_checks, 4);
  EXPECT_EQ(red.rounds_counted, 0);
  EXPECT_EQ(red.rounds_remaining, 2);
  EXPECT_FALSE(red.reached);  // needs 2 * (2 + 4) = 12 plies
  // Black claims: red's checks are the other side's and always count.
  NaturalLimitStatus black =
      StatusAfter(kCheckingFen, kRedChecks, Color::kBlack,
                  Limit(2, CheckCountPolicy::None()));
  EXPECT_EQ(black.claimant_checks, 0);
  EXPECT_TRUE(black.reached);
  EXPECT_EQ(black.first_reached_ply, 4);
}

TEST(NaturalLimitTest, AtMostKFirstKChecksCount) {
  // K = 3: the fourth check does not count, so the limit moves one round out.
  RuleOptions o = Limit(4, CheckCountPolicy::AtMost(3));
  NaturalLimitStatus s = StatusAfter(kCheckingFen, kRedChecks, Color::kRed, o);
  EXPECT_EQ(s.uncounted_checks, 1);
  EXPECT_EQ(s.rounds_counted, 3);
  EXPECT_FALSE(s.reached);  // 8 plies < 2 * (4 + 1)
  // K = 4: every check counts.
  s = StatusAfter(kCheckingFen, kRedChecks, Color::kRed,
                  Limit(4, CheckCountPolicy::AtMost(4)));
  EXPECT_EQ(s.uncounted_checks, 0);
  EXPECT_TRUE(s.reached);
}

TEST(NaturalLimitTest, CaptureRestartsTheCount) {
  // The red cannon takes on h7 at ply 5; three quiet plies follow.
  NaturalLimitStatus s =
      StatusAfter(kStartFen, "h2e2 h9g7 b0c2 b9c7 e2e6 a9a8 a0a1 i9i8",
                  Color::kRed, Limit(2, CheckCountPolicy::All()));
  EXPECT_EQ(s.plies_since_capture, 3);
  EXPECT_EQ(s.rounds_counted, 1);
  EXPECT_FALSE(s.reached);
}

TEST(NaturalLimitTest, CheckAfterReachingCanUndoIt) {
  // N = 1, red claims, no red check counts: reached at ply 2, a red check at
  // ply 3 needs a further round (P = 3 < 2 * (1 + 1)), reached again at 4.
  RuleOptions o = Limit(1, CheckCountPolicy::None());
  NaturalLimitCounter counter(o, 0);
  counter.OnPly(1, Color::kRed, false, false);
  counter.OnPly(2, Color::kBlack, false, false);
  EXPECT_TRUE(counter.Reached(Color::kRed));
  counter.OnPly(3, Color::kRed, false, true);
  EXPECT_FALSE(counter.Reached(Color::kRed));
  EXPECT_EQ(counter.Status(Color::kRed).first_reached_ply, 2);
  counter.OnPly(4, Color::kBlack, false, false);
  EXPECT_TRUE(counter.Reached(Color::kRed));
}

TEST(NaturalLimitTest, IllegalMoveNamesThePly) {
  Position start = Position::Start();
  std::vector<Move> moves = Line(start, "h0g2 h9g7");
  moves.push_back(Move{0, 45});  // a0a5 through the a3 pawn
  absl::StatusOr<NaturalLimitStatus> s =
      ComputeNaturalLimit(start, moves, Color::kRed, RuleOptions{});
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("ply 3"), std::string_view::npos)
      << s.status();
}

TEST(NaturalLimitTest, AutomaticModeDrawsWhenReached) {
  Position start = Position::Start();
  std::vector<Move> moves = Line(start, kQuiet6);
  RuleOptions o = Limit(3, CheckCountPolicy::All());
  Verdict v = Adjudicate(start, moves, o);
  EXPECT_EQ(v.result, GameResult::kDraw);
  EXPECT_EQ(v.reason, VerdictReason::kNaturalLimit);
  EXPECT_EQ(v.ply, 6);
  // One round more: not yet.
  v = Adjudicate(start, moves, Limit(4, CheckCountPolicy::All()));
  EXPECT_EQ(v.result, GameResult::kOngoing);
  EXPECT_EQ(v.limit_red.rounds_remaining, 1);
}

TEST(NaturalLimitTest, ClaimModeOffersTheDrawToTheClaimant) {
  // Under "none", red's checks delay red's claim but not black's.
  Position start = MustParse(kCheckingFen);
  std::vector<Move> moves = Line(start, kRedChecks);
  RuleOptions o = Limit(2, CheckCountPolicy::None());
  o.mode = AdjudicationMode::kClaim;
  Verdict v = Adjudicate(start, moves, o);
  EXPECT_EQ(v.result, GameResult::kOngoing);
  ASSERT_EQ(v.claimable.size(), 1u);
  EXPECT_EQ(v.claimable[0].kind, ClaimableDraw::Kind::kNaturalLimit);
  EXPECT_EQ(v.claimable[0].claimant, Color::kBlack);
  EXPECT_EQ(v.claimable[0].ply, 4);
  EXPECT_FALSE(v.limit_red.reached);
  EXPECT_TRUE(v.limit_black.reached);
}

TEST(RuleOptionsTest, ParsesCheckPolicies) {
  EXPECT_EQ(*ParseCheckCountPolicy("none"), CheckCountPolicy::None());
  EXPECT_EQ(*ParseCheckCountPolicy("all"), CheckCountPolicy::All());
  EXPECT_EQ(*ParseCheckCountPolicy("10"), CheckCountPolicy::AtMost(10));
  EXPECT_FALSE(ParseCheckCountPolicy("-1").ok());
  EXPECT_FALSE(ParseCheckCountPolicy("ten").ok());
  EXPECT_FALSE(ParseCheckCountPolicy("").ok());
  EXPECT_EQ(CheckCountPolicyName(CheckCountPolicy::AtMost(8)), "8");
  EXPECT_EQ(*ParseRuleSet("asian"), RuleSet::kAsian);
  EXPECT_FALSE(ParseRuleSet("xyz").ok());
  EXPECT_EQ(*ParseAdjudicationMode("claim"), AdjudicationMode::kClaim);
  EXPECT_FALSE(ParseAdjudicationMode("auto").ok());
  RuleOptions bad;
  bad.natural_limit_rounds = 0;
  EXPECT_FALSE(ValidateRuleOptions(bad).ok());
  EXPECT_TRUE(ValidateRuleOptions(RuleOptions{}).ok());
}

}  // namespace
}  // namespace caipan::xiangqi
