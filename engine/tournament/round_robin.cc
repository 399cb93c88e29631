// Berger tables (see round_robin.h).
#include "engine/tournament/round_robin.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace caipan::tournament {
namespace {

// `v` brought into 1..m (m >= 1).
int Wrap(int v, int m) { return ((v - 1) % m + m) % m + 1; }

}  // namespace

int RoundRobinRounds(int players) {
  if (players <= 0) return 0;
  return players % 2 == 0 ? players - 1 : players;
}

absl::StatusOr<std::vector<Pairing>> BergerRound(int players, int round) {
  if (players < 1) {
    return absl::InvalidArgumentError("a round robin needs players");
  }
  const int rounds = RoundRobinRounds(players);
  if (round < 1 || round > rounds) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "round %d: a round robin of %d players has rounds 1..%d", round,
        players, rounds));
  }
  const int n = players % 2 == 0 ? players : players + 1;
  const int m = n - 1;
  int x = 1;
  while ((2 * x - round - 1) % m != 0) ++x;
  std::vector<std::pair<int, int>> games;  // red, black by Berger number
  games.push_back(round % 2 == 0 ? std::pair{n, x} : std::pair{x, n});
  for (int k = 2; k <= n / 2; ++k) {
    const int a = Wrap(x + (k - 1), m);
    const int b = Wrap(x - (k - 1), m);
    const int low = a < b ? a : b;
    const int high = a < b ? b : a;
    games.push_back((high - low) % 2 == 0 ? std::pair{high, low}
                                          : std::pair{low, high});
  }
  std::vector<Pairing> pairings;
  int bye = 0;
  for (const auto& [red, black] : games) {
    if (red > players || black > players) {
      bye = red > players ? black : red;
      continue;
    }
    pairings.push_back({static_cast<int>(pairings.size()) + 1, red, black});
  }
  if (bye != 0) {
    pairings.push_back({static_cast<int>(pairings.size()) + 1, bye, 0});
  }
  return pairings;
}

int RoundRobinRounds(int players, const RoundRobinOptions& options) {
  if (options.cycles < 1) return 0;
  return RoundRobinRounds(players) * options.cycles;
}

absl::StatusOr<std::vector<Pairing>> PairRoundRobinRound(
    const Event& event, int round, const RoundRobinOptions& options) {
  const int n = static_cast<int>(event.players.size());
  for (int i = 0; i < n; ++i) {
    if (event.players[i].number != i + 1) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "player at position %d has start number %d, expected %d", i + 1,
          event.players[i].number, i + 1));
    }
  }
  if (options.cycles < 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "a round robin of %d cycles: at least one is needed", options.cycles));
  }
  // One cycle, or no players: the table's own checks and messages.
  if (options.cycles == 1 || n < 1) return BergerRound(n, round);
  const int per_cycle = RoundRobinRounds(n);
  const int total = per_cycle * options.cycles;
  if (round < 1 || round > total) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "round %d: a round robin of %d players in %d cycles has rounds 1..%d",
        round, n, options.cycles, total));
  }
  const int cycle = (round - 1) / per_cycle + 1;
  int table_round = (round - 1) % per_cycle + 1;
  const bool reversed = cycle % 2 == 0;
  if (options.swap_last_two_rounds && !reversed && per_cycle >= 2 &&
      table_round >= per_cycle - 1) {
    table_round = 2 * per_cycle - 1 - table_round;
  }
  absl::StatusOr<std::vector<Pairing>> pairings = BergerRound(n, table_round);
  if (!pairings.ok() || !reversed) return pairings;
  for (Pairing& p : *pairings) {
    if (!p.is_bye()) std::swap(p.red, p.black);
  }
  return pairings;
}

}  // namespace caipan::tournament
