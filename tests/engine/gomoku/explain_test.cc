// Gomoku texts in English and Chinese: every enum value has both, every
// rejection reason is explained in Chinese from a real record, and verdicts
// use the rulebook's terms.
#include "engine/gomoku/explain.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

namespace caipan::gomoku {
namespace {

using ::testing::HasSubstr;

constexpr Language kEn = Language::kEnglish;
constexpr Language kZh = Language::kChinese;

Verdict Judge(const std::string& moves, bool implied = true,
              RuleSet rules = RuleSet::kChinese) {
  AdjudicationOptions o;
  o.rules = RuleOptionsFor(rules);
  o.implied_opening_actions = implied;
  absl::StatusOr<Verdict> a = AdjudicateText(moves, "", o);
  EXPECT_TRUE(a.ok()) << a.status();
  return a.value_or(Verdict{});
}

template <typename Enum, typename TextFn>
void ExpectAllValues(int count, TextFn text, std::string_view what) {
  std::set<std::string_view> en_seen, zh_seen;
  for (int i = 0; i < count; ++i) {
    const Enum e = static_cast<Enum>(i);
    const std::string_view en = text(e, kEn), zh = text(e, kZh);
    EXPECT_FALSE(en.empty()) << what << " " << i;
    EXPECT_FALSE(zh.empty()) << what << " " << i;
    EXPECT_NE(en, zh) << what << " " << i;
    EXPECT_TRUE(en_seen.insert(en).second) << what << " " << en;
    EXPECT_TRUE(zh_seen.insert(zh).second) << what << " " << zh;
  }
}

TEST(GomokuExplainTermsTest, EveryValueHasBothLanguages) {
  ExpectAllValues<Color>(2, ColorText, "color");
  ExpectAllValues<PointKind>(5, PointKindText, "point kind");
  ExpectAllValues<ResultReason>(6, ResultReasonText, "result reason");
  ExpectAllValues<GameResult>(4, GameResultText, "result");
  ExpectAllValues<IllegalReason>(10, IllegalReasonText, "illegal reason");
  ExpectAllValues<ActionType>(kNumActionTypes, ActionTypeText, "action");
  ExpectAllValues<Phase>(7, PhaseText, "phase");
  ExpectAllValues<RuleSet>(4, RuleSetText, "rule set");
}

// A verdict reads as its result, or as 违例 once an action was rejected.
TEST(GomokuExplainTermsTest, VerdictTextNamesIllegalActions) {
  Verdict v;
  v.result = GameResult::kWhiteWins;
  EXPECT_EQ(VerdictText(v, kZh), "白胜");
  v = Judge("h8 h9 h10 i9 h9");
  ASSERT_TRUE(v.illegal.has_value());
  EXPECT_EQ(VerdictText(v, kZh), "违例");
  EXPECT_EQ(VerdictText(v, kEn), "illegal action");
}

TEST(GomokuExplainTermsTest, RulebookTerms) {
  EXPECT_EQ(PointKindText(PointKind::kDoubleThree, kZh), "三三禁手");
  EXPECT_EQ(PointKindText(PointKind::kDoubleFour, kZh), "四四禁手");
  EXPECT_EQ(PointKindText(PointKind::kOverline, kZh), "长连禁手");
  EXPECT_EQ(PointKindText(PointKind::kFive, kZh), "五连");
  EXPECT_EQ(PointKindText(PointKind::kDoubleThree, kEn),
            "double-three (forbidden)");
  EXPECT_EQ(ResultReasonText(ResultReason::kForbiddenMove, kZh), "禁手判负");
  EXPECT_EQ(ResultReasonText(ResultReason::kFullBoard, kZh), "满盘和棋");
  EXPECT_EQ(GameResultText(GameResult::kBlackWins, kZh), "黑胜");
  EXPECT_EQ(GameResultText(GameResult::kWhiteWins, kZh), "白胜");
  EXPECT_EQ(GameResultText(GameResult::kDraw, kZh), "和棋");
  EXPECT_EQ(IllegalReasonText(IllegalReason::kEquivalentCandidates, kZh),
            "两打同形");
  EXPECT_EQ(ActionTypeText(ActionType::kSwap, kZh), "交换");
  EXPECT_EQ(PhaseText(Phase::kSwapDecision, kZh), "三手交换");
}

struct RejectionCase {
  const char* record;
  bool implied;
  IllegalReason reason;
  const char* chinese;
};

TEST(GomokuExplainTest, EveryRejectionReasonInChinese) {
  const RejectionCase kCases[] = {
      {"h8 h9 h8", true, IllegalReason::kOccupied, "h8已有棋子"},
      {"h8 h9 h10 noswap i9 propose:h8,j10", false, IllegalReason::kOccupied,
       "五手打点中有已被占的点（propose:h8,j10）"},
      {"h8 p8", true, IllegalReason::kOffBoard, "p8不在棋盘上"},
      {"i9", true, IllegalReason::kNotDesignatedOpening,
       "第1手须下在天元h8，不能下在i9"},
      {"h8 j10", true, IllegalReason::kNotDesignatedOpening,
       "第2手须紧邻h8（直指或斜指），不能下在j10"},
      {"h8 h9 a1", true, IllegalReason::kNotDesignatedOpening,
       "第3手a1不构成26种指定开局之一（须在中心5×5范围内）"},
      {"h8 h9 h10 i9", false, IllegalReason::kNotAllowedNow,
       "此时不能落子，白方应交换或不交换"},
      {"h8 pass", true, IllegalReason::kPassInOpening, "开局阶段不能弃权"},
      {"h8 h9 h10 noswap i9 propose:i10", false,
       IllegalReason::kWrongCandidateCount,
       "五手2打：黑方须提出2个打点，实际1个"},
      {"h8 h9 h10 noswap i9 propose:i10,i10", false,
       IllegalReason::kDuplicateCandidate, "打点重复（propose:i10,i10）"},
      {"h8 h9 h10 noswap h11 propose:g12,i12", false,
       IllegalReason::kEquivalentCandidates,
       "两打同形：propose:g12,i12中的打点在当前局面的对称下等价，须两打不同形"},
      {"h8 h9 h10 noswap i9 propose:i10,j10 choose:k12", false,
       IllegalReason::kNotACandidate, "k12不是黑方所打之点（打点：i10 j10）"},
      {"h8 h9 h10 i9 j10 pass pass h11", true, IllegalReason::kGameOver,
       "对局已经结束，不能再行棋"},
  };
  std::set<IllegalReason> reached;
  const RuleOptions rules = RuleOptionsFor(RuleSet::kChinese);
  for (const RejectionCase& c : kCases) {
    const Verdict a = Judge(c.record, c.implied);
    ASSERT_TRUE(a.illegal.has_value()) << c.record;
    ASSERT_EQ(a.illegal->reason, c.reason)
        << c.record << ": " << a.illegal->message;
    reached.insert(c.reason);
    EXPECT_EQ(ExplainRejection(a, rules, kZh), c.chinese) << c.record;
    // English is the engine's message, unchanged.
    EXPECT_EQ(ExplainRejection(a, rules, kEn), a.illegal->message);
    EXPECT_THAT(ExplainAdjudication(a, rules, kZh),
                HasSubstr(std::string("违例（第") + std::to_string(a.ply)));
    EXPECT_THAT(ExplainAdjudication(a, rules, kEn),
                HasSubstr(a.illegal->message));
  }
  EXPECT_EQ(reached.size(), 10u);
}

TEST(GomokuExplainTest, Verdicts) {
  const RuleOptions rules = RuleOptionsFor(RuleSet::kChinese);
  const Verdict five = Judge("h8 h9 i9 g9 j10 f9 k11 e9 l12");
  EXPECT_EQ(ExplainAdjudication(five, rules, kZh),
            "黑胜：黑方第9手l12成五连。");
  EXPECT_EQ(ExplainAdjudication(five, rules, kEn),
            "Black wins: five in a row with black's move 9 at l12.");

  const Verdict three = Judge("h8 h9 h10 a15 b5 c15 c4 e15 c6 g15 d5 i15 c5");
  EXPECT_EQ(ExplainAdjudication(three, rules, kZh),
            "白胜：黑方第13手c5为三三禁手，禁手判负。");
  EXPECT_EQ(ExplainAdjudication(three, rules, kEn),
            "White wins: black's move 13 at c5 is a forbidden double-three "
            "and loses.");

  const Verdict six =
      Judge("h8 h9 h10 a15 c3 c15 d3 e15 e3 g15 g3 i15 h3 k15 f3");
  EXPECT_THAT(ExplainAdjudication(six, rules, kZh), HasSubstr("长连禁手"));
  EXPECT_THAT(ExplainAdjudication(six, rules, kEn), HasSubstr("overline"));

  const Verdict passes = Judge("h8 h9 h10 i9 j10 pass pass");
  EXPECT_EQ(ExplainAdjudication(passes, rules, kZh),
            "和棋：双方连续弃权（第7手）。");
  const Verdict agreed = Judge("h8 h9 h10 i9 j10 k11 draw");
  EXPECT_THAT(ExplainAdjudication(agreed, rules, kZh), HasSubstr("协议和棋"));
  EXPECT_THAT(ExplainAdjudication(agreed, rules, kEn), HasSubstr("Draw"));

  const Verdict ongoing = Judge("h8 h9 h10", /*implied=*/false);
  EXPECT_EQ(ExplainAdjudication(ongoing, rules, kZh),
            "对局未结束（已走3手），轮到白方：交换或不交换。");
  EXPECT_EQ(ExplainAdjudication(ongoing, rules, kEn),
            "The game is ongoing after 3 moves; white to act: swap or no "
            "swap.");
}

}  // namespace
}  // namespace caipan::gomoku
