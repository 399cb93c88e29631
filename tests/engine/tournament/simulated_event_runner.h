// Runs whole simulated events through the public tournament API (Swiss and
// round-robin rounds, knockout stages with deciders) and checks the
// invariants of every round on the way, for simulated_events_test.cc.
#ifndef CAIPAN_TESTS_ENGINE_TOURNAMENT_SIMULATED_EVENT_RUNNER_H_
#define CAIPAN_TESTS_ENGINE_TOURNAMENT_SIMULATED_EVENT_RUNNER_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/tournament/draw_lot.h"
#include "engine/tournament/event.h"
#include "engine/tournament/knockout.h"
#include "engine/tournament/standings.h"
#include "engine/tournament/tiebreak.h"
#include "engine/tournament/trf.h"

namespace caipan::tournament::simulation {

// How a game ended, seen from red.
enum class Outcome { kRedWins, kDraw, kBlackWins };

inline RoundResult RedResult(Outcome outcome) {
  switch (outcome) {
    case Outcome::kRedWins:
      return RoundResult::kWin;
    case Outcome::kDraw:
      return RoundResult::kDraw;
    case Outcome::kBlackWins:
      return RoundResult::kLoss;
  }
  return RoundResult::kUnplayed;
}

inline RoundResult BlackResult(Outcome outcome) {
  switch (outcome) {
    case Outcome::kRedWins:
      return RoundResult::kLoss;
    case Outcome::kDraw:
      return RoundResult::kDraw;
    case Outcome::kBlackWins:
      return RoundResult::kWin;
  }
  return RoundResult::kUnplayed;
}

// The outcome in which `winner` (red or black of `p`) wins.
inline Outcome WinFor(const Pairing& p, int winner) {
  return winner == p.red ? Outcome::kRedWins : Outcome::kBlackWins;
}

using OutcomeFn = std::function<Outcome(const Pairing&)>;

// Seeded random results: the lower start number is the stronger player
// (wins 50%, draws `draw_percent`%, loses the rest). Raw mt19937_64 output
// modulo 100, whose sequence the standard fixes (its distributions are
// implementation-defined), so a seed gives the same event everywhere.
class RandomResults {
 public:
  RandomResults(uint64_t seed, int draw_percent)
      : rng_(seed), draw_percent_(draw_percent) {}

  Outcome operator()(const Pairing& p) {
    const int roll = static_cast<int>(rng_() % 100);
    if (roll < draw_percent_) return Outcome::kDraw;
    const bool stronger_wins = roll < draw_percent_ + 50;
    const int stronger = std::min(p.red, p.black);
    return WinFor(p, stronger_wins ? stronger : std::max(p.red, p.black));
  }

  uint64_t Next() { return rng_(); }

 private:
  std::mt19937_64 rng_;
  int draw_percent_;
};

// Players 1..n named "P1".., no rounds.
inline Event NewEvent(int players, int total_rounds) {
  Event event;
  event.name = "Simulated";
  event.total_rounds = total_rounds;
  event.time_control = "1200+5";
  for (int i = 1; i <= players; ++i) {
    Player player;
    player.number = i;
    player.name = absl::StrCat("P", i);
    event.players.push_back(std::move(player));
  }
  return event;
}

inline RoundEntry& EntryOf(Event& event, int number, int round) {
  std::vector<RoundEntry>& rounds = event.players[number - 1].rounds;
  if (static_cast<int>(rounds.size()) < round) rounds.resize(round);
  return rounds[round - 1];
}

// Writes the round: each game with its outcome, a bye as a pairing bye.
inline void Record(Event& event, int round,
                   const std::vector<Pairing>& pairings,
                   const OutcomeFn& outcome) {
  for (const Pairing& p : pairings) {
    if (p.is_bye()) {
      EntryOf(event, p.red, round) = {.opponent = 0,
                                      .side = std::nullopt,
                                      .result = RoundResult::kPairingBye};
      continue;
    }
    const Outcome o = outcome(p);
    EntryOf(event, p.red, round) = {
        .opponent = p.black, .side = Side::kRed, .result = RedResult(o)};
    EntryOf(event, p.black, round) = {
        .opponent = p.red, .side = Side::kBlack, .result = BlackResult(o)};
  }
}

// A requested bye for the round to come (H, F or Z) already written.
inline bool HasRequestedBye(const Player& player, int round) {
  if (static_cast<int>(player.rounds.size()) < round) return false;
  const RoundResult r = player.rounds[round - 1].result;
  return r == RoundResult::kHalfBye || r == RoundResult::kFullBye ||
         r == RoundResult::kZeroBye;
}

// Before results: every player in `expected` paired exactly once and nobody
// else; tables numbered 1..; at most one bye, last. `first_meeting` (all
// but a double round robin's second cycle): no pair that met in an earlier
// round, nobody a second pairing bye.
inline void ExpectValidPairing(const Event& event, int round,
                               const std::vector<Pairing>& pairings,
                               const std::set<int>& expected,
                               bool first_meeting = true) {
  SCOPED_TRACE(absl::StrCat("round ", round));
  std::multiset<int> seen;
  int byes = 0;
  for (size_t t = 0; t < pairings.size(); ++t) {
    const Pairing& p = pairings[t];
    EXPECT_EQ(p.table, static_cast<int>(t) + 1);
    seen.insert(p.red);
    if (p.is_bye()) {
      ++byes;
      EXPECT_EQ(t + 1, pairings.size()) << "the bye comes last";
      for (int r = 1; first_meeting && r < round; ++r) {
        const Player& player = event.players[p.red - 1];
        if (static_cast<int>(player.rounds.size()) >= r) {
          EXPECT_NE(player.rounds[r - 1].result, RoundResult::kPairingBye)
              << "player " << p.red << " had the bye in round " << r;
        }
      }
      continue;
    }
    seen.insert(p.black);
    if (!first_meeting) continue;
    const Player& red = event.players[p.red - 1];
    for (int r = 1; r < round && r <= static_cast<int>(red.rounds.size());
         ++r) {
      EXPECT_NE(red.rounds[r - 1].opponent, p.black)
          << p.red << " and " << p.black << " met in round " << r;
    }
  }
  EXPECT_LE(byes, 1);
  EXPECT_EQ(seen, std::multiset<int>(expected.begin(), expected.end()));
}

// The players a Swiss or round-robin round pairs: not withdrawn, no bye
// requested.
inline std::set<int> PresentPlayers(const Event& event, int round) {
  std::set<int> present;
  for (const Player& player : event.players) {
    if (!player.withdrawn && !HasRequestedBye(player, round)) {
      present.insert(player.number);
    }
  }
  return present;
}

// After `rounds` rounds: the results agree (CheckResults); each player's
// points are the sum of the scoring of the results (counted here, not by
// the engine) and the standings say the same; colours of the games played
// stay within |red - black| <= max_difference and never more than
// max_in_row of one colour in a row.
inline void ExpectConsistent(const Event& event, int rounds,
                             const std::vector<TieBreak>& chain,
                             int max_difference = 2, int max_in_row = 2) {
  SCOPED_TRACE(absl::StrCat("after round ", rounds));
  EXPECT_TRUE(CheckResults(event, rounds).ok()) << CheckResults(event, rounds);
  const std::vector<StandingRow> rows = ComputeStandings(event, rounds, chain);
  ASSERT_EQ(rows.size(), event.players.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const StandingRow& row = rows[i];
    const Player& player = event.players[row.number - 1];
    double points = 0;
    int difference = 0;
    int in_row = 0;
    std::optional<Side> last;
    for (int r = 0; r < rounds && r < static_cast<int>(player.rounds.size());
         ++r) {
      const RoundEntry& entry = player.rounds[r];
      points += PointsFor(event.scoring, entry.result);
      const bool played = entry.result == RoundResult::kWin ||
                          entry.result == RoundResult::kDraw ||
                          entry.result == RoundResult::kLoss;
      if (!played || !entry.side) continue;
      difference += *entry.side == Side::kRed ? 1 : -1;
      in_row = last == entry.side ? in_row + 1 : 1;
      last = entry.side;
      EXPECT_LE(std::abs(difference), max_difference)
          << "player " << player.number << " round " << r + 1;
      EXPECT_LE(in_row, max_in_row)
          << "player " << player.number << " round " << r + 1;
    }
    EXPECT_DOUBLE_EQ(row.points, points) << "player " << row.number;
    EXPECT_DOUBLE_EQ(PointsAfter(event, player, rounds), points);
    EXPECT_EQ(row.tiebreaks.size(), chain.size());
    if (i > 0) {
      EXPECT_GE(rows[i - 1].points, row.points);
      EXPECT_LE(rows[i - 1].place, row.place);
    }
  }
}

// The standings of the event as written to TRF and read back are the same
// as before (places, numbers, points, every tie-break).
inline void ExpectStandingsSurviveTrf(const Event& event, int rounds,
                                      const std::vector<TieBreak>& chain) {
  absl::StatusOr<TrfDocument> back = ParseTrfDocument(WriteTrf(event));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_TRUE(back->warnings.empty()) << back->warnings.front();
  const std::vector<StandingRow> before =
      ComputeStandings(event, rounds, chain);
  const std::vector<StandingRow> after =
      ComputeStandings(back->event, rounds, chain);
  ASSERT_EQ(before.size(), after.size());
  for (size_t i = 0; i < before.size(); ++i) {
    EXPECT_EQ(before[i].place, after[i].place) << i;
    EXPECT_EQ(before[i].number, after[i].number) << i;
    EXPECT_DOUBLE_EQ(before[i].points, after[i].points) << i;
    EXPECT_EQ(before[i].tiebreaks, after[i].tiebreaks) << i;
  }
}

// Pairs and plays rounds first..last of a Swiss with `pair` (PairSwissRound
// with the event's options), checking each round before and after results.
template <typename PairFn>
void PlayRounds(Event& event, int first, int last, const PairFn& pair,
                const OutcomeFn& outcome, const std::vector<TieBreak>& chain) {
  for (int round = first; round <= last; ++round) {
    absl::StatusOr<std::vector<Pairing>> pairings = pair(event, round);
    ASSERT_TRUE(pairings.ok())
        << "round " << round << ": " << pairings.status();
    ExpectValidPairing(event, round, *pairings, PresentPlayers(event, round));
    Record(event, round, *pairings, outcome);
    ExpectConsistent(event, round, chain);
  }
}

// Start numbers of `rows` in their order (a first stage's order).
inline std::vector<int> Order(const std::vector<StandingRow>& rows) {
  std::vector<int> order;
  for (const StandingRow& row : rows) order.push_back(row.number);
  return order;
}

// The knockout stage of a two-stage event: the first stage's players with
// the same numbers and no rounds, the rank column set to their position in
// the first stage's standings (so the best `field` are seeded in order).
inline Event KnockoutStage(const Event& first,
                           const std::vector<StandingRow>& standings) {
  Event stage = first;
  stage.name = first.name + " knockout";
  for (Player& player : stage.players) player.rounds.clear();
  for (size_t i = 0; i < standings.size(); ++i) {
    stage.players[standings[i].number - 1].rank = static_cast<int>(i) + 1;
  }
  return stage;
}

// How a drawn knockout game is settled.
enum class Decider { kArmageddon, kRapidPlayoff };

// One settled decider, for the tests to look at.
struct DeciderRecord {
  int round = 0;
  int table = 0;
  std::vector<DeciderGame> games = {};
  int winner = 0;
};

// The outcome of decider game `game` (1-based) of a match; for Armageddon
// `game` is 1 and `chooser` the player who won the lot.
using DeciderOutcomeFn =
    std::function<Outcome(const DeciderGame& game, int index, int chooser)>;

// Plays a knockout stage to the end: each round paired by
// PairKnockoutRound, checked (the players still in, each once; nobody who
// lost), played with `outcome`; drawn games settled by `decider` (lots from
// LotSeed(lot_seed, round, table)), whose winner goes into
// options->decisions. The Armageddon chooser takes black (a draw sends
// black through). Returns the deciders played.
inline std::vector<DeciderRecord> PlayKnockout(
    Event& stage, KnockoutOptions* options, const OutcomeFn& outcome,
    Decider decider, const DeciderOutcomeFn& decider_outcome,
    uint64_t lot_seed) {
  std::vector<DeciderRecord> records;
  const std::vector<int> seeding = KnockoutSeeding(stage);
  const int field = options->field == 0 ? static_cast<int>(stage.players.size())
                                        : options->field;
  std::set<int> alive(seeding.begin(), seeding.begin() + field);
  for (int round = 1; alive.size() > 1; ++round) {
    SCOPED_TRACE(absl::StrCat("knockout round ", round));
    absl::StatusOr<std::vector<Pairing>> pairings =
        PairKnockoutRound(stage, round, *options);
    if (!pairings.ok()) {
      ADD_FAILURE() << pairings.status();
      return records;
    }
    ExpectValidPairing(stage, round, *pairings, alive);
    for (const Pairing& p : *pairings) {
      if (p.is_bye()) continue;
      const Outcome o = outcome(p);
      EntryOf(stage, p.red, round) = {
          .opponent = p.black, .side = Side::kRed, .result = RedResult(o)};
      EntryOf(stage, p.black, round) = {
          .opponent = p.red, .side = Side::kBlack, .result = BlackResult(o)};
      int loser = o == Outcome::kRedWins ? p.black : p.red;
      if (o == Outcome::kDraw) {
        DeciderRecord record{.round = round, .table = p.table};
        const uint64_t seed = LotSeed(lot_seed, round, p.table);
        switch (decider) {
          case Decider::kArmageddon: {
            const int chooser = ArmageddonChooser(p.red, p.black, seed);
            EXPECT_TRUE(chooser == p.red || chooser == p.black);
            DeciderGame game{.red = chooser == p.red ? p.black : p.red,
                             .black = chooser};
            game.red_result = RedResult(decider_outcome(game, 1, chooser));
            absl::StatusOr<int> winner = ArmageddonWinner(game);
            EXPECT_TRUE(winner.ok()) << winner.status();
            if (game.red_result == RoundResult::kWin) {
              EXPECT_EQ(*winner, game.red);
            } else {
              EXPECT_EQ(*winner, game.black) << "a draw sends black through";
            }
            record.games.push_back(game);
            record.winner = *winner;
            break;
          }
          case Decider::kRapidPlayoff: {
            std::optional<int> winner;
            for (int g = 1; !winner; ++g) {
              DeciderGame game = RapidPlayoffGame(p.red, p.black, g, seed);
              EXPECT_TRUE((game.red == p.red && game.black == p.black) ||
                          (game.red == p.black && game.black == p.red));
              if (g > 1) {
                EXPECT_EQ(game.red, record.games.back().black)
                    << "colours swap each game";
              }
              game.red_result = RedResult(decider_outcome(game, g, 0));
              record.games.push_back(game);
              winner = RapidPlayoffWinner(record.games);
              if (game.red_result == RoundResult::kDraw) {
                EXPECT_FALSE(winner.has_value()) << "decided by a draw";
              }
              if (g > 50) {
                ADD_FAILURE() << "no decisive playoff game in 50";
                return records;
              }
            }
            record.winner = *winner;
            break;
          }
        }
        options->decisions.push_back({.round = round, .winner = record.winner});
        loser = record.winner == p.red ? p.black : p.red;
        records.push_back(std::move(record));
      }
      alive.erase(loser);
    }
    EXPECT_TRUE(CheckResults(stage, round).ok()) << CheckResults(stage, round);
  }
  return records;
}

// The knockout stage written to TRF with its deciders and read back gives
// the same places and the same table of its games.
inline void ExpectKnockoutSurvivesTrf(const Event& stage,
                                      const KnockoutOptions& options,
                                      const std::vector<int>& first_order) {
  TrfDocument document;
  document.event = stage;
  for (const MatchDecision& d : options.decisions) {
    document.deciders.push_back({.round = d.round, .winner = d.winner});
  }
  absl::StatusOr<TrfDocument> back =
      ParseTrfDocument(WriteTrfDocument(document));
  ASSERT_TRUE(back.ok()) << back.status();
  KnockoutOptions read = options;
  read.decisions.clear();
  for (const TrfDecider& d : back->deciders) {
    read.decisions.push_back({.round = d.round, .winner = d.winner});
  }
  absl::StatusOr<std::vector<int>> before =
      KnockoutPlaces(stage, first_order, options);
  absl::StatusOr<std::vector<int>> after =
      KnockoutPlaces(back->event, first_order, read);
  ASSERT_TRUE(before.ok()) << before.status();
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_EQ(*before, *after);
  int rounds = 0;
  for (const Player& p : stage.players) {
    rounds = std::max(rounds, static_cast<int>(p.rounds.size()));
  }
  ExpectStandingsSurviveTrf(stage, rounds,
                            DefaultTieBreaks(EventFormat::kKnockout));
}

}  // namespace caipan::tournament::simulation

#endif  // CAIPAN_TESTS_ENGINE_TOURNAMENT_SIMULATED_EVENT_RUNNER_H_
