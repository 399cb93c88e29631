// Game adjudication: results, reasons, deciding plies, claim mode, illegal
// moves. Positions constructed for this suite and checked legal.
#include "engine/xiangqi/adjudicator.h"

#include <gtest/gtest.h>

#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/repetition_test_util.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using testing::Line;
using testing::MustParse;
using testing::Repeat;

constexpr char kTwoRooksFen[] = "4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1";
constexpr char kChaseFen[] = "4k4/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1";
constexpr char kChaseCycle[] = "c2b2 b7c7 b2c2 c7b7";
constexpr char kCheckFen[] = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
constexpr char kCheckCycle[] = "f7e7 e9f9 e7f7 f9e9";

Verdict AdjudicateLine(std::string_view fen, std::string_view line,
                       RuleOptions options = {}) {
  Position start = MustParse(fen);
  std::vector<Move> moves = Line(start, line);
  return Adjudicate(start, moves, options);
}

RuleOptions ClaimMode() {
  RuleOptions o;
  o.mode = AdjudicationMode::kClaim;
  return o;
}

TEST(AdjudicatorTest, Checkmate) {
  // Two rooks: a8 takes rank 8, b9 mates.
  Verdict v = AdjudicateLine(kTwoRooksFen, "a7a8 e9f9 b1b9");
  EXPECT_EQ(v.result, GameResult::kRedWins);
  EXPECT_EQ(v.reason, VerdictReason::kCheckmate);
  EXPECT_EQ(v.ply, 3);
  EXPECT_EQ(v.trailing_moves, 0);
  EXPECT_EQ(v.final_fen, "1R3k3/R8/9/9/9/9/9/9/9/3K5 b - - 3 2");
}

TEST(AdjudicatorTest, StalemateLosesForTheSideToMove) {
  // The lone black king on d9 has no move: rank 8 is the rook's, e9/e8 face
  // the red king.
  Verdict v = AdjudicateLine("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1", "a7a8");
  EXPECT_EQ(v.result, GameResult::kRedWins);
  EXPECT_EQ(v.reason, VerdictReason::kStalemate);
  EXPECT_EQ(v.ply, 1);
}

TEST(AdjudicatorTest, StartPositionAlreadyMated) {
  Verdict v = AdjudicateLine("1R3k3/R8/9/9/9/9/9/9/9/3K5 b - - 0 1", "");
  EXPECT_EQ(v.result, GameResult::kRedWins);
  EXPECT_EQ(v.reason, VerdictReason::kCheckmate);
  EXPECT_EQ(v.ply, 0);
}

TEST(AdjudicatorTest, MovesAfterMateAreTrailing) {
  Position start = MustParse(kTwoRooksFen);
  std::vector<Move> moves = Line(start, "a7a8 e9f9 b1b9");
  moves.push_back(Move{static_cast<uint8_t>(MakeSquare(5, 9)),
                       static_cast<uint8_t>(MakeSquare(5, 8))});
  Verdict v = Adjudicate(start, moves, RuleOptions{});
  EXPECT_EQ(v.reason, VerdictReason::kCheckmate);
  EXPECT_EQ(v.ply, 3);
  EXPECT_EQ(v.trailing_moves, 1);
  EXPECT_FALSE(v.illegal.has_value());
}

TEST(AdjudicatorTest, FirstIllegalMoveIsReported) {
  Position start = Position::Start();
  std::vector<Move> moves = Line(start, "h2e2 h9g7");
  moves.push_back(Move{0, 45});  // a0a5: the a3 pawn is in the way
  moves.push_back(Move{1, 20});
  Verdict v = Adjudicate(start, moves, RuleOptions{});
  EXPECT_EQ(v.result, GameResult::kBlackWins);  // red's move: red loses
  EXPECT_EQ(v.reason, VerdictReason::kIllegalMove);
  EXPECT_EQ(v.ply, 3);
  ASSERT_TRUE(v.illegal.has_value());
  EXPECT_EQ(v.illegal->ply, 3);
  EXPECT_EQ(ToIccs(v.illegal->move), "a0a5");
  EXPECT_FALSE(v.illegal->reason.empty());
  EXPECT_EQ(v.trailing_moves, 1);
}

TEST(AdjudicatorTest, EmptyGameIsOngoing) {
  Verdict v = Adjudicate(Position::Start(), {}, RuleOptions{});
  EXPECT_EQ(v.result, GameResult::kOngoing);
  EXPECT_EQ(v.reason, VerdictReason::kOngoing);
  EXPECT_EQ(v.ply, 0);
  EXPECT_EQ(v.limit_red.rounds_remaining, 60);
}

// A caller's deadline stops a long adjudication part way; a stop that never
// comes changes nothing.
TEST(AdjudicatorTest, StopsWhenAsked) {
  const Position start = Position::Start();
  const std::vector<Move> moves =
      Line(start, Repeat("h2e2 h9g7 e2h2 g7h9", 100));
  int asked = 0;
  std::optional<Verdict> stopped =
      AdjudicateUnlessStopped(start, moves, ClaimMode(), [&] {
        ++asked;
        return asked == 2;
      });
  EXPECT_FALSE(stopped.has_value());
  EXPECT_EQ(asked, 2);
  std::optional<Verdict> whole =
      AdjudicateUnlessStopped(start, moves, ClaimMode(), [] { return false; });
  ASSERT_TRUE(whole.has_value());
  const Verdict plain = Adjudicate(start, moves, ClaimMode());
  EXPECT_EQ(whole->ply, plain.ply);
  EXPECT_EQ(whole->reason, plain.reason);
  EXPECT_EQ(whole->claimable.size(), plain.claimable.size());
}

TEST(AdjudicatorTest, TwoOccurrencesDoNotRule) {
  Verdict v = AdjudicateLine(kCheckFen, kCheckCycle);
  EXPECT_EQ(v.result, GameResult::kOngoing);
  EXPECT_FALSE(v.repetition.has_value());
  EXPECT_TRUE(v.claimable.empty());
}

TEST(AdjudicatorTest, ThirdOccurrenceAfterIntermezzoStillCounts) {
  // The cycle is played, then red varies once and comes back; the position
  // still occurs a third time and the span judged contains red's varied
  // (idle) moves, so there is no perpetual check: draw.
  Verdict v =
      AdjudicateLine(kCheckFen, "f7e7 e9f9 e7f7 f9e9 d0d1 e9e8 d1d0 e8e9");
  EXPECT_EQ(v.result, GameResult::kDraw);
  EXPECT_EQ(v.reason, VerdictReason::kRepetitionDraw);
  EXPECT_EQ(v.ply, 8);
}

TEST(AdjudicatorTest, CaptureStartsAFreshCount) {
  // The start position occurs twice, then the red cannon takes the h9 horse
  // and the rook retakes; counting starts again from the position after ply
  // 6, which occurs a third time at ply 14.
  constexpr char kLine[] =
      "h0g2 h9g7 g2h0 g7h9 h2h9 i9h9 h0g2 h9i9 g2h0 i9h9 h0g2 h9i9 g2h0 i9h9";
  Verdict v = AdjudicateLine(kStartFen, kLine);
  EXPECT_EQ(v.result, GameResult::kDraw);
  EXPECT_EQ(v.reason, VerdictReason::kRepetitionDraw);
  EXPECT_EQ(v.ply, 14);
  ASSERT_TRUE(v.repetition.has_value());
  EXPECT_EQ(v.repetition->first_ply, 7);
  EXPECT_EQ(v.limit_red.plies_since_capture, 8);
  std::string shorter(kLine, sizeof(kLine) - 6);  // without the last ply
  EXPECT_EQ(AdjudicateLine(kStartFen, shorter).result, GameResult::kOngoing);
}

TEST(AdjudicatorTest, ClaimModeRepetitionDrawIsClaimable) {
  Verdict v = AdjudicateLine("4k4/9/1c5r1/9/9/9/9/2R1B4/9/3K5 w - - 0 1",
                             Repeat(kChaseCycle, 2), ClaimMode());
  EXPECT_EQ(v.result, GameResult::kOngoing);
  ASSERT_EQ(v.claimable.size(), 1u);
  EXPECT_EQ(v.claimable[0].kind, ClaimableDraw::Kind::kRepetition);
  EXPECT_EQ(v.claimable[0].ply, 8);
  EXPECT_FALSE(v.claimable[0].claimant.has_value());
}

TEST(AdjudicatorTest, AutomaticModeEndsAtTheForbiddenCycle) {
  // Moves after the deciding ply are not examined.
  Verdict v = AdjudicateLine(kChaseFen, Repeat(kChaseCycle, 3));
  EXPECT_EQ(v.result, GameResult::kBlackWins);
  EXPECT_EQ(v.ply, 8);
  EXPECT_EQ(v.trailing_moves, 4);
}

TEST(AdjudicatorTest, NamesAreStable) {
  EXPECT_STREQ(GameResultName(GameResult::kRedWins), "1-0");
  EXPECT_STREQ(GameResultName(GameResult::kBlackWins), "0-1");
  EXPECT_STREQ(GameResultName(GameResult::kDraw), "1/2-1/2");
  EXPECT_STREQ(GameResultName(GameResult::kOngoing), "*");
  EXPECT_STREQ(VerdictReasonName(VerdictReason::kMixedForbiddenCycle),
               "mixed-forbidden-cycle");
  EXPECT_STREQ(VerdictReasonName(VerdictReason::kNaturalLimit),
               "natural-limit");
}

}  // namespace
}  // namespace caipan::xiangqi
