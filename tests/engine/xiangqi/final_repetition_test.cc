// The ruling on the position a game stands in (RuleOnFinalRepetition), and the
// occurrences GameAdjudicator counts after each move since the last capture.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/game_adjudicator.h"
#include "gtest/gtest.h"
#include "tests/engine/xiangqi/repetition_test_util.h"

namespace caipan::xiangqi {
namespace {

using testing::Line;

constexpr char kCheckFen[] = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
constexpr char kCheckCycle[] = "f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9";

Position FromFen(const char* fen) {
  absl::StatusOr<Position> pos = Position::FromFen(fen);
  EXPECT_TRUE(pos.ok()) << pos.status();
  return pos.ok() ? *pos : Position::Start();
}

TEST(FinalRepetitionTest, CountsOccurrencesAndRulesFromTheThird) {
  const Position start = FromFen(kCheckFen);
  const std::vector<Move> moves = Line(start, kCheckCycle);
  ASSERT_EQ(moves.size(), 8u);
  GameAdjudicator game(start, RuleOptions{.mode = AdjudicationMode::kClaim});
  std::vector<int> occurrences;
  for (Move m : moves) {
    game.Play(m);
    occurrences.push_back(game.occurrences());
    if (occurrences.size() < moves.size()) {
      EXPECT_FALSE(game.RuleOnCurrentRepetition());
    }
  }
  EXPECT_EQ(occurrences, (std::vector<int>{1, 1, 1, 2, 2, 2, 2, 3}));
  const std::optional<RepetitionRuling> ruling = game.RuleOnCurrentRepetition();
  ASSERT_TRUE(ruling);
  EXPECT_EQ(ruling->outcome, RepetitionOutcome::kRedMustVary);
  EXPECT_EQ(ruling->red, Conduct::kPerpetualCheck);
  EXPECT_EQ(ruling->black, Conduct::kAllowed);
  EXPECT_EQ(ruling->first_ply, 1);
  EXPECT_EQ(ruling->last_ply, 8);
  EXPECT_EQ(ruling->moves.size(), 8u);
  // Asking decides nothing.
  EXPECT_FALSE(game.decided());
  EXPECT_EQ(game.plies(), 8);
  EXPECT_EQ(game.position().Hash(), start.Hash());
}

TEST(FinalRepetitionTest, AutomaticRulesStillCountToTheEnd) {
  // Twelve plies: the third occurrence comes at ply 8, the fourth at ply 12.
  // An automatic adjudicator would stop at ply 8; the final ruling does not.
  const Position start = FromFen(kCheckFen);
  const std::vector<Move> moves =
      Line(start, std::string(kCheckCycle) + " f7e7 e9f9 e7f7 f9e9");
  ASSERT_EQ(moves.size(), 12u);
  const FinalRepetition found = RuleOnFinalRepetition(
      start, moves, RuleOptions{.mode = AdjudicationMode::kAutomatic});
  EXPECT_EQ(found.occurrences, 4);
  ASSERT_TRUE(found.ruling);
  EXPECT_EQ(found.ruling->outcome, RepetitionOutcome::kRedMustVary);
  // Two cycles, from the second occurrence.
  EXPECT_EQ(found.ruling->first_ply, 5);
  EXPECT_EQ(found.ruling->last_ply, 12);
  EXPECT_EQ(found.position.Hash(), start.Hash());
}

TEST(FinalRepetitionTest, NoRulingBeforeTheThirdOccurrence) {
  const Position start = FromFen(kCheckFen);
  const std::vector<Move> moves = Line(start, kCheckCycle);
  const FinalRepetition found = RuleOnFinalRepetition(
      start, std::span<const Move>(moves).first(7), RuleOptions{});
  EXPECT_EQ(found.occurrences, 2);
  EXPECT_FALSE(found.ruling);
}

TEST(FinalRepetitionTest, JudgesACycleAfterACapture) {
  // The rook takes a pawn and comes back; then the check cycle. The cycle's
  // first position is rebuilt from the one after the capture.
  const Position start = FromFen("4k4/9/5R3/9/9/9/5p3/9/9/3K5 w - - 0 1");
  const std::vector<Move> moves =
      Line(start, std::string("f7f3 e9e8 f3f7 e8e9 ") + kCheckCycle);
  ASSERT_EQ(moves.size(), 12u);
  const FinalRepetition found =
      RuleOnFinalRepetition(start, moves, RuleOptions{});
  EXPECT_EQ(found.occurrences, 3);
  ASSERT_TRUE(found.ruling);
  EXPECT_EQ(found.ruling->outcome, RepetitionOutcome::kRedMustVary);
  EXPECT_EQ(found.ruling->first_ply, 5);
  EXPECT_EQ(found.ruling->last_ply, 12);
  EXPECT_EQ(found.ruling->moves.front().ply, 5);
  EXPECT_TRUE(found.ruling->moves.front().classification.check);
}

}  // namespace
}  // namespace caipan::xiangqi
