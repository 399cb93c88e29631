// The game state machine: the Chinese opening protocol step by step, its
// misuse, results under each rule set, passes and the full board.
#include "engine/gomoku/game.h"

#include <string>

#include "engine/gomoku/notation.h"
#include "engine/gomoku/symmetry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::gomoku {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

Action A(const std::string& token) {
  absl::StatusOr<Action> a = ParseAction(token);
  EXPECT_TRUE(a.ok()) << a.status();
  return *a;
}

// Applies tokens that must all be legal.
void Play(Game& g, const std::string& record) {
  absl::StatusOr<std::vector<Action>> actions = ParseRecord(record);
  ASSERT_TRUE(actions.ok()) << actions.status();
  for (const Action& a : *actions) {
    std::optional<Rejection> r = g.Apply(a);
    ASSERT_FALSE(r.has_value()) << a.text << ": " << r->message;
  }
}

IllegalReason Rejected(Game& g, const std::string& token) {
  std::optional<Rejection> r = g.Apply(A(token));
  EXPECT_TRUE(r.has_value()) << token << " was accepted";
  return r ? r->reason : IllegalReason::kGameOver;
}

TEST(GameTest, ChineseProtocolStepByStep) {
  Game g(RuleOptionsFor(RuleSet::kChinese));
  EXPECT_EQ(g.phase(), Phase::kOpeningMove);
  EXPECT_EQ(g.to_act(), Color::kBlack);
  EXPECT_THAT(g.AllowedActions(), ElementsAre(ActionType::kPlace));
  Play(g, "h8 h9 h10");
  EXPECT_EQ(g.phase(), Phase::kSwapDecision);
  EXPECT_EQ(g.to_act(), Color::kWhite);
  EXPECT_THAT(g.AllowedActions(),
              ElementsAre(ActionType::kSwap, ActionType::kNoSwap));
  ASSERT_TRUE(g.opening().has_value());
  EXPECT_STREQ(g.opening()->opening->name_zh, "寒星");
  Play(g, "swap");
  EXPECT_TRUE(g.swapped());
  EXPECT_EQ(g.phase(), Phase::kFourthMove);
  EXPECT_EQ(g.to_act(), Color::kWhite);
  Play(g, "i9");
  EXPECT_EQ(g.phase(), Phase::kFifthProposal);
  EXPECT_EQ(g.to_act(), Color::kBlack);
  EXPECT_THAT(g.AllowedActions(), ElementsAre(ActionType::kPropose));
  Play(g, "propose:i10,j10");
  EXPECT_EQ(g.phase(), Phase::kFifthChoice);
  EXPECT_EQ(g.to_act(), Color::kWhite);
  EXPECT_THAT(g.candidates().size(), 2u);
  Play(g, "choose:j10");
  EXPECT_EQ(g.phase(), Phase::kPlay);
  EXPECT_EQ(g.board().At(*ParsePoint("j10")), Stone::kBlack);
  EXPECT_TRUE(g.board().IsEmpty(*ParsePoint("i10")));
  EXPECT_EQ(g.moves(), 5);
  EXPECT_EQ(g.to_act(), Color::kWhite);
  EXPECT_THAT(g.AllowedActions(),
              ElementsAre(ActionType::kPlace, ActionType::kPass,
                          ActionType::kAgreeDraw));
}

TEST(GameTest, ActionsBuiltInCodeAreCheckedForTheBoard) {
  Game g(RuleOptionsFor(RuleSet::kGomokuFreestyle));
  EXPECT_EQ(g.Apply(Action::Place(Point{-1, 3}))->reason,
            IllegalReason::kOffBoard);
  EXPECT_EQ(g.Apply(Action::Place(Point{7, 15}))->reason,
            IllegalReason::kOffBoard);
  Game c(RuleOptionsFor(RuleSet::kChinese));
  Play(c, "h8 h9 h10 noswap i9");
  EXPECT_EQ(c.Apply(Action::Propose({Point{1, 1}, Point{20, 1}}))->reason,
            IllegalReason::kOffBoard);
  EXPECT_FALSE(c.Apply(Action::Propose({Point{9, 9}, Point{9, 10}})));
  EXPECT_EQ(c.Apply(Action::Choose(Point{9, 99}))->reason,
            IllegalReason::kOffBoard);
  EXPECT_FALSE(c.Apply(Action::Choose(Point{9, 10})));
}

TEST(GameTest, EveryDesignatedOpeningInEveryFormIsPlayable) {
  for (RuleSet rules : {RuleSet::kChinese, RuleSet::kRenjuRif}) {
    for (const Opening& o : DesignatedOpenings()) {
      for (int s = 0; s < kNumSymmetries; ++s) {
        Game g(RuleOptionsFor(rules));
        Play(g, "h8 " + PointName(ApplySymmetry(s, o.w2())) + " " +
                    PointName(ApplySymmetry(s, o.b3())));
        ASSERT_TRUE(g.opening().has_value());
        EXPECT_EQ(g.opening()->opening, &o) << o.id << " form " << s;
        EXPECT_EQ(g.phase(), Phase::kSwapDecision);
      }
    }
  }
}

TEST(GameTest, PlainPointChoosesWhileProposalPending) {
  Game g(RuleOptionsFor(RuleSet::kChinese));
  Play(g, "h8 h9 h10 noswap i9 propose:i10,j10 i10");
  EXPECT_EQ(g.board().At(*ParsePoint("i10")), Stone::kBlack);
  EXPECT_EQ(g.phase(), Phase::kPlay);
}

TEST(GameTest, DesignatedOpeningEnforced) {
  Game g(RuleOptionsFor(RuleSet::kChinese));
  EXPECT_EQ(Rejected(g, "a1"), IllegalReason::kNotDesignatedOpening);
  Play(g, "h8");
  EXPECT_EQ(Rejected(g, "h10"), IllegalReason::kNotDesignatedOpening);
  EXPECT_EQ(Rejected(g, "h8"), IllegalReason::kOccupied);
  Play(g, "i9");
  EXPECT_EQ(Rejected(g, "k11"), IllegalReason::kNotDesignatedOpening);
  EXPECT_EQ(Rejected(g, "p8"), IllegalReason::kOffBoard);
  EXPECT_EQ(Rejected(g, "i9"), IllegalReason::kOccupied);
  Play(g, "f6");  // I13 彗星
  EXPECT_STREQ(g.opening()->opening->id, "I13");
}

TEST(GameTest, ProtocolMisuseIsRejectedAndLeavesStateAlone) {
  Game g(RuleOptionsFor(RuleSet::kChinese));
  EXPECT_EQ(Rejected(g, "pass"), IllegalReason::kPassInOpening);
  EXPECT_EQ(Rejected(g, "swap"), IllegalReason::kNotAllowedNow);
  EXPECT_EQ(Rejected(g, "propose:i10,j10"), IllegalReason::kNotAllowedNow);
  EXPECT_EQ(Rejected(g, "choose:i10"), IllegalReason::kNotAllowedNow);
  Play(g, "h8 h9 h10");
  // Strict game: the swap decision may not be skipped.
  EXPECT_EQ(Rejected(g, "i9"), IllegalReason::kNotAllowedNow);
  EXPECT_EQ(Rejected(g, "pass"), IllegalReason::kPassInOpening);
  EXPECT_EQ(g.phase(), Phase::kSwapDecision);
  Play(g, "noswap");
  EXPECT_EQ(Rejected(g, "swap"), IllegalReason::kNotAllowedNow);
  EXPECT_EQ(Rejected(g, "pass"), IllegalReason::kPassInOpening);
  Play(g, "i9");
  EXPECT_EQ(Rejected(g, "j10"), IllegalReason::kNotAllowedNow);
  EXPECT_EQ(Rejected(g, "propose:i10"), IllegalReason::kWrongCandidateCount);
  EXPECT_EQ(Rejected(g, "propose:i10,j10,k10"),
            IllegalReason::kWrongCandidateCount);
  EXPECT_EQ(Rejected(g, "propose:i10,i10"), IllegalReason::kDuplicateCandidate);
  EXPECT_EQ(Rejected(g, "propose:i10,h9"), IllegalReason::kOccupied);
  EXPECT_EQ(Rejected(g, "propose:i10,q9"), IllegalReason::kOffBoard);
  EXPECT_EQ(Rejected(g, "pass"), IllegalReason::kPassInOpening);
  Play(g, "propose:i10,j10");
  EXPECT_EQ(Rejected(g, "choose:k10"), IllegalReason::kNotACandidate);
  EXPECT_EQ(Rejected(g, "k10"), IllegalReason::kNotACandidate);
  EXPECT_EQ(Rejected(g, "propose:i10,j10"), IllegalReason::kNotAllowedNow);
  EXPECT_EQ(Rejected(g, "pass"), IllegalReason::kPassInOpening);
  Play(g, "choose:i10");
  EXPECT_EQ(Rejected(g, "choose:j10"), IllegalReason::kNotAllowedNow);
  EXPECT_EQ(Rejected(g, "noswap"), IllegalReason::kNotAllowedNow);
  EXPECT_EQ(g.moves(), 5);
}

TEST(GameTest, EquivalentCandidatesUnderMirror) {
  // D1 with W4 on h7: the h-file is an axis, so i11 and g11 are the same.
  Game g(RuleOptionsFor(RuleSet::kChinese));
  Play(g, "h8 h9 h10 noswap h7");
  std::optional<Rejection> r = g.Apply(A("propose:i11,g11"));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->reason, IllegalReason::kEquivalentCandidates);
  EXPECT_THAT(r->message, HasSubstr("i11 and g11"));
  // i11 and i10 are different shapes.
  Play(g, "propose:i11,i10");
}

TEST(GameTest, EquivalentCandidatesUnderDiagonalAxis) {
  // I1 (长星) with W4 on g7: the a1-o15 diagonal is an axis of the position.
  Game g(RuleOptionsFor(RuleSet::kChinese));
  Play(g, "h8 i9 j10 noswap g7");
  EXPECT_EQ(Rejected(g, "propose:i10,j9"),
            IllegalReason::kEquivalentCandidates);
  EXPECT_EQ(Rejected(g, "propose:k9,i11"),
            IllegalReason::kEquivalentCandidates);
  EXPECT_EQ(Rejected(g, "propose:f9,i6"), IllegalReason::kEquivalentCandidates);
  // f9 and g10 are not mirror images across it.
  EXPECT_FALSE(g.Apply(A("propose:f9,g10")).has_value());
  Game g2(RuleOptionsFor(RuleSet::kChinese));
  Play(g2, "h8 i9 j10 noswap g7");
  // Points on the axis are only equivalent to themselves; off-axis points
  // with their mirror images only.
  Play(g2, "propose:k11,i10");
}

TEST(GameTest, EquivalentCandidatesUnderAntiDiagonalAxis) {
  // I1 turned a quarter: h8 g9 f10, W4 on i7; the axis runs a15-o1.
  Game g(RuleOptionsFor(RuleSet::kChinese));
  Play(g, "h8 g9 f10 noswap i7");
  EXPECT_EQ(Rejected(g, "propose:g10,f9"),
            IllegalReason::kEquivalentCandidates);
  Play(g, "propose:g10,e11");
}

TEST(GameTest, AsymmetricPositionAllowsAnyTwoPoints) {
  Game g(RuleOptionsFor(RuleSet::kChinese));
  Play(g, "h8 h9 i10 noswap j7");
  Play(g, "propose:g10,i8");
}

TEST(GameTest, FifthMoveWithThreeAlternatives) {
  RuleOptions o = RuleOptionsFor(RuleSet::kChinese);
  o.fifth_move_alternatives = 3;
  Game g(o);
  Play(g, "h8 h9 h10 noswap h7");
  EXPECT_EQ(Rejected(g, "propose:i11,i10"),
            IllegalReason::kWrongCandidateCount);
  EXPECT_EQ(Rejected(g, "propose:i11,i10,g10"),
            IllegalReason::kEquivalentCandidates);
  Play(g, "propose:i11,i10,j8");
  Play(g, "j8");
}

TEST(GameTest, ImpliedOpeningActions) {
  Game g(RuleOptionsFor(RuleSet::kChinese), /*implied_opening_actions=*/true);
  Play(g, "h8 h9 h10 i9 j10");
  EXPECT_FALSE(g.swapped());
  EXPECT_EQ(g.phase(), Phase::kPlay);
  // Decisions that are given are still checked.
  Game g2(RuleOptionsFor(RuleSet::kChinese), true);
  Play(g2, "h8 h9 h10 h7");
  EXPECT_EQ(Rejected(g2, "propose:i11,g11"),
            IllegalReason::kEquivalentCandidates);
  // Implied mode never lets a bad opening through.
  Game g3(RuleOptionsFor(RuleSet::kChinese), true);
  Play(g3, "h8 h9");
  EXPECT_EQ(Rejected(g3, "a1"), IllegalReason::kNotDesignatedOpening);
}

}  // namespace
}  // namespace caipan::gomoku
