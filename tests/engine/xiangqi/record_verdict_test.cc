// The rules' verdict beside a record's stated result: the outcome reported,
// its source, and when and why they disagree.
#include "engine/xiangqi/record_verdict.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/xiangqi/adjudicator.h"
#include "tests/engine/xiangqi/repetition_test_util.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using ::testing::HasSubstr;
using testing::Line;
using testing::MustParse;
using testing::Repeat;

constexpr char kTwoRooksFen[] = "4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1";
constexpr char kCheckFen[] = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
constexpr char kCheckCycle[] = "f7e7 e9f9 e7f7 f9e9";

Verdict Judge(std::string_view fen, std::string_view line,
              AdjudicationMode mode = AdjudicationMode::kClaim) {
  RuleOptions options;
  options.mode = mode;
  Position start = MustParse(fen);
  std::vector<Move> moves = Line(start, line);
  return Adjudicate(start, moves, options);
}

RecordedOutcome Recorded(std::string result) {
  RecordedOutcome r;
  r.result = std::move(result);
  return r;
}

TEST(RecordVerdictTest, MateAgreesWithTheRecord) {
  const Verdict v = Judge(kTwoRooksFen, "a7a8 e9f9 b1b9");
  RecordComparison c =
      CompareWithRecord(v, Recorded("1-0"), Language::kEnglish);
  EXPECT_EQ(c.outcome, "1-0");
  EXPECT_EQ(c.source, OutcomeSource::kRules);
  EXPECT_EQ(c.agrees, true);
}

TEST(RecordVerdictTest, RulesContradictingTheRecordSaySo) {
  const Verdict v = Judge(kTwoRooksFen, "a7a8 e9f9 b1b9");
  RecordComparison c =
      CompareWithRecord(v, Recorded("0-1"), Language::kEnglish);
  EXPECT_EQ(c.agrees, false);
  EXPECT_THAT(c.disagreement, HasSubstr("the record says 0-1"));
  EXPECT_THAT(c.disagreement, HasSubstr("checkmated"));
  RecordComparison zh =
      CompareWithRecord(v, Recorded("0-1"), Language::kChinese);
  EXPECT_THAT(zh.disagreement, HasSubstr("记录为黑胜"));
}

TEST(RecordVerdictTest, OpenGameTakesTheRecordedResult) {
  const Verdict v = Judge(kStartFen, "h2e2 h9g7");
  RecordComparison c =
      CompareWithRecord(v, Recorded("1-0"), Language::kEnglish);
  EXPECT_EQ(c.outcome, "1-0");
  EXPECT_EQ(c.source, OutcomeSource::kRecord);
  EXPECT_FALSE(c.agrees.has_value());
  RecordComparison none =
      CompareWithRecord(v, Recorded(""), Language::kEnglish);
  EXPECT_EQ(none.outcome, "*");
  EXPECT_EQ(none.source, OutcomeSource::kNone);
}

// A recorded 1-0 after red's own perpetual check: a claim at the end would
// order red to vary, so the record is questioned.
TEST(RecordVerdictTest, RecordedWinForTheSideInAForbiddenCycle) {
  const Verdict v = Judge(kCheckFen, Repeat(kCheckCycle, 2));
  ASSERT_TRUE(v.claim_at_end.has_value());
  RecordComparison c =
      CompareWithRecord(v, Recorded("1-0"), Language::kEnglish);
  EXPECT_EQ(c.source, OutcomeSource::kRecord);
  EXPECT_EQ(c.agrees, false);
  EXPECT_THAT(c.disagreement, HasSubstr("perpetual check"));
  // Black's win is what the rules would give: nothing to question.
  RecordComparison black =
      CompareWithRecord(v, Recorded("0-1"), Language::kEnglish);
  EXPECT_FALSE(black.agrees.has_value());
}

TEST(RecordVerdictTest, RecordGoingOnAfterTheEndDisagrees) {
  const Verdict v =
      Judge(kCheckFen, Repeat(kCheckCycle, 3), AdjudicationMode::kAutomatic);
  RecordComparison c =
      CompareWithRecord(v, Recorded("0-1"), Language::kEnglish);
  EXPECT_EQ(c.agrees, false);
  EXPECT_THAT(c.disagreement, HasSubstr("goes on for 4 more moves"));
}

}  // namespace
}  // namespace caipan::xiangqi
