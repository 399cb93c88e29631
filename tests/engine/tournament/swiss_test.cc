// Swiss pairing and its colour rules on small fields worked out by hand.
#include "engine/tournament/swiss.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "absl/status/status.h"
#include "engine/tournament/colour.h"
#include "engine/tournament/event.h"
#include "engine/tournament/round_robin.h"
#include "engine/tournament/swiss_field.h"
#include "tests/engine/tournament/standings_test_events.h"

namespace caipan::tournament {
namespace {

using test_events::Mirror;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

Event Field(int players) {
  Event event;
  for (int i = 1; i <= players; ++i) {
    event.players.emplace_back();
    event.players.back().number = i;
  }
  return event;
}

RoundEntry& EntryOf(Event& event, int player, int round) {
  std::vector<RoundEntry>& rounds = event.players[player - 1].rounds;
  if (static_cast<int>(rounds.size()) < round) rounds.resize(round);
  return rounds[round - 1];
}

void Game(Event& event, int round, int red, int black, RoundResult red_result) {
  EntryOf(event, red, round) = {black, Side::kRed, red_result};
  EntryOf(event, black, round) = {red, Side::kBlack, Mirror(red_result)};
}

void Bye(Event& event, int round, int player) {
  EntryOf(event, player, round) = {0, std::nullopt, RoundResult::kPairingBye};
}

constexpr RoundResult kWin = RoundResult::kWin;
constexpr RoundResult kDraw = RoundResult::kDraw;
constexpr RoundResult kLoss = RoundResult::kLoss;

ColourHistory History(std::vector<Side> sides) {
  ColourHistory history;
  for (Side side : sides) history = WithGame(history, side);
  return history;
}

constexpr Side R = Side::kRed;
constexpr Side B = Side::kBlack;

TEST(ColourTest, HistoryCountsOnlyGamesPlayed) {
  Player player;
  player.number = 1;
  player.rounds = {{2, R, kWin},
                   {3, R, RoundResult::kForfeitWin},
                   {0, std::nullopt, RoundResult::kPairingBye},
                   {4, R, kDraw}};
  // Rounds 1 and 4 are the games played: red twice in a row.
  EXPECT_EQ(ColourHistoryBefore(player, 5), History({R, R}));
  EXPECT_EQ(ColourHistoryBefore(player, 2), History({R}));
  EXPECT_EQ(ColourHistoryBefore(player, 1), ColourHistory{});
}

TEST(ColourTest, AbsoluteLimits) {
  const ColourLimits limits;
  EXPECT_FALSE(MayPlay(History({R, R}), R, limits));  // three in a row
  EXPECT_TRUE(MayPlay(History({R, R}), B, limits));
  EXPECT_TRUE(MayPlay(History({B, R}), R, limits));
  // R R B R: two more reds than blacks; a third would make +3.
  EXPECT_FALSE(MayPlay(History({R, R, B, R}), R, limits));
  EXPECT_TRUE(MayPlay(History({B, R, B}), B, limits));  // -1 -> -2 allowed
  EXPECT_FALSE(MayPlay(History({B, R, B}), B, ColourLimits{1, 2}));
}

TEST(ColourTest, AllocationOrder) {
  const ColourLimits limits;
  // 1. Larger imbalance gets the colour it lacks, whoever is higher.
  EXPECT_EQ(
      HigherPlacedPlaysRed(History({B, R, B}), History({R, B}), 1, limits),
      true);
  EXPECT_EQ(
      HigherPlacedPlaysRed(History({R, B}), History({B, R, B}), 1, limits),
      false);
  // Equal size, opposite signs: both get what they lack.
  EXPECT_EQ(HigherPlacedPlaysRed(History({R}), History({B}), 1, limits), false);
  // 2. Equal imbalance, different last colours: both alternate.
  EXPECT_EQ(HigherPlacedPlaysRed(History({R, B}), History({B, R}), 2, limits),
            true);
  // 3. The same last colour: the higher-placed alternates.
  EXPECT_EQ(HigherPlacedPlaysRed(History({B, R}), History({B, R}), 1, limits),
            false);
  EXPECT_EQ(HigherPlacedPlaysRed(History({R, B}), History({R, B}), 1, limits),
            true);
  // Only one has played: that one alternates.
  EXPECT_EQ(HigherPlacedPlaysRed(ColourHistory{}, History({R, B}), 1, limits),
            false);
  // 4. Neither has played: red on odd tables for the higher-placed.
  EXPECT_EQ(HigherPlacedPlaysRed({}, {}, 1, limits), true);
  EXPECT_EQ(HigherPlacedPlaysRed({}, {}, 2, limits), false);
  // The absolute rule wins over preference: the lower player must not have
  // a third black in a row although the higher one lacks red more.
  EXPECT_EQ(HigherPlacedPlaysRed(History({B, B, R, B}), History({R, R, B, B}),
                                 1, ColourLimits{3, 2}),
            false);
  // Both must have black: no allocation.
  EXPECT_EQ(
      HigherPlacedPlaysRed(History({R, R}), History({B, R, R}), 1, limits),
      std::nullopt);
}

TEST(SwissTest, RoundOneTopHalfAgainstBottomHalf) {
  const Event event = Field(8);
  const absl::StatusOr<std::vector<Pairing>> pairings =
      PairSwissRound(event, 1);
  ASSERT_TRUE(pairings.ok()) << pairings.status();
  EXPECT_THAT(*pairings, ElementsAre(Pairing{1, 1, 5}, Pairing{2, 6, 2},
                                     Pairing{3, 3, 7}, Pairing{4, 8, 4}));
}

TEST(SwissTest, RoundOneNeighbours) {
  const Event event = Field(8);
  const absl::StatusOr<std::vector<Pairing>> pairings =
      PairSwissRound(event, 1, {.round_one_neighbours = true});
  ASSERT_TRUE(pairings.ok()) << pairings.status();
  EXPECT_THAT(*pairings, ElementsAre(Pairing{1, 1, 2}, Pairing{2, 4, 3},
                                     Pairing{3, 5, 6}, Pairing{4, 8, 7}));
}

TEST(SwissTest, RoundOneOddFieldByeToTheLastNumber) {
  const Event event = Field(7);
  const absl::StatusOr<std::vector<Pairing>> pairings =
      PairSwissRound(event, 1);
  ASSERT_TRUE(pairings.ok()) << pairings.status();
  EXPECT_THAT(*pairings, ElementsAre(Pairing{1, 1, 4}, Pairing{2, 5, 2},
                                     Pairing{3, 3, 6}, Pairing{4, 7, 0}));
}

TEST(SwissTest, RoundOneForbiddenPairMovesToTheNextInTheBottomHalf) {
  Event event = Field(8);
  event.forbidden_pairs = {{1, 5}};
  const absl::StatusOr<std::vector<Pairing>> pairings =
      PairSwissRound(event, 1);
  ASSERT_TRUE(pairings.ok()) << pairings.status();
  EXPECT_THAT(*pairings, ElementsAre(Pairing{1, 1, 6}, Pairing{2, 5, 2},
                                     Pairing{3, 3, 7}, Pairing{4, 8, 4}));
}

TEST(SwissTest, WithdrawnAndRequestedByesAreNotPaired) {
  Event event = Field(8);
  event.players[2].withdrawn = true;  // 3
  EntryOf(event, 6, 1) = {0, std::nullopt, RoundResult::kHalfBye};
  const absl::StatusOr<std::vector<Pairing>> pairings =
      PairSwissRound(event, 1);
  ASSERT_TRUE(pairings.ok()) << pairings.status();
  // Left: 1 2 4 | 5 7 8.
  EXPECT_THAT(*pairings, ElementsAre(Pairing{1, 1, 5}, Pairing{2, 7, 2},
                                     Pairing{3, 4, 8}));
}

// Six players over three rounds, every step worked out by hand:
// round 2 places 1 3 (2 points, 对手分 0) 2 5 (1, 对手分 1) 4 6 (0, 对手分 2);
// 2 and 5 have met, so both float into the last group: 2-4, 5-6. Round 3
// places 3 (3 points, 对手分 4) 1 (3, 3) 2 (3, 2) 5 6 4; 3 has met 1 and has
// had red twice, so 3 meets 2 with black; 1 floats to 5; 6 meets 4, who has
// had black twice.
TEST(SwissTest, SixPlayersThreeRoundsByHand) {
  Event event = Field(6);
  absl::StatusOr<std::vector<Pairing>> round1 = PairSwissRound(event, 1);
  ASSERT_TRUE(round1.ok()) << round1.status();
  EXPECT_THAT(*round1, ElementsAre(Pairing{1, 1, 4}, Pairing{2, 5, 2},
                                   Pairing{3, 3, 6}));
  Game(event, 1, 1, 4, kWin);
  Game(event, 1, 5, 2, kDraw);
  Game(event, 1, 3, 6, kWin);

  absl::StatusOr<SwissField> field = BuildSwissField(event, 2);
  ASSERT_TRUE(field.ok()) << field.status();
  std::vector<int> order;
  for (const SwissEntrant& e : field->ranked) order.push_back(e.number);
  EXPECT_THAT(order, ElementsAre(1, 3, 2, 5, 4, 6));

  absl::StatusOr<std::vector<Pairing>> round2 = PairSwissRound(event, 2);
  ASSERT_TRUE(round2.ok()) << round2.status();
  EXPECT_THAT(*round2, ElementsAre(Pairing{1, 3, 1}, Pairing{2, 2, 4},
                                   Pairing{3, 6, 5}));
  Game(event, 2, 3, 1, kDraw);
  Game(event, 2, 2, 4, kWin);
  Game(event, 2, 6, 5, kDraw);

  field = BuildSwissField(event, 3);
  ASSERT_TRUE(field.ok()) << field.status();
  order.clear();
  std::vector<double> opponent_scores;
  for (const SwissEntrant& e : field->ranked) {
    order.push_back(e.number);
    opponent_scores.push_back(e.opponent_score);
  }
  EXPECT_THAT(order, ElementsAre(3, 1, 2, 5, 6, 4));
  EXPECT_THAT(opponent_scores, ElementsAre(4, 3, 2, 4, 5, 6));

  absl::StatusOr<std::vector<Pairing>> round3 = PairSwissRound(event, 3);
  ASSERT_TRUE(round3.ok()) << round3.status();
  EXPECT_THAT(*round3, ElementsAre(Pairing{1, 2, 3}, Pairing{2, 1, 5},
                                   Pairing{3, 4, 6}));
}

// Seven players: round 1 gives 7 the bye; in round 2 the bye goes to the
// lowest-placed player who has not had one (5), the bye counting as an
// opponent with the lowest score (0) in 7's 对手分.
TEST(SwissTest, SevenPlayersByeToTheLowestWithoutOne) {
  Event event = Field(7);
  Game(event, 1, 1, 4, kWin);
  Game(event, 1, 5, 2, kLoss);
  Game(event, 1, 3, 6, kDraw);
  Bye(event, 1, 7);
  absl::StatusOr<SwissField> field = BuildSwissField(event, 2);
  ASSERT_TRUE(field.ok()) << field.status();
  std::vector<int> order;
  for (const SwissEntrant& e : field->ranked) order.push_back(e.number);
  EXPECT_THAT(order, ElementsAre(1, 2, 7, 3, 6, 4, 5));

  const absl::StatusOr<std::vector<Pairing>> round2 = PairSwissRound(event, 2);
  ASSERT_TRUE(round2.ok()) << round2.status();
  EXPECT_THAT(*round2, ElementsAre(Pairing{1, 2, 1}, Pairing{2, 7, 3},
                                   Pairing{3, 6, 4}, Pairing{4, 5, 0}));
}

TEST(SwissTest, ByeSkipsAPlayerWhoHadOne) {
  Event event = Field(5);
  Game(event, 1, 1, 3, kWin);
  Game(event, 1, 4, 2, kWin);
  Bye(event, 1, 5);
  // Places: 1 4 5 (2 points), 2 3 (0). 3 is lowest and has had no bye.
  absl::StatusOr<std::vector<Pairing>> round2 = PairSwissRound(event, 2);
  ASSERT_TRUE(round2.ok()) << round2.status();
  EXPECT_EQ(round2->back(), (Pairing{3, 3, 0}));
  // With a bye worth nothing the bye-taker is lowest (5: 0 points, 对手分 0)
  // but has had the bye; the next lowest, 4, gets it.
  Event other = Field(5);
  other.scoring.pairing_bye = 0;
  Game(other, 1, 1, 3, kWin);
  Game(other, 1, 2, 4, kWin);
  Bye(other, 1, 5);
  round2 = PairSwissRound(other, 2);
  ASSERT_TRUE(round2.ok()) << round2.status();
  EXPECT_EQ(round2->back(), (Pairing{3, 4, 0}));
}

// A score group completes itself before anyone floats: 1-2 would leave 3-4,
// a forbidden pair, so the group pairs 1-3 and 2-4.
TEST(SwissTest, GroupCompletedBeforeFloating) {
  Event event = Field(8);
  event.forbidden_pairs = {{3, 4}};
  Game(event, 1, 1, 5, kWin);
  Game(event, 1, 6, 2, kLoss);
  Game(event, 1, 3, 7, kWin);
  Game(event, 1, 8, 4, kLoss);
  const absl::StatusOr<std::vector<Pairing>> round2 = PairSwissRound(event, 2);
  ASSERT_TRUE(round2.ok()) << round2.status();
  EXPECT_THAT(*round2, ElementsAre(Pairing{1, 3, 1}, Pairing{2, 2, 4},
                                   Pairing{3, 5, 6}, Pairing{4, 7, 8}));
}

TEST(SwissTest, NoPairingLeftAfterAFullRoundRobin) {
  Event event = Field(4);
  for (int round = 1; round <= 3; ++round) {
    const absl::StatusOr<std::vector<Pairing>> games = BergerRound(4, round);
    ASSERT_TRUE(games.ok());
    for (const Pairing& game : *games) {
      Game(event, round, game.red, game.black, kDraw);
    }
  }
  const absl::StatusOr<std::vector<Pairing>> round4 = PairSwissRound(event, 4);
  EXPECT_EQ(round4.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(round4.status().message(), HasSubstr("round 4"));
  EXPECT_THAT(round4.status().message(), HasSubstr("no rematch"));
}

TEST(SwissTest, NoByeLeftToGive) {
  Event event = Field(3);
  Game(event, 1, 1, 2, kWin);
  Bye(event, 1, 3);
  Game(event, 2, 3, 1, kWin);
  Bye(event, 2, 2);
  // Round 3: 2-3 is the only game left, but 1 has had no bye... while 2 and
  // 3 have: 1 takes it.
  absl::StatusOr<std::vector<Pairing>> round3 = PairSwissRound(event, 3);
  ASSERT_TRUE(round3.ok()) << round3.status();
  EXPECT_THAT(*round3, ElementsAre(Pairing{1, 2, 3}, Pairing{2, 1, 0}));
  Game(event, 3, 2, 3, kDraw);
  Bye(event, 3, 1);
  const absl::StatusOr<std::vector<Pairing>> round4 = PairSwissRound(event, 4);
  EXPECT_EQ(round4.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(round4.status().message(), HasSubstr("bye"));
}

TEST(SwissTest, Errors) {
  Event event = Field(4);
  EXPECT_EQ(PairSwissRound(event, 0).status().code(),
            absl::StatusCode::kInvalidArgument);
  Game(event, 1, 1, 3, RoundResult::kUnplayed);
  const absl::Status unplayed = PairSwissRound(event, 2).status();
  EXPECT_EQ(unplayed.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(unplayed.message(), HasSubstr("no result for round 1"));
  Event bad = Field(4);
  bad.forbidden_pairs = {{1, 9}};
  EXPECT_EQ(PairSwissRound(bad, 1).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(
      PairSwissRound(Field(4), 1, {.max_colour_difference = 0}).status().code(),
      absl::StatusCode::kInvalidArgument);
}

TEST(SwissTest, EmptyAndSingleFields) {
  absl::StatusOr<std::vector<Pairing>> none = PairSwissRound(Field(0), 1);
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());
  absl::StatusOr<std::vector<Pairing>> one = PairSwissRound(Field(1), 1);
  ASSERT_TRUE(one.ok());
  EXPECT_THAT(*one, ElementsAre(Pairing{1, 1, 0}));
}

}  // namespace
}  // namespace caipan::tournament
