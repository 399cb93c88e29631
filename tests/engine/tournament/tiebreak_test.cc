#include "engine/tournament/tiebreak.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/tournament/event.h"
#include "engine/tournament/tiebreak_values.h"
#include "tests/engine/tournament/standings_test_events.h"

namespace caipan::tournament {
namespace {

using test_events::EventBuilder;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

constexpr TieBreak kAll[] = {TieBreak::kOpponentScores,
                             TieBreak::kMedianOpponentScores,
                             TieBreak::kCumulativeScores,
                             TieBreak::kWins,
                             TieBreak::kWinsAsBlack,
                             TieBreak::kGamesAsBlack,
                             TieBreak::kFouls,
                             TieBreak::kDirectEncounter,
                             TieBreak::kMiniPoints,
                             TieBreak::kPreviousRounds};

TEST(TieBreakTest, ParsesEnglishAndChineseNames) {
  const std::vector<std::pair<std::string, TieBreak>> cases = {
      {"opp", TieBreak::kOpponentScores},
      {"对手分", TieBreak::kOpponentScores},
      {"median", TieBreak::kMedianOpponentScores},
      {"中间对手分", TieBreak::kMedianOpponentScores},
      {"cumulative", TieBreak::kCumulativeScores},
      {"累进分", TieBreak::kCumulativeScores},
      {"wins", TieBreak::kWins},
      {"胜局", TieBreak::kWins},
      {"black-wins", TieBreak::kWinsAsBlack},
      {"后走胜局", TieBreak::kWinsAsBlack},
      {"black-games", TieBreak::kGamesAsBlack},
      {"后走局数", TieBreak::kGamesAsBlack},
      {"fouls", TieBreak::kFouls},
      {"犯规", TieBreak::kFouls},
      {"direct", TieBreak::kDirectEncounter},
      {"直胜", TieBreak::kDirectEncounter},
      {"mini", TieBreak::kMiniPoints},
      {"小分", TieBreak::kMiniPoints},
      {"previous", TieBreak::kPreviousRounds},
      {"前轮比较", TieBreak::kPreviousRounds},
  };
  for (const auto& [text, expected] : cases) {
    absl::StatusOr<TieBreak> tb = ParseTieBreak(text);
    ASSERT_TRUE(tb.ok()) << text << ": " << tb.status();
    EXPECT_EQ(*tb, expected) << text;
  }
}

TEST(TieBreakTest, NamesRoundTrip) {
  for (TieBreak tb : kAll) {
    absl::StatusOr<TieBreak> english = ParseTieBreak(TieBreakName(tb));
    absl::StatusOr<TieBreak> chinese = ParseTieBreak(TieBreakChineseName(tb));
    ASSERT_TRUE(english.ok()) << TieBreakName(tb);
    ASSERT_TRUE(chinese.ok()) << TieBreakChineseName(tb);
    EXPECT_EQ(*english, tb);
    EXPECT_EQ(*chinese, tb);
  }
  EXPECT_EQ(TieBreakName(TieBreak::kGamesAsBlack), "black-games");
  EXPECT_EQ(TieBreakChineseName(TieBreak::kOpponentScores), "对手分");
}

TEST(TieBreakTest, UnknownNameIsInvalidArgumentNamingIt) {
  absl::StatusOr<TieBreak> tb = ParseTieBreak("buchholz");
  ASSERT_FALSE(tb.ok());
  EXPECT_EQ(tb.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(tb.status().message(), HasSubstr("buchholz"));
  EXPECT_FALSE(ParseTieBreak("").ok());
  EXPECT_FALSE(ParseTieBreak("Opp").ok());
}

TEST(TieBreakTest, ParsesChains) {
  absl::StatusOr<std::vector<TieBreak>> chain =
      ParseTieBreakChain("opp, 胜局,fouls");
  ASSERT_TRUE(chain.ok()) << chain.status();
  EXPECT_THAT(*chain, ElementsAre(TieBreak::kOpponentScores, TieBreak::kWins,
                                  TieBreak::kFouls));
  chain = ParseTieBreakChain("");
  ASSERT_TRUE(chain.ok());
  EXPECT_TRUE(chain->empty());
  chain = ParseTieBreakChain("opp,,wins");
  EXPECT_FALSE(chain.ok());
  chain = ParseTieBreakChain("opp,wins,对手分");
  ASSERT_FALSE(chain.ok());
  EXPECT_THAT(chain.status().message(), HasSubstr("twice"));
}

TEST(TieBreakTest, DefaultChainsFollowTheDigest) {
  EXPECT_THAT(DefaultTieBreaks(EventFormat::kXiangqiSwiss),
              ElementsAre(TieBreak::kOpponentScores, TieBreak::kWins,
                          TieBreak::kFouls, TieBreak::kDirectEncounter,
                          TieBreak::kGamesAsBlack, TieBreak::kPreviousRounds));
  EXPECT_THAT(DefaultTieBreaks(EventFormat::kGomokuSwiss),
              ElementsAre(TieBreak::kOpponentScores,
                          TieBreak::kMedianOpponentScores, TieBreak::kWins));
  EXPECT_THAT(DefaultTieBreaks(EventFormat::kGomokuRoundRobin),
              ElementsAre(TieBreak::kMiniPoints, TieBreak::kWins));
  EXPECT_FALSE(DefaultTieBreaks(EventFormat::kRoundRobin).empty());
  EXPECT_FALSE(DefaultTieBreaks(EventFormat::kKnockout).empty());
}

// Six players, three rounds, checked by hand:
//   R1: 1-4 1-0, 2-5 draw, 3-6 1-0
//   R2: 1-3 1-0, 2-6 1-0, 4-5 draw
//   R3: 1-2 draw, 3-5 0-1, 4-6 1-0
// Scores: P1 5, P2 4, P3 2, P4 3, P5 4, P6 0.
Event SixPlayers() {
  return EventBuilder(6)
      .Game(1, 1, 4, '1')
      .Game(1, 2, 5, '=')
      .Game(1, 3, 6, '1')
      .Game(2, 1, 3, '1')
      .Game(2, 2, 6, '1')
      .Game(2, 4, 5, '=')
      .Game(3, 1, 2, '=')
      .Game(3, 3, 5, '0')
      .Game(3, 4, 6, '1')
      .event();
}

TEST(TieBreakValuesTest, OpponentScoresByHand) {
  const Event event = SixPlayers();
  const TieBreakContext context(event, 3, {});
  EXPECT_EQ(context.Score(0), 5);
  EXPECT_EQ(context.Score(1), 4);
  EXPECT_EQ(context.Score(2), 2);
  EXPECT_EQ(context.Score(3), 3);
  EXPECT_EQ(context.Score(4), 4);
  EXPECT_EQ(context.Score(5), 0);
  // P1 met 4 (3), 3 (2), 2 (4).
  EXPECT_THAT(context.OpponentScoreList(0), ElementsAre(3, 2, 4));
  // Every player's opponents happen to total 9 here.
  for (int p = 0; p < 6; ++p) EXPECT_EQ(context.OpponentScores(p), 9) << p;
  // 中间对手分: 9 minus the highest and the lowest.
  EXPECT_EQ(context.MedianOpponentScores(0), 9 - 4 - 2);
  EXPECT_EQ(context.MedianOpponentScores(1), 9 - 5 - 0);  // 4, 0, 5
  EXPECT_EQ(context.MedianOpponentScores(4), 9 - 4 - 2);  // 4, 3, 2 → 3
}

TEST(TieBreakValuesTest, CumulativeWinsAndColoursByHand) {
  const Event event = SixPlayers();
  const TieBreakContext context(event, 3, {});
  // P1 runs 2, 4, 5; P2 1, 3, 4; P5 1, 2, 4.
  EXPECT_EQ(context.CumulativeScores(0), 11);
  EXPECT_EQ(context.CumulativeScores(1), 8);
  EXPECT_EQ(context.CumulativeScores(4), 7);
  EXPECT_EQ(context.Wins(0), 2);
  EXPECT_EQ(context.Wins(4), 1);
  // P5 was black in every round and won in round 3.
  EXPECT_EQ(context.GamesAsBlack(4), 3);
  EXPECT_EQ(context.WinsAsBlack(4), 1);
  // P2 was black once (round 3, a draw).
  EXPECT_EQ(context.GamesAsBlack(1), 1);
  EXPECT_EQ(context.WinsAsBlack(1), 0);
  // Last round first: P5 won, drew, drew; P2 drew, won, drew.
  EXPECT_THAT(context.RoundPointsLatestFirst(4), ElementsAre(2, 1, 1));
  EXPECT_EQ(context.PreviousRoundsValue(4), 211);
  EXPECT_EQ(context.PreviousRoundsValue(1), 121);
}

TEST(TieBreakValuesTest, LaterRoundsAreIgnored) {
  const Event event = SixPlayers();
  const TieBreakContext context(event, 2, {});
  EXPECT_EQ(context.rounds(), 2);
  EXPECT_EQ(context.Score(0), 4);
  // P3 met 6 (0) and 1 (4) after two rounds.
  EXPECT_EQ(context.OpponentScores(2), 4);
  EXPECT_EQ(context.CumulativeScores(0), 2 + 4);
  // More rounds than played are the rounds played.
  EXPECT_EQ(TieBreakContext(event, 9, {}).rounds(), 3);
  EXPECT_EQ(TieBreakContext(event, -1, {}).rounds(), 0);
}

// Three players, two rounds: R1 1-2 draw, 3 bye; R2 2-3 draw, 1 bye.
// Scores P1 3, P2 2, P3 3; the lowest in the field is 2.
TEST(TieBreakValuesTest, ByeCountsTheLowestScoreInTheField) {
  const Event event = EventBuilder(3)
                          .Game(1, 1, 2, '=')
                          .Bye(1, 3)
                          .Game(2, 2, 3, '=')
                          .Bye(2, 1)
                          .event();
  const TieBreakContext wxf(event, 2, {});
  EXPECT_EQ(wxf.LowestScore(), 2);
  EXPECT_EQ(wxf.OpponentScores(0), 2 + 2);  // P2, and the bye
  EXPECT_EQ(wxf.OpponentScores(1), 3 + 3);
  EXPECT_EQ(wxf.OpponentScores(2), 2 + 2);
  // A bye is not a win.
  EXPECT_EQ(wxf.Wins(0), 0);
  TieBreakOptions nothing;
  nothing.bye_opponent = TieBreakOptions::ByeOpponent::kNothing;
  const TieBreakContext plain(event, 2, nothing);
  EXPECT_EQ(plain.OpponentScores(0), 2);
  EXPECT_EQ(plain.OpponentScores(2), 2);
}

TEST(TieBreakValuesTest, ForfeitsCountTheRealOpponent) {
  // R1: 1 wins against 2 by forfeit, 3-4 1-0. R2: 1-3 draw, 2-4 draw.
  // Scores: P1 3, P2 1, P3 3, P4 1.
  const Event event = EventBuilder(4)
                          .Game(1, 1, 2, '+')
                          .Game(1, 3, 4, '1')
                          .Game(2, 1, 3, '=')
                          .Game(2, 2, 4, '=')
                          .event();
  const TieBreakContext context(event, 2, {});
  EXPECT_EQ(context.OpponentScores(0), 1 + 3);  // P2 and P3
  EXPECT_EQ(context.OpponentScores(1), 3 + 1);  // P1 and P4
  // The forfeit win is a win by default, not a game played as black.
  EXPECT_EQ(context.Wins(0), 1);
  EXPECT_EQ(context.GamesAsBlack(1), 0);
  TieBreakOptions over_the_board;
  over_the_board.forfeit_wins_count = false;
  EXPECT_EQ(TieBreakContext(event, 2, over_the_board).Wins(0), 0);
}

TEST(TieBreakValuesTest, UnplayedGamesCountNothing) {
  const Event event =
      EventBuilder(2).Game(1, 1, 2, '1').Game(2, 2, 1, '*').event();
  const TieBreakContext context(event, 2, {});
  EXPECT_EQ(context.Score(0), 2);
  EXPECT_EQ(context.OpponentScoreList(0).size(), 1u);
  EXPECT_EQ(context.GamesAsBlack(0), 0);
  EXPECT_EQ(context.CumulativeScores(0), 2 + 2);
}

TEST(TieBreakValuesTest, HeadToHeadAndAllMet) {
  const Event event = SixPlayers();
  const TieBreakContext context(event, 3, {});
  // P2 and P5 drew in round 1.
  EXPECT_THAT(context.HeadToHeadPoints({1, 4}), ElementsAre(1, 1));
  EXPECT_TRUE(context.AllMet({1, 4}));
  // P1 beat P3 and P4, drew P2; P3 and P4 never met.
  EXPECT_THAT(context.HeadToHeadPoints({0, 2, 3}), ElementsAre(4, 0, 0));
  EXPECT_FALSE(context.AllMet({0, 2, 3}));
  EXPECT_FALSE(context.AllMet({0, 1, 3}));  // P2 and P4 never met
  EXPECT_THAT(context.HeadToHeadPoints({0, 1}), UnorderedElementsAre(1, 1));
}

}  // namespace
}  // namespace caipan::tournament
