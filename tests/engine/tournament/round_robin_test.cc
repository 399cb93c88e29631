// Berger tables against the published tables (FIDE Handbook C.05 Annex 1),
// odd fields with a bye, and the round-robin properties for every size.
#include "engine/tournament/round_robin.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace caipan::tournament {
namespace {

// A round as the tables print it: "1-6 2-5 3-4", a bye as "bye:N".
std::string Text(const std::vector<Pairing>& pairings) {
  std::vector<std::string> games;
  for (const Pairing& p : pairings) {
    games.push_back(p.is_bye() ? absl::StrCat("bye:", p.red)
                               : absl::StrCat(p.red, "-", p.black));
  }
  return absl::StrJoin(games, " ");
}

std::vector<std::string> Table(int players) {
  std::vector<std::string> rounds;
  for (int r = 1; r <= RoundRobinRounds(players); ++r) {
    absl::StatusOr<std::vector<Pairing>> round = BergerRound(players, r);
    EXPECT_TRUE(round.ok()) << round.status();
    rounds.push_back(round.ok() ? Text(*round) : "");
  }
  return rounds;
}

TEST(BergerTest, PublishedTables) {
  EXPECT_THAT(Table(4),
              ::testing::ElementsAre("1-4 2-3", "4-3 1-2", "2-4 3-1"));
  EXPECT_THAT(Table(6), ::testing::ElementsAre("1-6 2-5 3-4", "6-4 5-3 1-2",
                                               "2-6 3-1 4-5", "6-5 1-4 2-3",
                                               "3-6 4-2 5-1"));
  EXPECT_THAT(Table(8),
              ::testing::ElementsAre("1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2",
                                     "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
                                     "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4",
                                     "4-8 5-3 6-2 7-1"));
  EXPECT_THAT(Table(10), ::testing::ElementsAre(
                             "1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2",
                             "2-10 3-1 4-9 5-8 6-7", "10-7 8-6 9-5 1-4 2-3",
                             "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4",
                             "4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5",
                             "5-10 6-4 7-3 8-2 9-1"));
}

TEST(BergerTest, OddFieldsPlayTheNextTableWithByes) {
  // The table of 6 with player 6 as the bye.
  EXPECT_THAT(Table(5), ::testing::ElementsAre("2-5 3-4 bye:1", "5-3 1-2 bye:4",
                                               "3-1 4-5 bye:2", "1-4 2-3 bye:5",
                                               "4-2 5-1 bye:3"));
  EXPECT_THAT(Table(3),
              ::testing::ElementsAre("2-3 bye:1", "1-2 bye:3", "3-1 bye:2"));
  EXPECT_THAT(Table(1), ::testing::ElementsAre("bye:1"));
  EXPECT_THAT(Table(2), ::testing::ElementsAre("1-2"));
}

TEST(BergerTest, EveryPairMeetsOnceColoursBalanced) {
  for (int n = 2; n <= 24; ++n) {
    std::set<std::pair<int, int>> met;
    std::vector<int> reds(n + 1, 0);
    std::vector<int> byes(n + 1, 0);
    for (int r = 1; r <= RoundRobinRounds(n); ++r) {
      absl::StatusOr<std::vector<Pairing>> round = BergerRound(n, r);
      ASSERT_TRUE(round.ok()) << round.status();
      std::vector<int> seen(n + 1, 0);
      for (size_t t = 0; t < round->size(); ++t) {
        const Pairing& p = (*round)[t];
        EXPECT_EQ(p.table, static_cast<int>(t) + 1);
        ++seen[p.red];
        if (p.is_bye()) {
          ++byes[p.red];
          EXPECT_EQ(t + 1, round->size()) << "the bye comes last";
          continue;
        }
        ++seen[p.black];
        ++reds[p.red];
        EXPECT_TRUE(met.insert(std::minmax(p.red, p.black)).second)
            << n << " players, round " << r << ": " << p.red << "-" << p.black
            << " again";
      }
      for (int i = 1; i <= n; ++i) EXPECT_EQ(seen[i], 1) << n << " " << r;
    }
    EXPECT_EQ(static_cast<int>(met.size()), n * (n - 1) / 2);
    const int games = n - 1;  // each plays everyone once
    for (int i = 1; i <= n; ++i) {
      EXPECT_EQ(byes[i], n % 2);
      EXPECT_LE(std::abs(2 * reds[i] - games), 1) << n << " player " << i;
    }
  }
}

TEST(BergerTest, RoundsOutsideTheTable) {
  EXPECT_EQ(BergerRound(6, 0).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(BergerRound(6, 6).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(BergerRound(5, 6).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(BergerRound(5, 5).ok());
  EXPECT_EQ(BergerRound(0, 1).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(PairRoundRobinRoundTest, UsesTheEventsStartNumbers) {
  Event event;
  for (int i = 1; i <= 8; ++i) {
    event.players.emplace_back();
    event.players.back().number = i;
  }
  absl::StatusOr<std::vector<Pairing>> round = PairRoundRobinRound(event, 2);
  ASSERT_TRUE(round.ok()) << round.status();
  EXPECT_EQ(Text(*round), "8-5 6-4 7-3 1-2");
  const absl::Status late = PairRoundRobinRound(event, 8).status();
  EXPECT_EQ(late.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(late.message(), ::testing::HasSubstr("round 8"));
  event.players[3].number = 9;
  EXPECT_EQ(PairRoundRobinRound(event, 1).status().code(),
            absl::StatusCode::kInvalidArgument);
}

Event Numbered(int players) {
  Event event;
  for (int i = 1; i <= players; ++i) {
    event.players.emplace_back();
    event.players.back().number = i;
  }
  return event;
}

std::vector<std::string> Schedule(const Event& event,
                                  const RoundRobinOptions& options) {
  std::vector<std::string> rounds;
  const int n = static_cast<int>(event.players.size());
  for (int r = 1; r <= RoundRobinRounds(n, options); ++r) {
    absl::StatusOr<std::vector<Pairing>> round =
        PairRoundRobinRound(event, r, options);
    EXPECT_TRUE(round.ok()) << round.status();
    rounds.push_back(round.ok() ? Text(*round) : "");
  }
  return rounds;
}

TEST(DoubleRoundRobinTest, SecondCycleReversesColours) {
  // 双循环 of 4: the first cycle plays the table's rounds 1, 3, 2 (its last
  // two swapped), the second the table's 1, 2, 3 with colours reversed.
  EXPECT_THAT(Schedule(Numbered(4), {.cycles = 2}),
              ::testing::ElementsAre("1-4 2-3", "2-4 3-1", "4-3 1-2", "4-1 3-2",
                                     "3-4 2-1", "4-2 1-3"));
  // Without the swap: the table twice, and player 1 is black in rounds 3, 4
  // and 5 (the reason for the default).
  EXPECT_THAT(
      Schedule(Numbered(4), {.cycles = 2, .swap_last_two_rounds = false}),
      ::testing::ElementsAre("1-4 2-3", "4-3 1-2", "2-4 3-1", "4-1 3-2",
                             "3-4 2-1", "4-2 1-3"));
  // Odd field: the same bye in both cycles, the bye keeps its place.
  EXPECT_THAT(Schedule(Numbered(3), {.cycles = 2}),
              ::testing::ElementsAre("2-3 bye:1", "3-1 bye:2", "1-2 bye:3",
                                     "3-2 bye:1", "2-1 bye:3", "1-3 bye:2"));
  // One cycle: the table as before, whatever the swap says.
  EXPECT_THAT(Schedule(Numbered(4), {}),
              ::testing::ElementsAre("1-4 2-3", "4-3 1-2", "2-4 3-1"));
  EXPECT_EQ(RoundRobinRounds(6, {.cycles = 2}), 10);
  EXPECT_EQ(RoundRobinRounds(5, {.cycles = 2}), 10);
  EXPECT_EQ(RoundRobinRounds(5, {.cycles = 0}), 0);
}

TEST(DoubleRoundRobinTest, EveryPairMeetsOnceWithEachColour) {
  for (int n = 2; n <= 20; ++n) {
    for (bool swap : {true, false}) {
      const RoundRobinOptions options{.cycles = 2,
                                      .swap_last_two_rounds = swap};
      const Event event = Numbered(n);
      std::set<std::pair<int, int>> games;  // red, black
      std::vector<std::string> colours(n + 1);
      std::vector<int> byes(n + 1, 0);
      for (int r = 1; r <= RoundRobinRounds(n, options); ++r) {
        absl::StatusOr<std::vector<Pairing>> round =
            PairRoundRobinRound(event, r, options);
        ASSERT_TRUE(round.ok()) << round.status();
        std::vector<int> seen(n + 1, 0);
        for (const Pairing& p : *round) {
          ++seen[p.red];
          if (p.is_bye()) {
            ++byes[p.red];
            continue;
          }
          ++seen[p.black];
          colours[p.red] += 'R';
          colours[p.black] += 'B';
          EXPECT_TRUE(games.insert({p.red, p.black}).second)
              << n << " players, round " << r << ": " << p.red << "-" << p.black
              << " again with the same colours";
        }
        for (int i = 1; i <= n; ++i) EXPECT_EQ(seen[i], 1) << n << " " << r;
      }
      // Every ordered pair once: each pair met twice, once with each colour.
      EXPECT_EQ(static_cast<int>(games.size()), n * (n - 1));
      for (int i = 1; i <= n; ++i) {
        EXPECT_EQ(byes[i], 2 * (n % 2));
        EXPECT_EQ(std::count(colours[i].begin(), colours[i].end(), 'R'), n - 1);
        const bool three = colours[i].find("RRR") != std::string::npos ||
                           colours[i].find("BBB") != std::string::npos;
        // Even fields without the swap have a player three times in a row.
        if (swap || n % 2 == 1) {
          EXPECT_FALSE(three) << n << " player " << i << ": " << colours[i];
        }
      }
    }
  }
}

TEST(DoubleRoundRobinTest, RoundsOutsideTheCycles) {
  const Event event = Numbered(6);
  EXPECT_TRUE(PairRoundRobinRound(event, 10, {.cycles = 2}).ok());
  const absl::Status late =
      PairRoundRobinRound(event, 11, {.cycles = 2}).status();
  EXPECT_EQ(late.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(late.message(), ::testing::HasSubstr("round 11"));
  EXPECT_EQ(PairRoundRobinRound(event, 0, {.cycles = 2}).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(PairRoundRobinRound(event, 1, {.cycles = 0}).status().code(),
            absl::StatusCode::kInvalidArgument);
  // Three cycles: the third plays like the first.
  absl::StatusOr<std::vector<Pairing>> first =
      PairRoundRobinRound(event, 1, {.cycles = 3});
  absl::StatusOr<std::vector<Pairing>> third =
      PairRoundRobinRound(event, 11, {.cycles = 3});
  ASSERT_TRUE(first.ok() && third.ok());
  EXPECT_EQ(*first, *third);
}

}  // namespace
}  // namespace caipan::tournament
