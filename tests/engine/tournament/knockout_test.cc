// The seeded knockout of the regulations: the 16-seed bracket, later rounds,
// crossed semi-finals, deciders and the losers' places.
#include "engine/tournament/knockout.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "engine/tournament/draw_lot.h"

namespace caipan::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using Seeds = std::vector<std::pair<int, int>>;

// `players` players whose first-stage rank is the reverse of their number
// (rank 1 is the last number), so seeds and numbers differ.
Event Reversed(int players) {
  Event event;
  for (int i = 1; i <= players; ++i) {
    Player player;
    player.number = i;
    player.rank = players + 1 - i;
    event.players.push_back(player);
  }
  return event;
}

int SeedNumber(int players, int seed) { return players + 1 - seed; }

void Result(Event& event, int round, int red, int black,
            RoundResult red_result) {
  auto entry = [&](int player) -> RoundEntry& {
    std::vector<RoundEntry>& rounds = event.players[player - 1].rounds;
    if (static_cast<int>(rounds.size()) < round) rounds.resize(round);
    return rounds[round - 1];
  };
  RoundResult black_result = red_result;
  if (red_result == RoundResult::kWin) black_result = RoundResult::kLoss;
  if (red_result == RoundResult::kLoss) black_result = RoundResult::kWin;
  if (red_result == RoundResult::kForfeitWin) {
    black_result = RoundResult::kForfeitLoss;
  }
  entry(red) = {black, Side::kRed, red_result};
  entry(black) = {red, Side::kBlack, black_result};
}

// Plays a round: the red player wins every game except where `draws` or
// `black_wins` name the red player.
void Play(Event& event, int round, const std::vector<Pairing>& pairings,
          const std::vector<int>& black_wins = {},
          const std::vector<int>& draws = {}) {
  for (const Pairing& p : pairings) {
    if (p.is_bye()) continue;
    RoundResult result = RoundResult::kWin;
    if (std::count(black_wins.begin(), black_wins.end(), p.red)) {
      result = RoundResult::kLoss;
    }
    if (std::count(draws.begin(), draws.end(), p.red)) {
      result = RoundResult::kDraw;
    }
    Result(event, round, p.red, p.black, result);
  }
}

TEST(BracketSeedsTest, TheRegulationsBrackets) {
  EXPECT_EQ(BracketSeeds(16), (Seeds{{1, 16},
                                     {8, 9},
                                     {5, 12},
                                     {4, 13},
                                     {3, 14},
                                     {6, 11},
                                     {7, 10},
                                     {2, 15}}));
  EXPECT_EQ(BracketSeeds(8), (Seeds{{1, 8}, {4, 5}, {3, 6}, {2, 7}}));
  EXPECT_EQ(BracketSeeds(4), (Seeds{{1, 4}, {2, 3}}));
  EXPECT_EQ(BracketSeeds(2), (Seeds{{1, 2}}));
  EXPECT_TRUE(BracketSeeds(12).empty());
  EXPECT_TRUE(BracketSeeds(1).empty());
}

TEST(BracketSeedsTest, TopSeedsMeetAsLateAsPossible) {
  for (int size = 4; size <= 64; size *= 2) {
    const Seeds seeds = BracketSeeds(size);
    // Position of each seed in the bracket.
    std::vector<int> slot(size + 1);
    for (int i = 0; i < static_cast<int>(seeds.size()); ++i) {
      slot[seeds[i].first] = slot[seeds[i].second] = i;
    }
    // Seeds 1..2^k sit in different sections of size/2^k places.
    for (int k = 1; (1 << k) <= size / 2; ++k) {
      const int sections = 1 << k;
      const int matches_per = (size / 2) / sections;
      std::vector<int> used(sections, 0);
      for (int s = 1; s <= sections; ++s) ++used[slot[s] / matches_per];
      for (int u : used) EXPECT_EQ(u, 1) << size << " " << k;
    }
  }
}

TEST(KnockoutTest, SixteenSeededByRank) {
  Event event = Reversed(16);  // seed s is number 17 - s
  absl::StatusOr<std::vector<Pairing>> round1 = PairKnockoutRound(event, 1);
  ASSERT_TRUE(round1.ok()) << round1.status();
  std::vector<std::pair<int, int>> seeds;
  for (const Pairing& p : *round1) {
    seeds.push_back({17 - p.red, 17 - p.black});
  }
  // Red to the smaller seed.
  EXPECT_EQ(seeds, (Seeds{{1, 16},
                          {8, 9},
                          {5, 12},
                          {4, 13},
                          {3, 14},
                          {6, 11},
                          {7, 10},
                          {2, 15}}));
  EXPECT_EQ((*round1)[0], (Pairing{1, 16, 1}));
}

TEST(KnockoutTest, PlayersWithoutRankSeededAfterByNumber) {
  Event event;
  for (int i = 1; i <= 8; ++i) {
    event.players.emplace_back();
    event.players.back().number = i;
  }
  event.players[6].rank = 1;  // 7
  event.players[2].rank = 2;  // 3
  EXPECT_THAT(KnockoutSeeding(event), ElementsAre(7, 3, 1, 2, 4, 5, 6, 8));
  absl::StatusOr<std::vector<Pairing>> round1 = PairKnockoutRound(event, 1);
  ASSERT_TRUE(round1.ok()) << round1.status();
  // Seeds 1..8 = 7 3 1 2 4 5 6 8: 1-8, 4-5, 3-6, 2-7.
  EXPECT_THAT(*round1, ElementsAre(Pairing{1, 7, 8}, Pairing{2, 2, 4},
                                   Pairing{3, 1, 5}, Pairing{4, 3, 6}));
}

TEST(KnockoutTest, WinnersInBracketOrderToTheFinal) {
  Event event = Reversed(16);
  absl::StatusOr<std::vector<Pairing>> round1 = PairKnockoutRound(event, 1);
  ASSERT_TRUE(round1.ok());
  // Upsets: seed 9 beats 8 (number 8 as black beats 9), seed 13 beats 4.
  Play(event, 1, *round1, {SeedNumber(16, 8), SeedNumber(16, 4)});
  absl::StatusOr<std::vector<Pairing>> round2 = PairKnockoutRound(event, 2);
  ASSERT_TRUE(round2.ok()) << round2.status();
  std::vector<std::pair<int, int>> seeds;
  for (const Pairing& p : *round2) seeds.push_back({17 - p.red, 17 - p.black});
  EXPECT_EQ(seeds, (Seeds{{1, 9}, {5, 13}, {3, 6}, {2, 7}}));
  Play(event, 2, *round2);
  absl::StatusOr<std::vector<Pairing>> round3 = PairKnockoutRound(event, 3);
  ASSERT_TRUE(round3.ok()) << round3.status();
  seeds.clear();
  for (const Pairing& p : *round3) seeds.push_back({17 - p.red, 17 - p.black});
  EXPECT_EQ(seeds, (Seeds{{1, 5}, {2, 3}}));
  Play(event, 3, *round3, {}, {SeedNumber(16, 2)});  // 2-3 drawn
  const absl::Status undecided = PairKnockoutRound(event, 4).status();
  EXPECT_EQ(undecided.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(undecided.message(),
              HasSubstr("round 3, match 2 (15 vs 14): drawn, no decider"));
  // Armageddon: 3 (number 14) chose black and drew, so goes through.
  const absl::StatusOr<int> armageddon = ArmageddonWinner(
      {.red = 15, .black = 14, .red_result = RoundResult::kDraw});
  ASSERT_TRUE(armageddon.ok());
  EXPECT_EQ(*armageddon, 14);
  KnockoutOptions options;
  options.decisions.push_back({.round = 3, .winner = *armageddon});
  absl::StatusOr<std::vector<Pairing>> final =
      PairKnockoutRound(event, 4, options);
  ASSERT_TRUE(final.ok()) << final.status();
  EXPECT_THAT(*final, ElementsAre(Pairing{1, 16, 14}));
  EXPECT_EQ(PairKnockoutRound(event, 5, options).status().code(),
            absl::StatusCode::kInvalidArgument);

  // Places: the final, then semi-final losers (5, 2), quarter-final losers
  // (9, 13, 6, 7), first-round losers, each by first-stage order.
  Play(event, 4, *final, {16});  // seed 3 beats seed 1
  absl::StatusOr<std::vector<int>> places = KnockoutPlaces(event, {}, options);
  ASSERT_TRUE(places.ok()) << places.status();
  std::vector<int> place_seeds;
  for (int number : *places) place_seeds.push_back(17 - number);
  EXPECT_THAT(place_seeds, ElementsAre(3, 1, 2, 5, 6, 7, 9, 13, 4, 8, 10, 11,
                                       12, 14, 15, 16));
}

TEST(KnockoutTest, CrossedFinalOfFour) {
  Event event = Reversed(4);
  absl::StatusOr<std::vector<Pairing>> semis = PairKnockoutRound(event, 1);
  ASSERT_TRUE(semis.ok());
  // Seeds 1-4 and 2-3: numbers 4-1 and 3-2.
  EXPECT_THAT(*semis, ElementsAre(Pairing{1, 4, 1}, Pairing{2, 3, 2}));
  Play(event, 1, *semis, {3});  // seed 3 (number 2) wins with black
  absl::StatusOr<std::vector<Pairing>> final = PairKnockoutRound(event, 2);
  ASSERT_TRUE(final.ok()) << final.status();
  EXPECT_THAT(*final, ElementsAre(Pairing{1, 4, 2}));
}

TEST(KnockoutTest, ShortFieldGivesTheTopSeedsByes) {
  Event event = Reversed(6);  // a bracket of 8: seeds 1 and 2 have byes
  absl::StatusOr<std::vector<Pairing>> round1 = PairKnockoutRound(event, 1);
  ASSERT_TRUE(round1.ok());
  // 1-(8), 4-5, 3-6, 2-(7): numbers 6 bye, 3-2, 4-1, 5 bye.
  EXPECT_THAT(*round1, ElementsAre(Pairing{1, 3, 2}, Pairing{2, 4, 1},
                                   Pairing{3, 6, 0}, Pairing{4, 5, 0}));
  Play(event, 1, *round1);
  absl::StatusOr<std::vector<Pairing>> round2 = PairKnockoutRound(event, 2);
  ASSERT_TRUE(round2.ok()) << round2.status();
  EXPECT_THAT(*round2, ElementsAre(Pairing{1, 6, 3}, Pairing{2, 5, 4}));
}

TEST(KnockoutTest, FieldOfTheBestSeedsOnly) {
  Event event = Reversed(20);
  KnockoutOptions options;
  options.field = 16;
  absl::StatusOr<std::vector<Pairing>> round1 =
      PairKnockoutRound(event, 1, options);
  ASSERT_TRUE(round1.ok());
  EXPECT_EQ(round1->size(), 8u);
  EXPECT_EQ((*round1)[0], (Pairing{1, 20, 5}));  // seed 1 vs seed 16
  options.field = 21;
  EXPECT_EQ(PairKnockoutRound(event, 1, options).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(KnockoutTest, ColoursByLotForTheLastEight) {
  Event event = Reversed(16);
  KnockoutOptions options;
  options.colour_lot_seed = 99;
  // Round 1 has 16 players: the better seed keeps red.
  absl::StatusOr<std::vector<Pairing>> round1 =
      PairKnockoutRound(event, 1, options);
  ASSERT_TRUE(round1.ok());
  for (const Pairing& p : *round1) EXPECT_GT(p.red, p.black);  // seed order
  Play(event, 1, *round1);
  absl::StatusOr<std::vector<Pairing>> round2 =
      PairKnockoutRound(event, 2, options);
  ASSERT_TRUE(round2.ok());
  // Each match's colours follow its lot: LotSeed(99, round, table).
  for (const Pairing& p : *round2) {
    const bool better_red = Lot(LotSeed(99, 2, p.table)).Coin();
    EXPECT_EQ(p.red > p.black, better_red) << p.table;
  }
  EXPECT_EQ(*round2, *PairKnockoutRound(event, 2, options));
}

TEST(KnockoutTest, ForfeitsAndConflicts) {
  Event event = Reversed(2);
  Result(event, 1, 2, 1, RoundResult::kForfeitWin);
  absl::StatusOr<std::vector<int>> places = KnockoutPlaces(event, {});
  ASSERT_TRUE(places.ok()) << places.status();
  EXPECT_THAT(*places, ElementsAre(2, 1));
  // A decision contradicting a decisive game.
  KnockoutOptions options;
  options.decisions.push_back({.round = 1, .winner = 1});
  EXPECT_EQ(KnockoutPlaces(event, {}, options).status().code(),
            absl::StatusCode::kFailedPrecondition);
  // No result at all.
  const absl::Status missing = KnockoutPlaces(Reversed(2), {}).status();
  EXPECT_EQ(missing.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(missing.message(), HasSubstr("no result recorded"));
  // Entries showing another opponent.
  Event wrong = Reversed(4);
  Result(wrong, 1, 4, 2, RoundResult::kWin);
  Result(wrong, 1, 3, 1, RoundResult::kWin);
  EXPECT_THAT(PairKnockoutRound(wrong, 2).status().message(),
              HasSubstr("round 1, match 1 (4 vs 1)"));
}

TEST(DeciderTest, Armageddon) {
  const DeciderGame game{.red = 5, .black = 9};
  DeciderGame played = game;
  played.red_result = RoundResult::kWin;
  EXPECT_EQ(*ArmageddonWinner(played), 5);
  played.red_result = RoundResult::kLoss;
  EXPECT_EQ(*ArmageddonWinner(played), 9);
  played.red_result = RoundResult::kDraw;
  EXPECT_EQ(*ArmageddonWinner(played), 9);  // a draw sends black through
  EXPECT_EQ(ArmageddonWinner(game).status().code(),
            absl::StatusCode::kInvalidArgument);
  // The lot's winner chooses: repeatable, and either player can win it.
  EXPECT_EQ(ArmageddonChooser(5, 9, 1), ArmageddonChooser(5, 9, 1));
  bool five = false;
  bool nine = false;
  for (uint64_t seed = 0; seed < 32; ++seed) {
    (ArmageddonChooser(5, 9, seed) == 5 ? five : nine) = true;
  }
  EXPECT_TRUE(five && nine);
}

TEST(DeciderTest, RapidPlayoffSwapsColoursUntilDecided) {
  const uint64_t seed = 7;
  const DeciderGame first = RapidPlayoffGame(3, 6, 1, seed);
  EXPECT_EQ(first.red == 3, Lot(seed).Coin());
  std::vector<DeciderGame> games;
  for (int g = 1; g <= 4; ++g) {
    DeciderGame game = RapidPlayoffGame(3, 6, g, seed);
    EXPECT_EQ(game.red, g % 2 == 1 ? first.red : first.black);
    game.red_result = RoundResult::kDraw;
    games.push_back(game);
  }
  EXPECT_EQ(RapidPlayoffWinner(games), std::nullopt);
  games[3].red_result = RoundResult::kLoss;
  EXPECT_EQ(RapidPlayoffWinner(games), games[3].black);
}

TEST(RankByFirstStageTest, UnlistedPlayersLastByNumber) {
  EXPECT_THAT(RankByFirstStage({12, 3, 40, 7, 9}, {9, 1, 7, 12}),
              ElementsAre(9, 7, 12, 3, 40));
}

}  // namespace
}  // namespace caipan::tournament
