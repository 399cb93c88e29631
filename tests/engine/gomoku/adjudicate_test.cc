// Verdict of whole records: results with reason and ply under each rule
// set, illegal actions, implied and explicit opening decisions, and merging
// --opening-actions into a plain record.
#include "engine/gomoku/adjudicate.h"

#include <optional>
#include <string>

#include "engine/gomoku/notation.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::gomoku {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

Verdict Judge(const std::string& moves, RuleSet rules = RuleSet::kChinese,
              const std::string& opening_actions = "", bool implied = true) {
  AdjudicationOptions o;
  o.rules = RuleOptionsFor(rules);
  o.implied_opening_actions = implied;
  absl::StatusOr<Verdict> a = AdjudicateText(moves, opening_actions, o);
  EXPECT_TRUE(a.ok()) << a.status();
  return a.value_or(Verdict{});
}

// Why the record's action was rejected, if one was.
std::optional<IllegalReason> IllegalOf(const Verdict& v) {
  if (!v.illegal) return std::nullopt;
  return v.illegal->reason;
}

// Black: h8 h10, then c3 d3 e3 g3 h3 and f3 (six); White far away.
constexpr char kOverlineRecord[] =
    "h8 h9 h10 a15 c3 c15 d3 e15 e3 g15 g3 i15 h3 k15 f3";

TEST(AdjudicateTest, BlackFive) {
  Verdict a = Judge("h8 h9 i9 g9 j10 f9 k11 e9 l12");
  EXPECT_EQ(a.result, GameResult::kBlackWins);
  EXPECT_EQ(a.reason, ResultReason::kFive);
  EXPECT_EQ(a.ply, 9);
  EXPECT_EQ(a.move, 9);
  EXPECT_EQ(a.point, ParsePoint("l12").value());
  EXPECT_STREQ(a.opening->opening->id, "D4");
}

TEST(AdjudicateTest, WhiteFive) {
  Verdict a = Judge("h8 h9 h10 i9 j10 g9 k11 f9 l12 e9");
  EXPECT_EQ(a.result, GameResult::kWhiteWins);
  EXPECT_EQ(a.reason, ResultReason::kFive);
  EXPECT_EQ(a.ply, 10);
}

TEST(AdjudicateTest, BlackOverlineByRuleSet) {
  Verdict a = Judge(kOverlineRecord);
  EXPECT_EQ(a.result, GameResult::kWhiteWins);
  EXPECT_EQ(a.reason, ResultReason::kForbiddenMove);
  EXPECT_EQ(a.forbidden_kind, PointKind::kOverline);
  EXPECT_EQ(a.ply, 15);
  EXPECT_EQ(Judge(kOverlineRecord, RuleSet::kRenjuRif).forbidden_kind,
            PointKind::kOverline);
  // Free-style: six is a win; standard: six is nothing, play goes on.
  a = Judge(kOverlineRecord, RuleSet::kGomokuFreestyle);
  EXPECT_EQ(a.result, GameResult::kBlackWins);
  EXPECT_EQ(a.reason, ResultReason::kFive);
  a = Judge(kOverlineRecord, RuleSet::kGomokuStandard);
  EXPECT_EQ(a.result, GameResult::kOngoing);
  EXPECT_EQ(a.ply, 15);
  EXPECT_EQ(a.to_act, Color::kWhite);
}

TEST(AdjudicateTest, WhiteOverlineWinsExceptInStandard) {
  // White a1 b1 c1 d1 f1 g1, then e1 (seven in a row).
  const std::string record =
      "h8 h9 h10 a1 j12 b1 l12 c1 n12 d1 e14 f1 n14 g1 l2 e1";
  EXPECT_EQ(Judge(record).result, GameResult::kWhiteWins);
  EXPECT_EQ(Judge(record, RuleSet::kGomokuFreestyle).result,
            GameResult::kWhiteWins);
  EXPECT_EQ(Judge(record, RuleSet::kGomokuStandard).result,
            GameResult::kOngoing);
}

TEST(AdjudicateTest, DoubleThreeLoses) {
  Verdict a = Judge("h8 h9 h10 a15 b5 c15 c4 e15 c6 g15 d5 i15 c5");
  EXPECT_EQ(a.result, GameResult::kWhiteWins);
  EXPECT_EQ(a.reason, ResultReason::kForbiddenMove);
  EXPECT_EQ(a.forbidden_kind, PointKind::kDoubleThree);
  EXPECT_EQ(a.ply, 13);
  EXPECT_EQ(a.point, ParsePoint("c5").value());
  // No forbidden moves in gomoku: play goes on.
  EXPECT_EQ(Judge("h8 h9 h10 a15 b5 c15 c4 e15 c6 g15 d5 i15 c5",
                  RuleSet::kGomokuStandard)
                .result,
            GameResult::kOngoing);
}

TEST(AdjudicateTest, FiveWithOverlineElsewhereWins) {
  // e5 completes a5-e5 and would make e2-e7 six.
  Verdict a = Judge(
      "h8 h9 h10 a15 a5 c15 b5 e15 c5 g15 d5 i15 e2 k15 e3 m15 e4 o15 e6 a13 "
      "e7 c13 e5");
  EXPECT_EQ(a.result, GameResult::kBlackWins);
  EXPECT_EQ(a.reason, ResultReason::kFive);
  EXPECT_EQ(a.ply, 23);
}

TEST(AdjudicateTest, TwoPassesDraw) {
  Verdict a = Judge("h8 h9 h10 i9 j10 pass pass");
  EXPECT_EQ(a.result, GameResult::kDraw);
  EXPECT_EQ(a.reason, ResultReason::kTwoPasses);
  EXPECT_EQ(a.ply, 7);
  // A stone between passes resets the count.
  EXPECT_EQ(Judge("h8 h9 h10 i9 j10 pass k11 pass").result,
            GameResult::kOngoing);
}

TEST(AdjudicateTest, AgreedDraw) {
  Verdict a = Judge("h8 h9 h10 i9 j10 k11 draw");
  EXPECT_EQ(a.result, GameResult::kDraw);
  EXPECT_EQ(a.reason, ResultReason::kAgreement);
  EXPECT_EQ(a.ply, 7);
  // Not during the opening.
  EXPECT_EQ(IllegalOf(Judge("h8 h9 h10 draw")), IllegalReason::kNotAllowedNow);
}

TEST(AdjudicateTest, FullBoardDraw) {
  // Stripes two wide, shifted by two per row: no row of three anywhere.
  std::string black, white;
  std::vector<std::string> b, w;
  for (int row = 0; row < kBoardSize; ++row) {
    for (int col = 0; col < kBoardSize; ++col) {
      const std::string name =
          PointName(Point{static_cast<int8_t>(col), static_cast<int8_t>(row)});
      ((col + 2 * row) % 4 < 2 ? b : w).push_back(name);
    }
  }
  ASSERT_EQ(b.size(), 113u);
  std::string record;
  for (size_t i = 0; i < b.size(); ++i) {
    record += b[i] + " ";
    if (i < w.size()) record += w[i] + " ";
  }
  Verdict a = Judge(record, RuleSet::kGomokuFreestyle);
  EXPECT_EQ(a.result, GameResult::kDraw);
  EXPECT_EQ(a.reason, ResultReason::kFullBoard);
  EXPECT_EQ(a.ply, 225);
  EXPECT_EQ(Judge(record, RuleSet::kGomokuStandard).reason,
            ResultReason::kFullBoard);
}

TEST(AdjudicateTest, FirstIllegalAction) {
  Verdict a = Judge("h8 h9 h10 i9 h9");
  ASSERT_TRUE(a.illegal.has_value());
  // The record is rejected; the engine rules no result.
  EXPECT_EQ(a.result, GameResult::kOngoing);
  EXPECT_EQ(IllegalOf(a), IllegalReason::kOccupied);
  EXPECT_EQ(a.ply, 5);
  EXPECT_EQ(a.action, "h9");
  EXPECT_THAT(a.illegal->message, HasSubstr("h9"));
  EXPECT_EQ(IllegalOf(Judge("h8 h9 h10 i9 p5")), IllegalReason::kOffBoard);
  EXPECT_EQ(IllegalOf(Judge("h8 h9 k8")), IllegalReason::kNotDesignatedOpening);
  EXPECT_EQ(IllegalOf(Judge("g7")), IllegalReason::kNotDesignatedOpening);
  EXPECT_EQ(IllegalOf(Judge("h8 pass")), IllegalReason::kPassInOpening);
  // Actions after the result.
  a = Judge("h8 h9 i9 g9 j10 f9 k11 e9 l12 a1");
  EXPECT_EQ(IllegalOf(a), IllegalReason::kGameOver);
  EXPECT_EQ(a.ply, 10);
}

// The stable names the CLI prints: the result, or "illegal".
TEST(AdjudicateTest, VerdictNames) {
  EXPECT_STREQ(VerdictName(Judge("h8 h9 i9 g9 j10 f9 k11 e9 l12")), "black");
  EXPECT_STREQ(VerdictName(Judge("h8 h9 h10")), "ongoing");
  EXPECT_STREQ(VerdictName(Judge("h8 h9 h10 i9 h9")), "illegal");
}

TEST(AdjudicateTest, OngoingSaysWhatComesNext) {
  Verdict a = Judge("h8 h9 h10", RuleSet::kChinese, "", false);
  EXPECT_EQ(a.result, GameResult::kOngoing);
  EXPECT_EQ(a.ply, 3);
  EXPECT_EQ(a.to_act, Color::kWhite);
  EXPECT_THAT(a.allowed, ElementsAre(ActionType::kSwap, ActionType::kNoSwap));
  a = Judge("h8 h9 h10 swap i9 propose:i10,j10");
  EXPECT_EQ(a.to_act, Color::kWhite);
  EXPECT_THAT(a.allowed, ElementsAre(ActionType::kChoose));
  EXPECT_EQ(a.candidates.size(), 2u);
  EXPECT_TRUE(a.swapped);
  EXPECT_EQ(a.ply, 6);
  EXPECT_EQ(a.move, 4);
  a = Judge("h8 h9", RuleSet::kGomokuFreestyle);
  EXPECT_THAT(a.allowed, ElementsAre(ActionType::kPlace, ActionType::kPass,
                                     ActionType::kAgreeDraw));
  EXPECT_EQ(Judge("").ply, 0);
}

TEST(AdjudicateTest, StrictOpeningRequiresDecisions) {
  Verdict a = Judge("h8 h9 h10 i9", RuleSet::kChinese, "", false);
  EXPECT_EQ(IllegalOf(a), IllegalReason::kNotAllowedNow);
  EXPECT_EQ(a.ply, 4);
  a = Judge("h8 h9 h10 noswap i9 j10", RuleSet::kChinese, "", false);
  EXPECT_EQ(IllegalOf(a), IllegalReason::kNotAllowedNow);
  EXPECT_EQ(a.ply, 6);
  a = Judge("h8 h9 h10 noswap i9 propose:i10,j10 j10 k11", RuleSet::kChinese,
            "", false);
  EXPECT_EQ(a.result, GameResult::kOngoing);
  EXPECT_EQ(a.move, 6);
}

TEST(AdjudicateTest, NoOpeningProtocolInGomoku) {
  // Any first move; no swap or proposal.
  EXPECT_EQ(Judge("a1 b2", RuleSet::kGomokuStandard).result,
            GameResult::kOngoing);
  EXPECT_EQ(IllegalOf(Judge("h8 h9 h10 swap", RuleSet::kGomokuStandard)),
            IllegalReason::kNotAllowedNow);
  EXPECT_EQ(Judge("pass pass", RuleSet::kGomokuFreestyle).reason,
            ResultReason::kTwoPasses);
}

TEST(AdjudicateTest, OpeningActionsMergeIntoPlainRecord) {
  Verdict a = Judge("h8 h9 h10 i9 j10 k11", RuleSet::kChinese,
                    "swap propose:i10,j10", false);
  EXPECT_EQ(a.result, GameResult::kOngoing);
  EXPECT_TRUE(a.swapped);
  EXPECT_EQ(a.ply, 8);
  EXPECT_EQ(a.move, 6);
  // With choose, move 5 of the record must be the chosen point.
  a = Judge("h8 h9 h10 i9 j10", RuleSet::kChinese,
            "noswap propose:i10,j10 choose:j10", false);
  EXPECT_EQ(a.result, GameResult::kOngoing);
  EXPECT_EQ(a.move, 5);
  // Decisions past the end of the record are appended.
  a = Judge("h8 h9 h10 i9", RuleSet::kChinese, "noswap propose:i10,j10", false);
  EXPECT_THAT(a.allowed, ElementsAre(ActionType::kChoose));
  // Equivalent candidates given apart are caught too.
  a = Judge("h8 h9 h10 h7 i11", RuleSet::kChinese, "noswap propose:i11,g11");
  EXPECT_EQ(IllegalOf(a), IllegalReason::kEquivalentCandidates);
  EXPECT_EQ(a.ply, 6);
  // A move 5 that was not proposed.
  a = Judge("h8 h9 h10 i9 k12", RuleSet::kChinese, "noswap propose:i10,j10");
  EXPECT_EQ(IllegalOf(a), IllegalReason::kNotACandidate);
}

TEST(AdjudicateTest, MergeErrors) {
  AdjudicationOptions o;
  auto err = [&](const std::string& moves, const std::string& opening) {
    return AdjudicateText(moves, opening, o).status();
  };
  EXPECT_THAT(err("h8 h9 h10 swap", "noswap").message(), HasSubstr("not both"));
  EXPECT_THAT(err("h8 h9 h10", "swap noswap").message(),
              HasSubstr("already given"));
  EXPECT_THAT(err("h8 h9 h10", "h11").message(), HasSubstr("only swap"));
  EXPECT_THAT(err("h8 h9 h10 i9 j10", "choose:j10").message(),
              HasSubstr("needs a propose"));
  EXPECT_THAT(err("h8 h9 h10 i9 i10", "propose:i10,j10 choose:j10").message(),
              HasSubstr("move 5"));
  EXPECT_THAT(err("h8 xx", "").message(), HasSubstr("--moves: token 2"));
  EXPECT_THAT(err("h8", "swop").message(), HasSubstr("--opening-actions"));
  o.rules.fifth_move_alternatives = 0;
  EXPECT_THAT(err("h8", "").message(), HasSubstr("fifth_move_alternatives"));
}

}  // namespace
}  // namespace caipan::gomoku
