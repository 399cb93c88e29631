// Properties of the standings on thousands of seeded random events: places
// run 1..n without gaps a tie does not explain, points are sorted and equal
// the results, each tie-break splits in the right direction, tied players
// are equal on everything, and the standings neither depend on the start
// numbers nor change from one call to the next.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "engine/tournament/event.h"
#include "engine/tournament/standings.h"
#include "engine/tournament/tiebreak.h"
#include "engine/tournament/tiebreak_values.h"
#include "tests/engine/tournament/standings_test_events.h"

namespace caipan::tournament {
namespace {

using test_events::EventBuilder;

constexpr int kEvents = 3000;

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

bool IsHeadToHead(TieBreak tb) {
  return tb == TieBreak::kDirectEncounter || tb == TieBreak::kMiniPoints;
}

// A Swiss-like event: each round pairs the players present at random
// (rematches allowed), an odd player out gets a bye.
Event RandomEvent(std::mt19937_64& rng, int* rounds_out) {
  const int n = std::uniform_int_distribution<int>(1, 20)(rng);
  const int rounds = std::uniform_int_distribution<int>(0, 7)(rng);
  *rounds_out = rounds;
  EventBuilder builder(n);
  std::uniform_int_distribution<int> percent(0, 99);
  for (int r = 1; r <= rounds; ++r) {
    std::vector<int> present;
    for (int p = 1; p <= n; ++p) {
      if (percent(rng) < 5) {
        builder.Bye(r, p, RoundResult::kZeroBye);
      } else {
        present.push_back(p);
      }
    }
    std::shuffle(present.begin(), present.end(), rng);
    if (present.size() % 2 == 1) {
      const int roll = percent(rng);
      builder.Bye(r, present.back(),
                  roll < 80   ? RoundResult::kPairingBye
                  : roll < 90 ? RoundResult::kHalfBye
                              : RoundResult::kFullBye);
      present.pop_back();
    }
    for (size_t i = 0; i + 1 < present.size(); i += 2) {
      const int roll = percent(rng);
      const char result = roll < 40     ? '1'
                          : roll < 75   ? '0'
                          : roll < 92   ? '='
                          : roll < 95   ? '+'
                          : roll < 98   ? '-'
                          : r == rounds ? '*'
                                        : '1';
      builder.Game(r, present[i], present[i + 1], result);
    }
  }
  for (int p = 1; p <= n; ++p) {
    if (percent(rng) < 20) {
      builder.Fouls(p, std::uniform_int_distribution<int>(1, 2)(rng));
    }
  }
  Event event = builder.event();
  // Now and then a double forfeit, and other point systems.
  if (n >= 2 && rounds > 0 && percent(rng) < 10) {
    Player& first = event.players[0];
    RoundEntry& entry = first.rounds[0];
    if (entry.opponent != 0 && (entry.result == RoundResult::kForfeitWin ||
                                entry.result == RoundResult::kForfeitLoss)) {
      entry.result = RoundResult::kForfeitLoss;
      event.players[entry.opponent - 1].rounds[0].result =
          RoundResult::kForfeitLoss;
    }
  }
  const int scoring = percent(rng);
  if (scoring < 15) {
    event.scoring = {.win = 1,
                     .draw = 0.5,
                     .loss = 0,
                     .forfeit_win = 1,
                     .forfeit_loss = 0,
                     .pairing_bye = 1,
                     .half_bye = 0.5,
                     .full_bye = 1,
                     .zero_bye = 0};
  } else if (scoring < 25) {
    event.scoring = {.win = 3,
                     .draw = 1,
                     .loss = 0,
                     .forfeit_win = 3,
                     .forfeit_loss = 0,
                     .pairing_bye = 3,
                     .half_bye = 1,
                     .full_bye = 3,
                     .zero_bye = 0};
  }
  return event;
}

std::vector<TieBreak> RandomChain(std::mt19937_64& rng) {
  std::vector<TieBreak> all(std::begin(kAll), std::end(kAll));
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(std::uniform_int_distribution<int>(0, 6)(rng));
  return all;
}

// 对手分 written out again, straight from the digest.
double OpponentScoresOracle(const Event& event, int rounds, int index) {
  double lowest = 0;
  for (size_t i = 0; i < event.players.size(); ++i) {
    const double s = PointsAfter(event, event.players[i], rounds);
    if (i == 0 || s < lowest) lowest = s;
  }
  double sum = 0;
  const Player& player = event.players[index];
  for (int r = 0; r < std::min<int>(rounds, player.rounds.size()); ++r) {
    const RoundEntry& entry = player.rounds[r];
    switch (entry.result) {
      case RoundResult::kWin:
      case RoundResult::kDraw:
      case RoundResult::kLoss:
      case RoundResult::kForfeitWin:
      case RoundResult::kForfeitLoss:
        sum += PointsAfter(event, event.players[entry.opponent - 1], rounds);
        break;
      case RoundResult::kPairingBye:
      case RoundResult::kHalfBye:
      case RoundResult::kFullBye:
        sum += lowest;
        break;
      case RoundResult::kZeroBye:
      case RoundResult::kUnplayed:
        break;
    }
  }
  return sum;
}

// The same event with start numbers permuted: old number k becomes
// perm[k - 1].
Event Renumbered(const Event& event, const std::vector<int>& perm) {
  Event out = event;
  for (const Player& player : event.players) {
    Player moved = player;
    moved.number = perm[player.number - 1];
    for (RoundEntry& entry : moved.rounds) {
      if (entry.opponent != 0) entry.opponent = perm[entry.opponent - 1];
    }
    out.players[moved.number - 1] = moved;
  }
  return out;
}

void CheckStandings(const Event& event, int rounds,
                    const std::vector<TieBreak>& chain, uint64_t seed) {
  SCOPED_TRACE(testing::Message()
               << "seed " << seed << ", chain length " << chain.size());
  const std::vector<StandingRow> rows = ComputeStandings(event, rounds, chain);
  const int n = static_cast<int>(event.players.size());
  ASSERT_EQ(static_cast<int>(rows.size()), n);
  std::vector<bool> seen(n + 1, false);
  for (int i = 0; i < n; ++i) {
    const StandingRow& row = rows[i];
    ASSERT_GE(row.number, 1);
    ASSERT_LE(row.number, n);
    EXPECT_FALSE(seen[row.number]);
    seen[row.number] = true;
    ASSERT_EQ(row.tiebreaks.size(), chain.size());
    // Points are the results' points.
    EXPECT_EQ(row.points,
              PointsAfter(event, event.players[row.number - 1], rounds));
    if (i == 0) {
      EXPECT_EQ(row.place, 1);
      continue;
    }
    const StandingRow& above = rows[i - 1];
    EXPECT_GE(above.points, row.points);
    if (row.place == above.place) {
      // Tied: equal on everything, listed by start number.
      EXPECT_EQ(row.points, above.points);
      EXPECT_EQ(row.tiebreaks, above.tiebreaks);
      EXPECT_LT(above.number, row.number);
      continue;
    }
    EXPECT_EQ(row.place, i + 1);
    if (above.points != row.points) continue;
    // Split by the chain: the first tie-break where they differ favours
    // the one above, unless a head-to-head step came first, where equal
    // values may still have been split by the games among a smaller tied
    // part (TieBreakOptions::repeat_head_to_head).
    size_t k = 0;
    while (k < chain.size() && above.tiebreaks[k] == row.tiebreaks[k] &&
           !IsHeadToHead(chain[k])) {
      ++k;
    }
    if (k == chain.size()) {
      ADD_FAILURE() << "rows " << i - 1 << " and " << i
                    << " equal on everything but not tied";
      continue;
    }
    if (IsHeadToHead(chain[k]) && above.tiebreaks[k] == row.tiebreaks[k]) {
      continue;
    }
    if (chain[k] == TieBreak::kFouls) {
      EXPECT_LT(above.tiebreaks[k], row.tiebreaks[k]) << TieBreakName(chain[k]);
    } else {
      EXPECT_GT(above.tiebreaks[k], row.tiebreaks[k]) << TieBreakName(chain[k]);
    }
  }
  // The same event gives the same standings.
  const std::vector<StandingRow> again = ComputeStandings(event, rounds, chain);
  ASSERT_EQ(again.size(), rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(again[i].place, rows[i].place);
    EXPECT_EQ(again[i].number, rows[i].number);
    EXPECT_EQ(again[i].tiebreaks, rows[i].tiebreaks);
  }
}

TEST(StandingsPropertyTest, RandomEvents) {
  const std::vector<std::vector<TieBreak>> defaults = {
      DefaultTieBreaks(EventFormat::kXiangqiSwiss),
      DefaultTieBreaks(EventFormat::kGomokuSwiss),
      DefaultTieBreaks(EventFormat::kRoundRobin),
      DefaultTieBreaks(EventFormat::kGomokuRoundRobin),
      DefaultTieBreaks(EventFormat::kKnockout)};
  for (uint64_t seed = 1; seed <= kEvents; ++seed) {
    std::mt19937_64 rng(seed);
    int rounds = 0;
    const Event event = RandomEvent(rng, &rounds);
    ASSERT_TRUE(CheckResults(event, rounds).ok())
        << "seed " << seed << ": " << CheckResults(event, rounds);
    // Standings after the last round and after an earlier one, under a
    // default and a random chain.
    const int earlier = std::uniform_int_distribution<int>(0, rounds)(rng);
    CheckStandings(event, earlier, defaults[seed % defaults.size()], seed);
    CheckStandings(event, rounds, defaults[seed % defaults.size()], seed);
    CheckStandings(event, rounds, RandomChain(rng), seed);
    if (HasFailure()) return;
  }
}

TEST(StandingsPropertyTest, OpponentScoresMatchTheDigest) {
  for (uint64_t seed = 1; seed <= kEvents; ++seed) {
    std::mt19937_64 rng(seed);
    int rounds = 0;
    const Event event = RandomEvent(rng, &rounds);
    const std::vector<StandingRow> rows =
        ComputeStandings(event, rounds, {TieBreak::kOpponentScores});
    for (const StandingRow& row : rows) {
      EXPECT_DOUBLE_EQ(row.tiebreaks[0],
                       OpponentScoresOracle(event, rounds, row.number - 1))
          << "seed " << seed << " player " << row.number;
    }
    if (HasFailure()) return;
  }
}

TEST(StandingsPropertyTest, StartNumbersDoNotMatter) {
  for (uint64_t seed = 1; seed <= kEvents; ++seed) {
    std::mt19937_64 rng(seed);
    int rounds = 0;
    const Event event = RandomEvent(rng, &rounds);
    const std::vector<TieBreak> chain = RandomChain(rng);
    std::vector<int> perm(event.players.size());
    std::iota(perm.begin(), perm.end(), 1);
    std::shuffle(perm.begin(), perm.end(), rng);
    const std::vector<StandingRow> rows =
        ComputeStandings(event, rounds, chain);
    const std::vector<StandingRow> moved =
        ComputeStandings(Renumbered(event, perm), rounds, chain);
    ASSERT_EQ(rows.size(), moved.size());
    std::vector<const StandingRow*> by_new_number(rows.size() + 1, nullptr);
    for (const StandingRow& row : moved) by_new_number[row.number] = &row;
    for (const StandingRow& row : rows) {
      const StandingRow* other = by_new_number[perm[row.number - 1]];
      ASSERT_NE(other, nullptr);
      EXPECT_EQ(other->place, row.place) << "seed " << seed;
      EXPECT_EQ(other->points, row.points) << "seed " << seed;
      EXPECT_EQ(other->tiebreaks, row.tiebreaks) << "seed " << seed;
    }
    if (HasFailure()) return;
  }
}

}  // namespace
}  // namespace caipan::tournament
