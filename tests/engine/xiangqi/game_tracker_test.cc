// GameTracker: occurrences of the position after each move since the last
// capture, and the ruling on a repetition when asked for one.
#include "engine/xiangqi/game_tracker.h"

#include <string>
#include <vector>

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

TEST(GameTrackerTest, CountsOccurrencesAndRulesOnTheThird) {
  const Position start = FromFen(kCheckFen);
  const std::vector<Move> moves = Line(start, kCheckCycle);
  ASSERT_EQ(moves.size(), 8u);
  GameTracker tracker(start, RuleOptions{}, static_cast<int>(moves.size()));
  std::vector<int> occurrences;
  GameTracker::Step step;
  for (Move m : moves) {
    step = tracker.Play(m);
    occurrences.push_back(step.occurrences);
    if (occurrences.size() < moves.size()) EXPECT_FALSE(step.repetition);
  }
  EXPECT_EQ(occurrences, (std::vector<int>{1, 1, 1, 2, 2, 2, 2, 3}));
  ASSERT_TRUE(step.repetition);
  EXPECT_EQ(step.repetition->outcome, RepetitionOutcome::kRedMustVary);
  EXPECT_EQ(step.repetition->red, Conduct::kPerpetualCheck);
  EXPECT_EQ(step.repetition->black, Conduct::kAllowed);
  EXPECT_EQ(step.repetition->first_ply, 1);
  EXPECT_EQ(step.repetition->last_ply, 8);
  EXPECT_EQ(step.repetition->moves.size(), 8u);
  EXPECT_EQ(tracker.plies(), 8);
  EXPECT_EQ(tracker.position().Hash(), start.Hash());
}

TEST(GameTrackerTest, NoRulingUnlessAsked) {
  const Position start = FromFen(kCheckFen);
  GameTracker tracker(start, RuleOptions{}, 8);
  GameTracker::Step step;
  for (Move m : Line(start, kCheckCycle)) step = tracker.Play(m, false);
  EXPECT_EQ(step.occurrences, 3);
  EXPECT_FALSE(step.repetition);
}

TEST(GameTrackerTest, JudgesACycleAfterACapture) {
  // The rook takes a pawn and comes back; then the check cycle. The cycle's
  // first position is rebuilt from the one after the capture.
  const Position start = FromFen("4k4/9/5R3/9/9/9/5p3/9/9/3K5 w - - 0 1");
  const std::vector<Move> moves =
      Line(start, std::string("f7f3 e9e8 f3f7 e8e9 ") + kCheckCycle);
  ASSERT_EQ(moves.size(), 12u);
  GameTracker tracker(start, RuleOptions{}, 12);
  GameTracker::Step step;
  for (Move m : moves) step = tracker.Play(m);
  EXPECT_EQ(step.occurrences, 3);
  ASSERT_TRUE(step.repetition);
  EXPECT_EQ(step.repetition->outcome, RepetitionOutcome::kRedMustVary);
  EXPECT_EQ(step.repetition->first_ply, 5);
  EXPECT_EQ(step.repetition->last_ply, 12);
  EXPECT_EQ(step.repetition->moves.front().ply, 5);
  EXPECT_TRUE(step.repetition->moves.front().classification.check);
}

}  // namespace
}  // namespace caipan::xiangqi
