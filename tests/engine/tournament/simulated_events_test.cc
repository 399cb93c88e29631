// Whole events of the regulations' formats simulated through the public
// API: Swiss into a 16-player knockout with Armageddon deciders, two-stage
// events with and without carried points, a Swiss for the top 4 into a
// crossed final with rapid playoffs, gomoku round robins and a gomoku Swiss
// with 中间对手分, and team standings. Small fields are checked against
// results worked out by hand (in the comments); the larger ones against the
// invariants of every round and figures recounted here.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/tournament/event.h"
#include "engine/tournament/knockout.h"
#include "engine/tournament/round_robin.h"
#include "engine/tournament/standings.h"
#include "engine/tournament/swiss.h"
#include "engine/tournament/team_standings.h"
#include "engine/tournament/tiebreak.h"
#include "tests/engine/tournament/simulated_event_runner.h"

namespace caipan::tournament {
namespace {

using simulation::Decider;
using simulation::Outcome;
using simulation::OutcomeFn;
using simulation::RandomResults;
using simulation::WinFor;
using ::testing::ElementsAre;

absl::StatusOr<std::vector<Pairing>> Swiss(const Event& event, int round) {
  return PairSwissRound(event, round);
}

const std::vector<TieBreak> kXiangqiSwiss =
    DefaultTieBreaks(EventFormat::kXiangqiSwiss);

// Seeds of the first stage: seed_of[number] (1-based position in `rows`).
std::map<int, int> SeedOf(const std::vector<StandingRow>& rows) {
  std::map<int, int> seed_of;
  for (size_t i = 0; i < rows.size(); ++i) {
    seed_of[rows[i].number] = static_cast<int>(i) + 1;
  }
  return seed_of;
}

// The round each player of a finished knockout lost in (the champion:
// rounds + 1), read from the games and the decisions.
std::map<int, int> LostIn(const Event& stage, const KnockoutOptions& options) {
  std::map<int, int> lost;
  int rounds = 0;
  for (const Player& player : stage.players) {
    rounds = std::max(rounds, static_cast<int>(player.rounds.size()));
  }
  for (const Player& player : stage.players) {
    for (size_t r = 0; r < player.rounds.size(); ++r) {
      const RoundEntry& entry = player.rounds[r];
      if (entry.opponent == 0) continue;
      bool lost_here = entry.result == RoundResult::kLoss;
      if (entry.result == RoundResult::kDraw) {
        for (const MatchDecision& d : options.decisions) {
          if (d.round == static_cast<int>(r) + 1 &&
              d.winner == entry.opponent) {
            lost_here = true;
          }
        }
      }
      if (lost_here) lost[player.number] = static_cast<int>(r) + 1;
    }
    if (!player.rounds.empty() && !lost.contains(player.number)) {
      lost[player.number] = rounds + 1;
    }
  }
  return lost;
}

// The places of a finished knockout recounted: later elimination first,
// then `order` (a first-stage order).
std::vector<int> ExpectedPlaces(const Event& stage,
                                const KnockoutOptions& options,
                                const std::vector<int>& order) {
  const std::map<int, int> lost = LostIn(stage, options);
  std::vector<int> places;
  for (int number : order) {
    if (lost.contains(number)) places.push_back(number);
  }
  std::stable_sort(places.begin(), places.end(),
                   [&](int a, int b) { return lost.at(a) > lost.at(b); });
  return places;
}

// ---- a. A 5-round Swiss of 40 into a 16-player knockout, Armageddon ----

// Round 1 of 40: top half against bottom half, 1-21, 22-2, 3-23, …: the
// higher-placed player red on odd tables.
void ExpectRoundOneOfForty(const Event& swiss) {
  std::vector<Pairing> want;
  for (int t = 1; t <= 20; ++t) {
    want.push_back(t % 2 == 1 ? Pairing{t, t, t + 20} : Pairing{t, t + 20, t});
  }
  for (const Pairing& p : want) {
    EXPECT_EQ(swiss.players[p.red - 1].rounds[0].opponent, p.black);
    EXPECT_EQ(swiss.players[p.red - 1].rounds[0].side, Side::kRed);
  }
}

// Round 1 of the knockout in seeds: 1-16, 8-9, 5-12, 4-13 | 3-14, 6-11,
// 7-10, 2-15, the better seed red.
void ExpectSixteenBracket(const Event& stage,
                          const std::map<int, int>& seed_of) {
  absl::StatusOr<std::vector<Pairing>> round1 =
      PairKnockoutRound(stage, 1, {.field = 16});
  ASSERT_TRUE(round1.ok()) << round1.status();
  std::vector<std::pair<int, int>> seeds;
  for (const Pairing& p : *round1) {
    seeds.push_back({seed_of.at(p.red), seed_of.at(p.black)});
  }
  EXPECT_THAT(seeds,
              ElementsAre(std::pair{1, 16}, std::pair{8, 9}, std::pair{5, 12},
                          std::pair{4, 13}, std::pair{3, 14}, std::pair{6, 11},
                          std::pair{7, 10}, std::pair{2, 15}));
}

TEST(SimulatedEventsTest, FortySwissIntoSixteenKnockoutWithArmageddon) {
  int armageddons = 0;
  int drawn_armageddons = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    Event swiss = simulation::NewEvent(40, 5);
    RandomResults results(seed, 25);
    simulation::PlayRounds(
        swiss, 1, 5, Swiss, [&](const Pairing& p) { return results(p); },
        kXiangqiSwiss);
    ExpectRoundOneOfForty(swiss);
    simulation::ExpectStandingsSurviveTrf(swiss, 5, kXiangqiSwiss);
    const std::vector<StandingRow> rows =
        ComputeStandings(swiss, 5, kXiangqiSwiss);
    const std::vector<int> order = simulation::Order(rows);
    const std::map<int, int> seed_of = SeedOf(rows);

    Event stage = simulation::KnockoutStage(swiss, rows);
    ExpectSixteenBracket(stage, seed_of);
    KnockoutOptions options{.field = 16};
    RandomResults games(seed * 7, 30);
    const std::vector<simulation::DeciderRecord> deciders =
        simulation::PlayKnockout(
            stage, &options, [&](const Pairing& p) { return games(p); },
            Decider::kArmageddon,
            [&](const DeciderGame& g, int, int) {
              return games(Pairing{1, g.red, g.black});
            },
            seed);
    for (const simulation::DeciderRecord& d : deciders) {
      ASSERT_EQ(d.games.size(), 1u);
      ++armageddons;
      if (d.games[0].red_result == RoundResult::kDraw) ++drawn_armageddons;
    }
    // Four rounds: 16, 8, 4, 2 players.
    for (int r = 1; r <= 4; ++r) {
      int games_in_round = 0;
      for (const Player& p : stage.players) {
        games_in_round += static_cast<int>(p.rounds.size()) >= r;
      }
      EXPECT_EQ(games_in_round, 32 >> r) << "round " << r;
    }
    absl::StatusOr<std::vector<int>> places =
        KnockoutPlaces(stage, order, options);
    ASSERT_TRUE(places.ok()) << places.status();
    EXPECT_EQ(*places, ExpectedPlaces(stage, options, order));
    EXPECT_EQ(std::set<int>(places->begin(), places->end()),
              std::set<int>(order.begin(), order.begin() + 16));
    simulation::ExpectKnockoutSurvivesTrf(stage, options, order);
  }
  EXPECT_GT(armageddons, 0);
  EXPECT_GT(drawn_armageddons, 0);
}

// The same two-stage event with the knockout scripted by seeds, so that
// every place is known in advance (seeds are the Swiss places):
//   round of 16: better seeds win, except 8-9 drawn (Armageddon drawn: the
//     lot's winner chose black and goes through) and 7-10 won by 10;
//   quarter-finals: 1 beats the 8/9 winner; 5 beats 4; 3-6 drawn
//     (Armageddon won by red: the player who did not choose); 2 beats 10;
//   semi-finals: 1 beats 5; 2 beats the 3/6 winner; final: 2 beats 1.
// Places: 2, 1; 5 and the 3/6 winner; 4, 3/6 loser, 8/9 winner, 10; then
// 7, 8/9 loser, 11, 12, 13, 14, 15, 16 — each group in seed order.
TEST(SimulatedEventsTest, SixteenKnockoutScriptedBySeeds) {
  Event swiss = simulation::NewEvent(40, 5);
  RandomResults results(2017, 25);
  simulation::PlayRounds(
      swiss, 1, 5, Swiss, [&](const Pairing& p) { return results(p); },
      kXiangqiSwiss);
  const std::vector<StandingRow> rows =
      ComputeStandings(swiss, 5, kXiangqiSwiss);
  const std::vector<int> order = simulation::Order(rows);
  std::map<int, int> seed_of = SeedOf(rows);
  auto number = [&](int seed) { return order[seed - 1]; };
  // Seed pairs (better first) and the winning seed; 0: drawn.
  const std::map<std::pair<int, int>, int> winner_of = {
      {{1, 16}, 1}, {{8, 9}, 0},   {{5, 12}, 5}, {{4, 13}, 4}, {{3, 14}, 3},
      {{6, 11}, 6}, {{7, 10}, 10}, {{2, 15}, 2}, {{1, 8}, 1},  {{1, 9}, 1},
      {{4, 5}, 5},  {{3, 6}, 0},   {{2, 10}, 2}, {{1, 5}, 1},  {{2, 3}, 2},
      {{2, 6}, 2},  {{1, 2}, 2}};
  auto outcome = [&](const Pairing& p) {
    const int a = seed_of.at(p.red);
    const int b = seed_of.at(p.black);
    const auto it = winner_of.find({std::min(a, b), std::max(a, b)});
    if (it == winner_of.end()) {
      ADD_FAILURE() << "unscripted match of seeds " << a << " and " << b;
      return Outcome::kDraw;
    }
    if (it->second == 0) return Outcome::kDraw;
    EXPECT_EQ(std::min(a, b), seed_of.at(p.red)) << "the better seed is red";
    return WinFor(p, number(it->second));
  };
  auto armageddon = [&](const DeciderGame& g, int, int chooser) {
    EXPECT_EQ(g.black, chooser) << "the lot's winner chose black";
    const int seeds = std::min(seed_of.at(g.red), seed_of.at(g.black));
    return seeds == 8 ? Outcome::kDraw : Outcome::kRedWins;
  };
  Event stage = simulation::KnockoutStage(swiss, rows);
  KnockoutOptions options{.field = 16};
  const std::vector<simulation::DeciderRecord> deciders =
      simulation::PlayKnockout(stage, &options, outcome, Decider::kArmageddon,
                               armageddon, 99);
  ASSERT_EQ(deciders.size(), 2u);
  // 8-9: drawn Armageddon, black (the chooser) through.
  const int chooser89 = ArmageddonChooser(
      deciders[0].games[0].red, deciders[0].games[0].black, LotSeed(99, 1, 2));
  EXPECT_EQ(chooser89, deciders[0].games[0].black);
  const int through89 = chooser89;
  const int out89 = through89 == number(8) ? number(9) : number(8);
  EXPECT_EQ(deciders[0].winner, through89);
  // 3-6: red (the one who did not choose) won.
  const int through36 = deciders[1].games[0].red;
  const int out36 = through36 == number(3) ? number(6) : number(3);
  EXPECT_EQ(deciders[1].winner, through36);
  auto by_seed = [&](std::vector<int> numbers) {
    std::sort(numbers.begin(), numbers.end(),
              [&](int a, int b) { return seed_of.at(a) < seed_of.at(b); });
    return numbers;
  };
  std::vector<int> want = {number(2), number(1)};
  for (const std::vector<int>& group :
       {by_seed({number(5), through36}),
        by_seed({number(4), out36, through89, number(10)}),
        by_seed({number(7), out89, number(11), number(12), number(13),
                 number(14), number(15), number(16)})}) {
    want.insert(want.end(), group.begin(), group.end());
  }
  absl::StatusOr<std::vector<int>> places =
      KnockoutPlaces(stage, order, options);
  ASSERT_TRUE(places.ok()) << places.status();
  EXPECT_EQ(*places, want);
  // Ranked by the first stage: the same as RankByFirstStage of each group.
  EXPECT_EQ(RankByFirstStage({number(10), through89, out36, number(4)}, order),
            std::vector<int>(want.begin() + 4, want.begin() + 8));
  simulation::ExpectKnockoutSurvivesTrf(stage, options, order);
}

// ---- b. 6 and 7 rounds into the knockout, with and without carried
// points ----
//
// Carried points (带分进入) rank the losers of one knockout round by their
// first-stage points plus the points of their knockout games, then by the
// first stage; without, by the first stage alone (the digest's rule). The
// bracket and the seeding are the same either way. Both orders go to
// KnockoutPlaces as its first-stage order.

struct TwoStageCase {
  int players;
  int rounds;
  uint64_t seed;
};

class CarriedPointsTest : public ::testing::TestWithParam<TwoStageCase> {};

TEST_P(CarriedPointsTest, LosersRankedWithAndWithoutCarriedPoints) {
  const TwoStageCase c = GetParam();
  Event swiss = simulation::NewEvent(c.players, c.rounds);
  RandomResults results(c.seed, 20);
  simulation::PlayRounds(
      swiss, 1, c.rounds, Swiss, [&](const Pairing& p) { return results(p); },
      kXiangqiSwiss);
  simulation::ExpectStandingsSurviveTrf(swiss, c.rounds, kXiangqiSwiss);
  const std::vector<StandingRow> rows =
      ComputeStandings(swiss, c.rounds, kXiangqiSwiss);
  const std::vector<int> order = simulation::Order(rows);
  const std::map<int, int> seed_of = SeedOf(rows);
  auto number = [&](int seed) { return order[seed - 1]; };
  // Scripted by seeds: better seeds win, except 5-12 drawn with 5 through
  // by Armageddon, and the quarter-final 1-8 drawn with 1 through. So of
  // the quarter-final losers 5, 6, 7, 8 the knockout gave 5 one point (the
  // draw), 6 and 7 two (a win), 8 three (a win and a draw).
  auto outcome = [&](const Pairing& p) {
    const int a = std::min(seed_of.at(p.red), seed_of.at(p.black));
    const int b = std::max(seed_of.at(p.red), seed_of.at(p.black));
    if ((a == 5 && b == 12) || (a == 1 && b == 8)) return Outcome::kDraw;
    return WinFor(p, number(a));
  };
  auto armageddon = [&](const DeciderGame& g, int, int) {
    const int better =
        seed_of.at(g.red) < seed_of.at(g.black) ? g.red : g.black;
    return WinFor(Pairing{1, g.red, g.black}, better);
  };
  Event stage = simulation::KnockoutStage(swiss, rows);
  KnockoutOptions options{.field = 16};
  simulation::PlayKnockout(stage, &options, outcome, Decider::kArmageddon,
                           armageddon, c.seed);
  ASSERT_EQ(options.decisions.size(), 2u);

  // Carried: first-stage points plus knockout points, then the first stage.
  std::map<int, double> total;
  for (const StandingRow& row : rows) {
    const Player& player = stage.players[row.number - 1];
    total[row.number] =
        row.points +
        PointsAfter(stage, player, static_cast<int>(player.rounds.size()));
  }
  EXPECT_EQ(total[number(5)], rows[4].points + 1);
  EXPECT_EQ(total[number(6)], rows[5].points + 2);
  EXPECT_EQ(total[number(8)], rows[7].points + 3);
  std::vector<int> carried_order = order;
  std::stable_sort(carried_order.begin(), carried_order.end(),
                   [&](int a, int b) { return total[a] > total[b]; });

  absl::StatusOr<std::vector<int>> without =
      KnockoutPlaces(stage, order, options);
  absl::StatusOr<std::vector<int>> with =
      KnockoutPlaces(stage, carried_order, options);
  ASSERT_TRUE(without.ok()) << without.status();
  ASSERT_TRUE(with.ok()) << with.status();
  // The first four are the bracket's: 1, 2, then 3 and 4.
  for (const std::vector<int>* places : {&*without, &*with}) {
    EXPECT_THAT(std::vector<int>(places->begin(), places->begin() + 4),
                ElementsAre(number(1), number(2), number(3), number(4)));
  }
  // Without: quarter-final losers 5, 6, 7, 8; round-of-16 losers 9..16.
  std::vector<int> want_without;
  for (int s = 1; s <= 16; ++s) want_without.push_back(number(s));
  EXPECT_EQ(*without, want_without);
  // With: each group by total, then seed — here the groups recounted.
  EXPECT_EQ(*with, ExpectedPlaces(stage, options, carried_order));
  // Seed 8 carries two points more than seed 5 out of the knockout: ahead
  // of 5 whenever the Swiss put them less than two points apart (these
  // seeds are chosen so that it did).
  ASSERT_LT(rows[4].points - rows[7].points, 2);
  auto position = [](const std::vector<int>& places, int n) {
    return std::find(places.begin(), places.end(), n) - places.begin();
  };
  EXPECT_LT(position(*with, number(8)), position(*with, number(5)));
  EXPECT_GT(position(*without, number(8)), position(*without, number(5)));
  EXPECT_NE(*with, *without);
  simulation::ExpectKnockoutSurvivesTrf(stage, options, order);
}

INSTANTIATE_TEST_SUITE_P(NanningStages, CarriedPointsTest,
                         ::testing::Values(TwoStageCase{36, 6, 601},
                                           TwoStageCase{25, 7, 701},
                                           TwoStageCase{48, 7, 702}));

// ---- c. A Swiss for the top 4 into a crossed final with rapid playoffs ----

// Eight players, three rounds, worked out by hand (red first):
//   round 1 (top half against bottom half; the higher-placed red on odd
//     tables): 1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 0-1
//   round 2 (order 1 2 3 4 | 5 6 7 8; the larger colour imbalance gets what
//     it lacks): 2-1 0-1, 4-3 draw, 5-6 1-0, 7-8 0-1
//   round 3: scores 1:4, 3:3, 4:3, 2:2, 5:2, 8:2, 6:0, 7:0; 对手分 (current)
//     puts 4 (5) before 3 (3), 2 and 5 (4) before 8 (3), 7 (5) before 6
//     (4): order 1 4 3 2 5 8 7 6. 1 floats into 4 3: 1-4, 3 floats into
//     2 5 8: 3-2, then 5-8, 7-6. Colours: 1 alternates from black to red;
//     3 lacks red; 8 and 6 alternate to red. Tables by the higher-placed:
//     1-4, 3-2, 8-5, 6-7.
// `round3` gives red's outcomes of round 3 in that table order.
Event EightPlayerSwiss(const std::vector<Outcome>& round3) {
  Event event = simulation::NewEvent(8, 3);
  const std::vector<std::vector<Pairing>> want = {
      {{1, 1, 5}, {2, 6, 2}, {3, 3, 7}, {4, 8, 4}},
      {{1, 2, 1}, {2, 4, 3}, {3, 5, 6}, {4, 7, 8}},
      {{1, 1, 4}, {2, 3, 2}, {3, 8, 5}, {4, 6, 7}}};
  const std::vector<std::vector<Outcome>> outcomes = {
      {Outcome::kRedWins, Outcome::kBlackWins, Outcome::kRedWins,
       Outcome::kBlackWins},
      {Outcome::kBlackWins, Outcome::kDraw, Outcome::kRedWins,
       Outcome::kBlackWins},
      round3};
  for (int round = 1; round <= 3; ++round) {
    absl::StatusOr<std::vector<Pairing>> pairings = Swiss(event, round);
    EXPECT_TRUE(pairings.ok()) << pairings.status();
    if (!pairings.ok()) return event;
    EXPECT_EQ(*pairings, want[round - 1]) << "round " << round;
    simulation::ExpectValidPairing(event, round, *pairings,
                                   simulation::PresentPlayers(event, round));
    simulation::Record(event, round, *pairings, [&](const Pairing& p) {
      return outcomes[round - 1][p.table - 1];
    });
    simulation::ExpectConsistent(event, round, kXiangqiSwiss);
  }
  return event;
}

// Round 3: 1 beats 4, 3-2 drawn, 8 beats 5, 6 beats 7. Final scores 1:6,
// 3:4, 8:4, 4:3, 2:3, 5:2, 6:2, 7:0. 对手分: 1 5+… = 2+3+3 = 8; 3: 0+3+3 =
// 6; 8: 3+0+2 = 5; 4: 4+4+6 = 14; 2: 2+6+4 = 12; 5: 6+2+4 = 12; 6: 3+2+0 =
// 5; 7: 4+4+2 = 10. Places: 1, 3, 8, 4, 2, 5, 6, 7.
Event DaqingSwiss() {
  return EightPlayerSwiss({Outcome::kRedWins, Outcome::kDraw, Outcome::kRedWins,
                           Outcome::kRedWins});
}

TEST(SimulatedEventsTest, EightPlayerSwissByHand) {
  const Event swiss = DaqingSwiss();
  const std::vector<StandingRow> rows =
      ComputeStandings(swiss, 3, kXiangqiSwiss);
  std::vector<std::vector<double>> table;
  for (const StandingRow& row : rows) {
    table.push_back({double(row.place), double(row.number), row.points,
                     row.tiebreaks[0], row.tiebreaks[1]});
  }
  // place, number, points, 对手分, 胜局
  EXPECT_THAT(
      table,
      ElementsAre(ElementsAre(1, 1, 6, 8, 3), ElementsAre(2, 3, 4, 6, 1),
                  ElementsAre(3, 8, 4, 5, 2), ElementsAre(4, 4, 3, 14, 1),
                  ElementsAre(5, 2, 3, 12, 1), ElementsAre(6, 5, 2, 12, 1),
                  ElementsAre(7, 6, 2, 5, 1), ElementsAre(8, 7, 0, 10, 0)));
  simulation::ExpectStandingsSurviveTrf(swiss, 3, kXiangqiSwiss);
}

// Top 4 (1, 3, 8, 4) into crossed semi-finals: seed 1 - seed 4 is 1-4,
// seed 2 - seed 3 is 3-8, better seed red. 1 beats 4; 3-8 drawn, rapid
// playoff: game 1 drawn, game 2 won by 8. Final 1-8 drawn, rapid: two
// draws, game 3 won by 8. Places: 8, 1, then 3 (Swiss 2nd) and 4 (4th).
TEST(SimulatedEventsTest, CrossedFinalWithRapidPlayoffs) {
  const Event swiss = DaqingSwiss();
  const std::vector<StandingRow> rows =
      ComputeStandings(swiss, 3, kXiangqiSwiss);
  const std::vector<int> order = simulation::Order(rows);
  Event stage = simulation::KnockoutStage(swiss, rows);
  KnockoutOptions options{.field = 4};
  absl::StatusOr<std::vector<Pairing>> semis =
      PairKnockoutRound(stage, 1, options);
  ASSERT_TRUE(semis.ok()) << semis.status();
  EXPECT_THAT(*semis, ElementsAre(Pairing{1, 1, 4}, Pairing{2, 3, 8}));
  auto outcome = [](const Pairing& p) {
    if (p.red == 1 && p.black == 4) return Outcome::kRedWins;
    return Outcome::kDraw;  // 3-8 and the final
  };
  auto playoff = [](const DeciderGame& g, int index, int) {
    const bool final = g.red == 1 || g.black == 1;
    if (index < (final ? 3 : 2)) return Outcome::kDraw;
    return WinFor(Pairing{1, g.red, g.black}, 8);
  };
  const std::vector<simulation::DeciderRecord> deciders =
      simulation::PlayKnockout(stage, &options, outcome, Decider::kRapidPlayoff,
                               playoff, 2017);
  ASSERT_EQ(deciders.size(), 2u);
  EXPECT_EQ(deciders[0].games.size(), 2u);
  EXPECT_EQ(deciders[1].games.size(), 3u);
  EXPECT_EQ(deciders[0].winner, 8);
  EXPECT_EQ(deciders[1].winner, 8);
  // Game 1's colours by lot, then swapping.
  const DeciderGame first = RapidPlayoffGame(1, 8, 1, LotSeed(2017, 2, 1));
  EXPECT_EQ(deciders[1].games[0].red, first.red);
  EXPECT_EQ(deciders[1].games[2].red, first.red);
  EXPECT_EQ(deciders[1].games[1].red, first.black);
  EXPECT_THAT(options.decisions, ElementsAre(::testing::FieldsAre(1, 8),
                                             ::testing::FieldsAre(2, 8)));
  absl::StatusOr<std::vector<int>> places =
      KnockoutPlaces(stage, order, options);
  ASSERT_TRUE(places.ok()) << places.status();
  EXPECT_THAT(*places, ElementsAre(8, 1, 3, 4));
  simulation::ExpectKnockoutSurvivesTrf(stage, options, order);
}

TEST(SimulatedEventsTest, CrossedFinalsOfRandomSwisses) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    Event swiss = simulation::NewEvent(12 + static_cast<int>(seed % 5), 5);
    RandomResults results(seed, 30);
    simulation::PlayRounds(
        swiss, 1, 5, Swiss, [&](const Pairing& p) { return results(p); },
        kXiangqiSwiss);
    const std::vector<StandingRow> rows =
        ComputeStandings(swiss, 5, kXiangqiSwiss);
    const std::vector<int> order = simulation::Order(rows);
    Event stage = simulation::KnockoutStage(swiss, rows);
    KnockoutOptions options{.field = 4};
    absl::StatusOr<std::vector<Pairing>> semis =
        PairKnockoutRound(stage, 1, options);
    ASSERT_TRUE(semis.ok()) << semis.status();
    EXPECT_THAT(*semis, ElementsAre(Pairing{1, order[0], order[3]},
                                    Pairing{2, order[1], order[2]}));
    RandomResults games(seed + 1000, 40);
    simulation::PlayKnockout(
        stage, &options, [&](const Pairing& p) { return games(p); },
        Decider::kRapidPlayoff,
        [&](const DeciderGame& g, int, int) {
          return games(Pairing{1, g.red, g.black});
        },
        seed);
    absl::StatusOr<std::vector<int>> places =
        KnockoutPlaces(stage, order, options);
    ASSERT_TRUE(places.ok()) << places.status();
    EXPECT_EQ(*places, ExpectedPlaces(stage, options, order));
    EXPECT_EQ(std::set<int>(places->begin(), places->end()),
              std::set<int>(order.begin(), order.begin() + 4));
    simulation::ExpectKnockoutSurvivesTrf(stage, options, order);
  }
}

// ---- d. Gomoku: round robin on Berger tables, Swiss with 中间对手分 ----

TEST(SimulatedEventsTest, GomokuDefaultsAreTheDigests) {
  EXPECT_THAT(DefaultTieBreaks(EventFormat::kGomokuSwiss),
              ElementsAre(TieBreak::kOpponentScores,
                          TieBreak::kMedianOpponentScores, TieBreak::kWins));
  EXPECT_THAT(DefaultTieBreaks(EventFormat::kGomokuRoundRobin),
              ElementsAre(TieBreak::kMiniPoints, TieBreak::kWins));
}

// Five players on the Berger table of 6 (player 6 is the bye):
//   round 1: 2-5 3-4 bye 1   round 2: 5-3 1-2 bye 4   round 3: 3-1 4-5 bye 2
//   round 4: 1-4 2-3 bye 5   round 5: 4-2 5-1 bye 3
// Results: 1 beats 2, 3, 4 and loses to 5; 2 beats 3, 4, 5; 3 beats 4, 5;
// 4-5 drawn. Points (games + the bye's 2): 1: 8, 2: 8, 3: 6, 5: 5, 4: 3.
// 1 and 2 tie: 小分 1 beat 2 (2 against 0). Places 1, 2, 3, 5, 4.
TEST(SimulatedEventsTest, GomokuRoundRobinOfFiveByHand) {
  Event event = simulation::NewEvent(5, 5);
  const std::vector<TieBreak> chain =
      DefaultTieBreaks(EventFormat::kGomokuRoundRobin);
  const std::set<std::pair<int, int>> beats = {
      {1, 2}, {1, 3}, {1, 4}, {5, 1}, {2, 3}, {2, 4}, {2, 5}, {3, 4}, {3, 5}};
  auto outcome = [&](const Pairing& p) {
    if (beats.contains({p.red, p.black})) return Outcome::kRedWins;
    if (beats.contains({p.black, p.red})) return Outcome::kBlackWins;
    EXPECT_EQ(std::minmax(p.red, p.black), std::minmax(4, 5));
    return Outcome::kDraw;
  };
  const std::vector<std::vector<Pairing>> want = {
      {{1, 2, 5}, {2, 3, 4}, {3, 1, 0}},
      {{1, 5, 3}, {2, 1, 2}, {3, 4, 0}},
      {{1, 3, 1}, {2, 4, 5}, {3, 2, 0}},
      {{1, 1, 4}, {2, 2, 3}, {3, 5, 0}},
      {{1, 4, 2}, {2, 5, 1}, {3, 3, 0}}};
  for (int round = 1; round <= 5; ++round) {
    absl::StatusOr<std::vector<Pairing>> pairings =
        PairRoundRobinRound(event, round);
    ASSERT_TRUE(pairings.ok()) << pairings.status();
    EXPECT_EQ(*pairings, want[round - 1]);
    simulation::ExpectValidPairing(event, round, *pairings,
                                   simulation::PresentPlayers(event, round));
    simulation::Record(event, round, *pairings, outcome);
    // Berger colours in a field of 5 never differ by more than one.
    simulation::ExpectConsistent(event, round, chain, 1, 2);
  }
  const std::vector<StandingRow> rows = ComputeStandings(event, 5, chain);
  std::vector<std::vector<double>> table;
  for (const StandingRow& row : rows) {
    table.push_back({double(row.place), double(row.number), row.points,
                     row.tiebreaks[0], row.tiebreaks[1]});
  }
  // place, number, points, 小分, 胜局
  EXPECT_THAT(
      table, ElementsAre(ElementsAre(1, 1, 8, 2, 3), ElementsAre(2, 2, 8, 0, 3),
                         ElementsAre(3, 3, 6, 0, 2), ElementsAre(4, 5, 5, 0, 1),
                         ElementsAre(5, 4, 3, 0, 0)));
  simulation::ExpectStandingsSurviveTrf(event, 5, chain);
}

// Odd fields in a single and a double round robin (双循环): every pair meets
// once per cycle, in the second with the colours reversed; one bye per
// player and cycle.
TEST(SimulatedEventsTest, GomokuRoundRobinsSingleAndDouble) {
  const std::vector<TieBreak> chain =
      DefaultTieBreaks(EventFormat::kGomokuRoundRobin);
  for (int players : {7, 8, 9}) {
    for (int cycles : {1, 2}) {
      SCOPED_TRACE(testing::Message()
                   << players << " players, " << cycles << " cycle(s)");
      const RoundRobinOptions options{.cycles = cycles};
      const int rounds = RoundRobinRounds(players, options);
      Event event = simulation::NewEvent(players, rounds);
      event.time_control = "3600";  // 60′ sudden death (gomoku U18/U12)
      RandomResults results(players * 10 + cycles, 20);
      std::map<std::pair<int, int>, int> met;  // red, black
      for (int round = 1; round <= rounds; ++round) {
        absl::StatusOr<std::vector<Pairing>> pairings =
            PairRoundRobinRound(event, round, options);
        ASSERT_TRUE(pairings.ok()) << pairings.status();
        // A pair meets again only in the second cycle (so no rematch
        // check then), with the other colours.
        const int per_cycle = RoundRobinRounds(players);
        simulation::ExpectValidPairing(event, round, *pairings,
                                       simulation::PresentPlayers(event, round),
                                       /*first_meeting=*/round <= per_cycle);
        for (const Pairing& p : *pairings) {
          if (!p.is_bye()) ++met[{p.red, p.black}];
        }
        simulation::Record(event, round, *pairings,
                           [&](const Pairing& p) { return results(p); });
        simulation::ExpectConsistent(event, round, chain);
      }
      for (int a = 1; a <= players; ++a) {
        for (int b = a + 1; b <= players; ++b) {
          const int red_first = met[std::pair{a, b}];
          const int black_first = met[std::pair{b, a}];
          EXPECT_EQ(red_first + black_first, cycles) << a << "-" << b;
          if (cycles == 2) {
            EXPECT_EQ(red_first, 1) << a << "-" << b;
          }
        }
        int byes = 0;
        for (const RoundEntry& e : event.players[a - 1].rounds) {
          byes += e.result == RoundResult::kPairingBye;
        }
        EXPECT_EQ(byes, cycles * (players % 2));
      }
      simulation::ExpectStandingsSurviveTrf(event, rounds, chain);
    }
  }
}

// The eight-player Swiss again with round 3: 1 beats 4, 3-2 drawn, 5 beats
// 8, 6-7 drawn. Scores 1:6, 3:4, 5:4, 4:3, 2:3, 8:2, 6:1, 7:1.
// Opponents' scores, 对手分, 中间对手分 (minus the highest and lowest):
//   3: 7 4 2 → 1 3 3 = 7, 3      5: 1 6 8 → 6 1 2 = 9, 2
//   4: 8 3 1 → 2 4 6 = 12, 4     2: 6 1 3 → 1 6 4 = 11, 4
//   6: 2 5 7 → 3 4 1 = 8, 3      7: 3 8 6 → 4 2 1 = 7, 2
// The gomoku default (对手分 first) puts 5 before 3; 中间对手分 first puts
// 3 before 5. 4 before 2 and 6 before 7 either way.
TEST(SimulatedEventsTest, GomokuSwissWithMedianOpponentScoresByHand) {
  const Event swiss = EightPlayerSwiss(
      {Outcome::kRedWins, Outcome::kDraw, Outcome::kBlackWins, Outcome::kDraw});
  const std::vector<TieBreak> median_first = {TieBreak::kMedianOpponentScores,
                                              TieBreak::kOpponentScores,
                                              TieBreak::kWins};
  EXPECT_THAT(simulation::Order(ComputeStandings(swiss, 3, median_first)),
              ElementsAre(1, 3, 5, 4, 2, 8, 6, 7));
  EXPECT_THAT(simulation::Order(ComputeStandings(
                  swiss, 3, DefaultTieBreaks(EventFormat::kGomokuSwiss))),
              ElementsAre(1, 5, 3, 4, 2, 8, 6, 7));
  const std::vector<StandingRow> rows =
      ComputeStandings(swiss, 3, median_first);
  EXPECT_EQ(rows[1].tiebreaks, (std::vector<double>{3, 7, 1}));
  EXPECT_EQ(rows[2].tiebreaks, (std::vector<double>{2, 9, 2}));
  simulation::ExpectStandingsSurviveTrf(swiss, 3, median_first);
}

// Larger gomoku Swisses: 中间对手分 recounted here from the results (a bye
// is an opponent with the lowest score in the field), the table ordered by
// points, then 中间对手分, 对手分, 胜局; and the chain's order matters for
// some of the events.
TEST(SimulatedEventsTest, GomokuSwissesRankedByMedianOpponentScores) {
  const std::vector<TieBreak> chain = {TieBreak::kMedianOpponentScores,
                                       TieBreak::kOpponentScores,
                                       TieBreak::kWins};
  int differ = 0;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    const int players = 19 + static_cast<int>(seed % 4);
    Event swiss = simulation::NewEvent(players, 7);
    swiss.time_control = "S3600:1800";  // gomoku U10: shared 60′, then 30′
    RandomResults results(seed, 15);
    simulation::PlayRounds(
        swiss, 1, 7, Swiss, [&](const Pairing& p) { return results(p); },
        chain);
    const std::vector<StandingRow> rows = ComputeStandings(swiss, 7, chain);
    std::map<int, double> score;
    double lowest = 1e9;
    for (const StandingRow& row : rows) {
      score[row.number] = row.points;
      lowest = std::min(lowest, row.points);
    }
    for (size_t i = 0; i < rows.size(); ++i) {
      std::vector<double> opponents;
      int wins = 0;
      for (const RoundEntry& e : swiss.players[rows[i].number - 1].rounds) {
        opponents.push_back(e.opponent == 0 ? lowest : score[e.opponent]);
        wins += e.result == RoundResult::kWin;
      }
      std::sort(opponents.begin(), opponents.end());
      double sum = 0;
      for (double s : opponents) sum += s;
      const double median = sum - opponents.front() - opponents.back();
      EXPECT_EQ(rows[i].tiebreaks,
                (std::vector<double>{median, sum, double(wins)}))
          << "player " << rows[i].number;
      if (i == 0) continue;
      const auto key = [](const StandingRow& r) {
        return std::vector<double>{r.points, r.tiebreaks[0], r.tiebreaks[1],
                                   r.tiebreaks[2]};
      };
      EXPECT_GE(key(rows[i - 1]), key(rows[i]));
      EXPECT_EQ(rows[i].place == rows[i - 1].place,
                key(rows[i - 1]) == key(rows[i]));
    }
    differ += simulation::Order(rows) !=
              simulation::Order(ComputeStandings(
                  swiss, 7, DefaultTieBreaks(EventFormat::kGomokuSwiss)));
    simulation::ExpectStandingsSurviveTrf(swiss, 7, chain);
  }
  EXPECT_GT(differ, 0);
}

// ---- e. Team events ----

// The eight-player Swiss (places 1:1, 3:2, 8:3, 4:4, 2:5, 5:6, 6:7, 7:8)
// with units A {1, 2}, B {3, 4}, C {8, 6}, D {5, 7}:
//   place sums A 1+5 = 6, B 2+4 = 6, C 3+7 = 10, D 6+8 = 14;
//   best 2, ties by the next places: A and B have no third player (charged
//     9, one more than the 8 members) and share 1st;
//   WXF (all places, ties to the best place): A (best 1) before B (2);
//   Daqing (best 4: two missing players at 9 each): A 24, B 24, C 28, D 32;
//   best boy + best girl (1 m, 2 f; 3 m, 4 f; 6 m, 8 f; 5 m, 7 m): A 6+3 =
//     9, B 4+3 = 7, C 2+4 = 6, D 2 (no girl: 0).
TEST(SimulatedEventsTest, TeamStandingsOfTheEightPlayerSwissByHand) {
  Event swiss = DaqingSwiss();
  const std::vector<std::pair<std::string, Sex>> unit_of = {
      {"A", Sex::kMale},   {"A", Sex::kFemale}, {"B", Sex::kMale},
      {"B", Sex::kFemale}, {"D", Sex::kMale},   {"C", Sex::kMale},
      {"D", Sex::kMale},   {"C", Sex::kFemale}};
  for (int i = 0; i < 8; ++i) {
    swiss.players[i].unit = unit_of[i].first;
    swiss.players[i].sex = unit_of[i].second;
  }
  const std::vector<TeamMember> members =
      TeamMembers(swiss, ComputeStandings(swiss, 3, kXiangqiSwiss));
  auto rows = [](const std::vector<TeamRow>& teams) {
    std::vector<std::tuple<int, std::string, double, std::vector<int>>> out;
    for (const TeamRow& t : teams) {
      out.emplace_back(t.place, t.unit, t.score, t.counted);
    }
    return out;
  };
  using Row = std::tuple<int, std::string, double, std::vector<int>>;
  EXPECT_THAT(
      rows(PlaceSumTeamStandings(
          members,
          {.counted = 2, .tie_rule = PlaceSumOptions::TieRule::kNextPlaces})),
      ElementsAre(Row{1, "A", 6, {1, 2}}, Row{1, "B", 6, {3, 4}},
                  Row{3, "C", 10, {8, 6}}, Row{4, "D", 14, {5, 7}}));
  EXPECT_THAT(rows(PlaceSumTeamStandings(members, WxfTeamOptions())),
              ElementsAre(Row{1, "A", 6, {1, 2}}, Row{2, "B", 6, {3, 4}},
                          Row{3, "C", 10, {8, 6}}, Row{4, "D", 14, {5, 7}}));
  const std::vector<TeamRow> daqing =
      PlaceSumTeamStandings(members, DaqingTeamOptions());
  ASSERT_EQ(daqing.size(), 4u);
  EXPECT_EQ(daqing[0].score, 24);
  EXPECT_EQ(daqing[0].place, 1);
  EXPECT_EQ(daqing[1].place, 1);
  EXPECT_EQ(daqing[2].score, 28);
  EXPECT_EQ(daqing[3].score, 32);
  EXPECT_THAT(rows(BoyGirlTeamStandings(members)),
              ElementsAre(Row{1, "A", 9, {1, 2}}, Row{2, "B", 7, {3, 4}},
                          Row{3, "C", 6, {6, 8}}, Row{4, "D", 2, {5}}));
}

// A larger team event: 6 units of 4 (two boys, two girls) and one player
// of no unit, 6 rounds; the team tables recounted from the individual one.
TEST(SimulatedEventsTest, TeamEventOfSixUnits) {
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    Event swiss = simulation::NewEvent(25, 6);
    for (int i = 0; i < 24; ++i) {
      swiss.players[i].unit = std::string(1, static_cast<char>('A' + i % 6));
      swiss.players[i].sex = (i / 6) % 2 == 0 ? Sex::kMale : Sex::kFemale;
    }
    RandomResults results(seed, 20);
    simulation::PlayRounds(
        swiss, 1, 6, Swiss, [&](const Pairing& p) { return results(p); },
        kXiangqiSwiss);
    const std::vector<StandingRow> standings =
        ComputeStandings(swiss, 6, kXiangqiSwiss);
    const std::vector<TeamMember> members = TeamMembers(swiss, standings);
    ASSERT_EQ(members.size(), 24u);  // player 25 plays for no unit
    std::map<std::string, std::vector<const StandingRow*>> by_unit;
    for (const StandingRow& row : standings) {
      const std::string& unit = swiss.players[row.number - 1].unit;
      if (!unit.empty()) by_unit[unit].push_back(&row);  // best place first
    }
    for (int counted : {0, 2, 4}) {
      const std::vector<TeamRow> teams = PlaceSumTeamStandings(
          members, {.counted = counted,
                    .tie_rule = PlaceSumOptions::TieRule::kBestPlace});
      ASSERT_EQ(teams.size(), 6u);
      for (size_t i = 0; i < teams.size(); ++i) {
        const std::vector<const StandingRow*>& unit = by_unit[teams[i].unit];
        const int n = counted == 0 ? 4 : counted;
        double sum = 0;
        for (int k = 0; k < n; ++k) sum += unit[k]->place;
        EXPECT_EQ(teams[i].score, sum) << teams[i].unit;
        EXPECT_EQ(static_cast<int>(teams[i].counted.size()), n);
        if (i > 0) {
          EXPECT_LE(teams[i - 1].score, teams[i].score);
        }
      }
    }
    const std::vector<TeamRow> youth = BoyGirlTeamStandings(members);
    ASSERT_EQ(youth.size(), 6u);
    for (size_t i = 0; i < youth.size(); ++i) {
      double best_boy = -1;
      double best_girl = -1;
      for (const StandingRow* row : by_unit[youth[i].unit]) {
        const Sex sex = swiss.players[row->number - 1].sex;
        double& best = sex == Sex::kMale ? best_boy : best_girl;
        best = std::max(best, row->points);
      }
      EXPECT_EQ(youth[i].score, best_boy + best_girl) << youth[i].unit;
      if (i > 0) {
        EXPECT_GE(youth[i - 1].score, youth[i].score);
      }
    }
  }
}

}  // namespace
}  // namespace caipan::tournament
