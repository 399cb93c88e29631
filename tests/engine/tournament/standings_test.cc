#include "engine/tournament/standings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "engine/tournament/event.h"
#include "engine/tournament/tiebreak.h"
#include "engine/tournament/tiebreak_values.h"
#include "tests/engine/tournament/standings_test_events.h"

namespace caipan::tournament {
namespace {

using test_events::EventBuilder;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<int> Numbers(const std::vector<StandingRow>& rows) {
  std::vector<int> numbers;
  for (const StandingRow& row : rows) numbers.push_back(row.number);
  return numbers;
}

std::vector<int> Places(const std::vector<StandingRow>& rows) {
  std::vector<int> places;
  for (const StandingRow& row : rows) places.push_back(row.place);
  return places;
}

// The six-player event of tiebreak_test.cc:
//   R1: 1-4 1-0, 2-5 draw, 3-6 1-0
//   R2: 1-3 1-0, 2-6 1-0, 4-5 draw
//   R3: 1-2 draw, 3-5 0-1, 4-6 1-0
// Scores: P1 5, P2 4, P5 4, P4 3, P3 2, P6 0; all 对手分 are 9.
EventBuilder SixPlayers() {
  EventBuilder builder(6);
  builder.Game(1, 1, 4, '1')
      .Game(1, 2, 5, '=')
      .Game(1, 3, 6, '1')
      .Game(2, 1, 3, '1')
      .Game(2, 2, 6, '1')
      .Game(2, 4, 5, '=')
      .Game(3, 1, 2, '=')
      .Game(3, 3, 5, '0')
      .Game(3, 4, 6, '1');
  return builder;
}

TEST(StandingsTest, PointsOnly) {
  const std::vector<StandingRow> rows =
      ComputeStandings(SixPlayers().event(), 3, {});
  // P2 and P5 share second place (listed by start number); P4 is 4th.
  EXPECT_THAT(Numbers(rows), ElementsAre(1, 2, 5, 4, 3, 6));
  EXPECT_THAT(Places(rows), ElementsAre(1, 2, 2, 4, 5, 6));
  EXPECT_EQ(rows[0].points, 5);
  EXPECT_TRUE(rows[0].tiebreaks.empty());
}

TEST(StandingsTest, XiangqiSwissChainByHand) {
  // P2 and P5: 对手分 9 and 9, 胜局 1 and 1, 犯规 0 and 0, 直胜 a draw
  // (1 and 1), 后走局数 1 and 3: P5 ahead.
  const std::vector<StandingRow> rows = ComputeStandings(
      SixPlayers().event(), 3, DefaultTieBreaks(EventFormat::kXiangqiSwiss));
  EXPECT_THAT(Numbers(rows), ElementsAre(1, 5, 2, 4, 3, 6));
  EXPECT_THAT(Places(rows), ElementsAre(1, 2, 3, 4, 5, 6));
  // opp, wins, fouls, direct, black-games, previous.
  EXPECT_THAT(rows[1].tiebreaks, ElementsAre(9, 1, 0, 1, 3, 211));
  EXPECT_THAT(rows[2].tiebreaks, ElementsAre(9, 1, 0, 1, 1, 121));
  // P1 was alone on 5 points: no tied group to meet.
  EXPECT_THAT(rows[0].tiebreaks, ElementsAre(9, 2, 0, 0, 0, 122));
}

TEST(StandingsTest, FewerFoulsRankHigher) {
  EventBuilder builder = SixPlayers();
  builder.Fouls(5, 1);
  const std::vector<StandingRow> rows = ComputeStandings(
      builder.event(), 3, DefaultTieBreaks(EventFormat::kXiangqiSwiss));
  EXPECT_THAT(Numbers(rows), ElementsAre(1, 2, 5, 4, 3, 6));
  EXPECT_EQ(rows[1].tiebreaks[2], 0);
  EXPECT_EQ(rows[2].tiebreaks[2], 1);
  // Split before 直胜: each is alone in its group there.
  EXPECT_EQ(rows[1].tiebreaks[3], 0);
}

TEST(StandingsTest, GomokuSwissChainUsesMedianOpponentScores) {
  // 对手分 9 and 9; 中间对手分 P2 4 (of 4, 0, 5), P5 3 (of 4, 3, 2).
  const std::vector<StandingRow> rows = ComputeStandings(
      SixPlayers().event(), 3, DefaultTieBreaks(EventFormat::kGomokuSwiss));
  EXPECT_THAT(Numbers(rows), ElementsAre(1, 2, 5, 4, 3, 6));
  EXPECT_THAT(rows[1].tiebreaks, ElementsAre(9, 4, 1));
  EXPECT_THAT(rows[2].tiebreaks, ElementsAre(9, 3, 1));
}

TEST(StandingsTest, CumulativeScores) {
  // P2 ran 1, 3, 4 (8); P5 1, 2, 4 (7).
  const std::vector<StandingRow> rows =
      ComputeStandings(SixPlayers().event(), 3, {TieBreak::kCumulativeScores});
  EXPECT_THAT(Numbers(rows), ElementsAre(1, 2, 5, 4, 3, 6));
  EXPECT_EQ(rows[1].tiebreaks[0], 8);
  EXPECT_EQ(rows[2].tiebreaks[0], 7);
}

TEST(StandingsTest, PreviousRoundsComparesTheLastRoundFirst) {
  // P5 won the last round, P2 drew it.
  const std::vector<StandingRow> rows =
      ComputeStandings(SixPlayers().event(), 3, {TieBreak::kPreviousRounds});
  EXPECT_THAT(Numbers(rows), ElementsAre(1, 5, 2, 4, 3, 6));
  // R1: 1-2 1-0, 3-4 0-1; R2: 2-3 1-0, 4-1 1-0.
  // Scores: P4 4, P1 2 (won, lost), P2 2 (lost, won), P3 0.
  const Event event = EventBuilder(4)
                          .Game(1, 1, 2, '1')
                          .Game(1, 3, 4, '0')
                          .Game(2, 2, 3, '1')
                          .Game(2, 4, 1, '1')
                          .event();
  const std::vector<StandingRow> back =
      ComputeStandings(event, 2, {TieBreak::kPreviousRounds});
  // P4 4; then P1 (R2 0, R1 2) vs P2 (R2 2, R1 0): P2 won the last round.
  EXPECT_THAT(Numbers(back), ElementsAre(4, 2, 1, 3));
  EXPECT_EQ(back[1].tiebreaks[0], 20);
  EXPECT_EQ(back[2].tiebreaks[0], 2);  // "02"
}

TEST(StandingsTest, LaterRoundsAreIgnored) {
  // After two rounds: P1 4, P2 3, P3 2, P5 2, P4 1, P6 0; P3 and P5 have
  // 对手分 4 (P6 0 + P1 4; P2 3 + P4 1) and P3 has the win.
  const std::vector<StandingRow> rows = ComputeStandings(
      SixPlayers().event(), 2, DefaultTieBreaks(EventFormat::kXiangqiSwiss));
  EXPECT_THAT(Numbers(rows), ElementsAre(1, 2, 3, 5, 4, 6));
  EXPECT_THAT(Places(rows), ElementsAre(1, 2, 3, 4, 5, 6));
  EXPECT_EQ(rows[2].tiebreaks[0], 4);
  EXPECT_EQ(rows[3].tiebreaks[0], 4);
  EXPECT_EQ(rows[2].tiebreaks[1], 1);
  EXPECT_EQ(rows[3].tiebreaks[1], 0);
}

TEST(StandingsTest, UnplayedRoundCountsNothing) {
  EventBuilder builder = SixPlayers();
  builder.Game(4, 1, 5, '*').Game(4, 2, 3, '*').Game(4, 4, 6, '*');
  const std::vector<TieBreak> chain =
      DefaultTieBreaks(EventFormat::kXiangqiSwiss);
  std::vector<StandingRow> with_unplayed =
      ComputeStandings(builder.event(), 4, chain);
  std::vector<StandingRow> before =
      ComputeStandings(SixPlayers().event(), 3, chain);
  ASSERT_EQ(with_unplayed.size(), before.size());
  for (size_t i = 0; i < before.size(); ++i) {
    EXPECT_EQ(with_unplayed[i].number, before[i].number);
    EXPECT_EQ(with_unplayed[i].points, before[i].points);
    // Previous rounds reads a 0 for round 4 first, a leading zero that
    // leaves its number as it was.
    for (size_t k = 0; k < chain.size(); ++k) {
      EXPECT_EQ(with_unplayed[i].tiebreaks[k], before[i].tiebreaks[k]);
    }
  }
}

// Four players tied on 6 points whose games among themselves give
// P1 4, P2 2, P3 2, P4 4 (1 beat 2 and 3, 2 beat 3, 3 beat 4, 4 beat 1 and
// 2); between the two pairs still tied, 4 beat 1 and 2 beat 3. Players 5–8
// only fill the field (all their games among themselves are drawn):
//   R1: 1-2 1-0, 3-4 1-0, 5-6 =, 7-8 =
//   R2: 1-3 1-0, 4-2 1-0, 5-7 =, 6-8 =
//   R3: 4-1 1-0, 2-3 1-0, 5-8 =, 6-7 =
//   R4: 1-5 =, 2-6 1-0, 3-7 1-0, 4-8 =
//   R5: 1-6 =, 2-5 1-0, 3-8 1-0, 4-7 =
// P1–P4 6 points each; P5–P8 4 each.
Event TiedFour() {
  return EventBuilder(8)
      .Game(1, 1, 2, '1')
      .Game(1, 3, 4, '1')
      .Game(1, 5, 6, '=')
      .Game(1, 7, 8, '=')
      .Game(2, 1, 3, '1')
      .Game(2, 4, 2, '1')
      .Game(2, 5, 7, '=')
      .Game(2, 6, 8, '=')
      .Game(3, 4, 1, '1')
      .Game(3, 2, 3, '1')
      .Game(3, 5, 8, '=')
      .Game(3, 6, 7, '=')
      .Game(4, 1, 5, '=')
      .Game(4, 2, 6, '1')
      .Game(4, 3, 7, '1')
      .Game(4, 4, 8, '=')
      .Game(5, 1, 6, '=')
      .Game(5, 2, 5, '1')
      .Game(5, 3, 8, '1')
      .Game(5, 4, 7, '=')
      .event();
}

TEST(StandingsTest, MiniPointsAppliedAgainToTheStillTied) {
  const Event event = TiedFour();
  ASSERT_TRUE(CheckResults(event, 5).ok());
  const std::vector<StandingRow> rows =
      ComputeStandings(event, 5, {TieBreak::kMiniPoints});
  EXPECT_THAT(Numbers(rows), ElementsAre(4, 1, 2, 3, 5, 6, 7, 8));
  EXPECT_THAT(Places(rows), ElementsAre(1, 2, 3, 4, 5, 5, 5, 5));
  // The value is the points among the whole tied group of four.
  EXPECT_EQ(rows[0].tiebreaks[0], 4);
  EXPECT_EQ(rows[1].tiebreaks[0], 4);
  EXPECT_EQ(rows[2].tiebreaks[0], 2);
  EXPECT_EQ(rows[3].tiebreaks[0], 2);
  // P5–P8: three draws among themselves each.
  EXPECT_EQ(rows[4].tiebreaks[0], 3);
}

TEST(StandingsTest, MiniPointsOnceWhenNotRepeated) {
  TieBreakOptions options;
  options.repeat_head_to_head = false;
  const std::vector<StandingRow> rows =
      ComputeStandings(TiedFour(), 5, {TieBreak::kMiniPoints}, options);
  EXPECT_THAT(Numbers(rows), ElementsAre(1, 4, 2, 3, 5, 6, 7, 8));
  EXPECT_THAT(Places(rows), ElementsAre(1, 1, 3, 3, 5, 5, 5, 5));
}

TEST(StandingsTest, DirectEncounterWhenAllMet) {
  // The four met each other: the same as 小分.
  const std::vector<StandingRow> rows =
      ComputeStandings(TiedFour(), 5, {TieBreak::kDirectEncounter});
  EXPECT_THAT(Numbers(rows), ElementsAre(4, 1, 2, 3, 5, 6, 7, 8));
  EXPECT_THAT(Places(rows), ElementsAre(1, 2, 3, 4, 5, 5, 5, 5));
}

// Three players on 2 points where only P1 and P2 met (P1 won):
//   R1: 1-2 1-0, 3-4 0-1, 5-6 1-0
//   R2: 2-6 1-0, 1-4 0-1, 3-5 1-0
// P1 2, P2 2, P3 2, P4 4, P5 2, P6 0. Tied on 2: P1, P2, P3, P5.
TEST(StandingsTest, DirectEncounterNeedsEveryTiedPlayerToHaveMet) {
  const Event event = EventBuilder(6)
                          .Game(1, 1, 2, '1')
                          .Game(1, 3, 4, '0')
                          .Game(1, 5, 6, '1')
                          .Game(2, 2, 6, '1')
                          .Game(2, 1, 4, '0')
                          .Game(2, 3, 5, '1')
                          .event();
  ASSERT_TRUE(CheckResults(event, 2).ok());
  std::vector<StandingRow> rows =
      ComputeStandings(event, 2, {TieBreak::kDirectEncounter});
  EXPECT_THAT(Numbers(rows), ElementsAre(4, 1, 2, 3, 5, 6));
  EXPECT_THAT(Places(rows), ElementsAre(1, 2, 2, 2, 2, 6));
  for (int i = 1; i <= 4; ++i) EXPECT_EQ(rows[i].tiebreaks[0], 0);
  // 小分 does not ask that: P1 2 (beat P2), P3 2 (beat P5), P2 0, P5 0;
  // again among {P1, P3} (never met: 0, 0) and {P2, P5} (never met).
  rows = ComputeStandings(event, 2, {TieBreak::kMiniPoints});
  EXPECT_THAT(Numbers(rows), ElementsAre(4, 1, 3, 2, 5, 6));
  EXPECT_THAT(Places(rows), ElementsAre(1, 2, 2, 4, 4, 6));
  // Another event: R1 1-2 0-1, 3-4 0-1, 5-6 1-0; R2 as before.
  EventBuilder other(6);
  other.Game(1, 1, 2, '0')
      .Game(1, 3, 4, '0')
      .Game(1, 5, 6, '1')
      .Game(2, 2, 6, '1')
      .Game(2, 1, 4, '0')
      .Game(2, 3, 5, '1');
  // P2 4, P4 4, P3 2, P5 2, P1 0, P6 0: P2 and P4 never met; P3 and P5
  // met in round 2 (P3 won); P1 and P6 never met.
  rows = ComputeStandings(other.event(), 2, {TieBreak::kDirectEncounter});
  EXPECT_THAT(Numbers(rows), ElementsAre(2, 4, 3, 5, 1, 6));
  EXPECT_THAT(Places(rows), ElementsAre(1, 1, 3, 4, 5, 5));
  EXPECT_EQ(rows[2].tiebreaks[0], 2);
  EXPECT_EQ(rows[3].tiebreaks[0], 0);
}

// A round robin of four (Berger): 1, 2 and 3 beat each other in a circle
// and all beat 4. Nothing separates them: they share first place.
TEST(StandingsTest, GomokuRoundRobinSharesWhatNothingSeparates) {
  const Event event = EventBuilder(4)
                          .Game(1, 1, 4, '1')
                          .Game(1, 2, 3, '1')
                          .Game(2, 4, 3, '0')
                          .Game(2, 1, 2, '1')
                          .Game(3, 2, 4, '1')
                          .Game(3, 3, 1, '1')
                          .event();
  const std::vector<StandingRow> rows = ComputeStandings(
      event, 3, DefaultTieBreaks(EventFormat::kGomokuRoundRobin));
  EXPECT_THAT(Numbers(rows), ElementsAre(1, 2, 3, 4));
  EXPECT_THAT(Places(rows), ElementsAre(1, 1, 1, 4));
  EXPECT_THAT(rows[0].tiebreaks, ElementsAre(2, 2));
  EXPECT_THAT(rows[3].tiebreaks, ElementsAre(0, 0));
}

TEST(StandingsTest, ByesAndForfeitsInTheXiangqiChain) {
  // Five players, two rounds:
  //   R1: 1-2 1-0, 3-4 =, 5 bye;  R2: 1-3 =, 2-5 0-1, 4 bye.
  // Scores: P5 4, P1 3, P4 3, P3 2, P2 0; lowest in the field 0.
  // 对手分: P1 0 + 2 = 2, P4 2 + bye 0 = 2; P1 has a win, P4 none.
  const Event event = EventBuilder(5)
                          .Game(1, 1, 2, '1')
                          .Game(1, 3, 4, '=')
                          .Bye(1, 5)
                          .Game(2, 1, 3, '=')
                          .Game(2, 2, 5, '0')
                          .Bye(2, 4)
                          .event();
  const std::vector<StandingRow> rows =
      ComputeStandings(event, 2, DefaultTieBreaks(EventFormat::kXiangqiSwiss));
  EXPECT_THAT(Numbers(rows), ElementsAre(5, 1, 4, 3, 2));
  EXPECT_EQ(rows[1].tiebreaks[0], 2);
  EXPECT_EQ(rows[2].tiebreaks[0], 2);
  EXPECT_EQ(rows[1].tiebreaks[1], 1);
  EXPECT_EQ(rows[2].tiebreaks[1], 0);
  // P3 met P4 (3) and P1 (3); P2 met P1 (3) and P5 (4).
  EXPECT_EQ(rows[3].tiebreaks[0], 6);
  EXPECT_EQ(rows[4].tiebreaks[0], 7);
}

TEST(StandingsTest, EmptyEventAndNoRounds) {
  EXPECT_TRUE(ComputeStandings(Event{}, 3, {TieBreak::kMiniPoints}).empty());
  const std::vector<StandingRow> rows = ComputeStandings(
      EventBuilder(3).event(), 0, DefaultTieBreaks(EventFormat::kXiangqiSwiss));
  EXPECT_THAT(Places(rows), ElementsAre(1, 1, 1));
  EXPECT_THAT(Numbers(rows), ElementsAre(1, 2, 3));
}

TEST(CheckResultsTest, AcceptsConsistentEvents) {
  EXPECT_TRUE(CheckResults(SixPlayers().event(), 3).ok());
  EXPECT_TRUE(CheckResults(TiedFour(), 5).ok());
}

TEST(CheckResultsTest, FindsMismatchedResults) {
  EventBuilder builder = SixPlayers();
  Event event = builder.event();
  event.players[1].rounds[2].result = RoundResult::kWin;  // P2 in round 3
  absl::Status status = CheckResults(event, 3);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("round 3"));
  // Later rounds are not checked.
  EXPECT_TRUE(CheckResults(event, 2).ok());
}

TEST(CheckResultsTest, FindsBadOpponentsAndColours) {
  Event event = SixPlayers().event();
  event.players[0].rounds[0].opponent = 9;
  absl::Status status = CheckResults(event, 1);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.message(), HasSubstr("player 1 (P1) round 1"));
  EXPECT_THAT(status.message(), HasSubstr("9"));

  event = SixPlayers().event();
  event.players[0].rounds[0].opponent = 2;  // P2 played P5
  EXPECT_THAT(CheckResults(event, 1).message(), HasSubstr("name this player"));

  event = SixPlayers().event();
  event.players[3].rounds[0].side = Side::kRed;  // P1 was red too
  EXPECT_THAT(CheckResults(event, 1).message(), HasSubstr("colour"));

  event = SixPlayers().event();
  event.players[0].rounds[0] = {
      .opponent = 4, .side = std::nullopt, .result = RoundResult::kPairingBye};
  EXPECT_THAT(CheckResults(event, 1).message(), HasSubstr("bye"));

  event = SixPlayers().event();
  event.players[4].number = 7;
  EXPECT_THAT(CheckResults(event, 1).message(), HasSubstr("start numbers"));
}

TEST(CheckResultsTest, AcceptsDoubleForfeitsAndForfeitByes) {
  Event event = EventBuilder(3).Game(1, 1, 2, '-').event();
  event.players[0].rounds[0].result = RoundResult::kForfeitLoss;
  event.players[1].rounds[0].result = RoundResult::kForfeitLoss;
  event.players[2].rounds = {{.opponent = 0,
                              .side = std::nullopt,
                              .result = RoundResult::kForfeitWin}};
  EXPECT_TRUE(CheckResults(event, 1).ok());
  const std::vector<StandingRow> rows =
      ComputeStandings(event, 1, DefaultTieBreaks(EventFormat::kXiangqiSwiss));
  EXPECT_THAT(Numbers(rows), ElementsAre(3, 1, 2));
  // A forfeit win against nobody is a bye: the lowest score, not a win.
  EXPECT_EQ(rows[0].tiebreaks[0], 0);
  EXPECT_EQ(rows[0].tiebreaks[1], 0);
}

}  // namespace
}  // namespace caipan::tournament
