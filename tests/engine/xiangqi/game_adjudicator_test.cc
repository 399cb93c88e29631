// The move-by-move adjudicator behind Adjudicate, PlayGame and CheckMove: its
// verdict after each move equals Adjudicate's on the same prefix.
#include "engine/xiangqi/game_adjudicator.h"

#include <gtest/gtest.h>

#include <vector>

#include "tests/engine/xiangqi/repetition_test_util.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using testing::Line;
using testing::MustParse;
using testing::Repeat;

constexpr char kChaseFen[] = "4k4/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1";
constexpr char kChaseCycle[] = "c2b2 b7c7 b2c2 c7b7";

void ExpectSame(const Verdict& a, const Verdict& b) {
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.reason, b.reason);
  EXPECT_EQ(a.ply, b.ply);
  EXPECT_EQ(a.trailing_moves, b.trailing_moves);
  EXPECT_EQ(a.final_fen, b.final_fen);
  EXPECT_EQ(a.repetition.has_value(), b.repetition.has_value());
}

TEST(GameAdjudicatorTest, EachPrefixMatchesAdjudicate) {
  for (AdjudicationMode mode :
       {AdjudicationMode::kAutomatic, AdjudicationMode::kClaim}) {
    RuleOptions options;
    options.mode = mode;
    const Position start = MustParse(kChaseFen);
    const std::vector<Move> moves = Line(start, Repeat(kChaseCycle, 3));
    GameAdjudicator game(start, options);
    for (size_t i = 0; i < moves.size(); ++i) {
      game.Play(moves[i]);
      SCOPED_TRACE(i);
      ExpectSame(game.Current(),
                 Adjudicate(start, std::span(moves).first(i + 1), options));
    }
  }
}

TEST(GameAdjudicatorTest, MateIsSeenWithoutAnotherMove) {
  GameAdjudicator game(MustParse("4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1"),
                       RuleOptions{});
  for (Move m : Line(game.position(), "a7a8 e9f9 b1b9")) game.Play(m);
  const Verdict v = game.Current();
  EXPECT_EQ(v.result, GameResult::kRedWins);
  EXPECT_EQ(v.reason, VerdictReason::kCheckmate);
  EXPECT_EQ(v.ply, 3);
}

TEST(GameAdjudicatorTest, UnplayableMoveLosesForItsMover) {
  GameAdjudicator game(Position::Start(), RuleOptions{});
  for (Move m : Line(game.position(), "h2e2")) game.Play(m);
  game.Unplayable("no black chariot there");
  EXPECT_TRUE(game.decided());
  const Verdict v = game.Current();
  EXPECT_EQ(v.result, GameResult::kRedWins);
  EXPECT_EQ(v.reason, VerdictReason::kIllegalMove);
  EXPECT_EQ(v.ply, 2);
  ASSERT_TRUE(v.illegal.has_value());
  EXPECT_EQ(v.illegal->reason, "no black chariot there");
}

TEST(GameAdjudicatorTest, ClaimsAreIgnoredInAutomaticModeAndAfterTheEnd) {
  GameAdjudicator automatic(MustParse(kChaseFen), RuleOptions{});
  EXPECT_FALSE(automatic.Claim(std::nullopt).has_value());
  RuleOptions claim_mode;
  claim_mode.mode = AdjudicationMode::kClaim;
  GameAdjudicator game(MustParse(kChaseFen), claim_mode);
  std::optional<ClaimRuling> early = game.Claim(Color::kBlack);
  ASSERT_TRUE(early.has_value());
  EXPECT_EQ(early->outcome, ClaimRuling::Outcome::kRejected);
  EXPECT_EQ(early->claimant, Color::kBlack);
}

}  // namespace
}  // namespace caipan::xiangqi
