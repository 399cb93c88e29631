// Swiss pairing speed: one round of 100, 1,000 and 10,000 players, over
// events of 9 simulated rounds with random results (draws and forfeits
// included), so the later rounds with many score groups, rematches to avoid
// and colours forced count as much as round 1. The time shown is per round
// paired (results are entered outside the timing); counters give the
// slowest round, the search steps, groups that hit the search bound and
// the process's peak resident memory. The last run puts the 10,000 players
// in units of 20 whose members may not meet (95,000 forbidden pairs).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/tournament/draw_lot.h"
#include "engine/tournament/event.h"
#include "engine/tournament/swiss.h"

namespace caipan::tournament {
namespace {

constexpr int kRounds = 9;

// `unit_size` > 0: players in units of that many consecutive numbers, no
// two of a unit to meet (forbidden pairs, as a team event declares them).
Event NewEvent(int players, int unit_size) {
  Event event;
  event.total_rounds = kRounds;
  event.players.resize(players);
  for (int i = 0; i < players; ++i) event.players[i].number = i + 1;
  for (int first = 1; unit_size > 0 && first <= players; first += unit_size) {
    const int last = std::min(players, first + unit_size - 1);
    for (int a = first; a <= last; ++a) {
      for (int b = a + 1; b <= last; ++b)
        event.forbidden_pairs.push_back({a, b});
    }
  }
  return event;
}

// Red wins 38%, draws 20%, black wins 38%, forfeits 4%.
void EnterResults(Event& event, int round, const std::vector<Pairing>& pairings,
                  Lot& lot) {
  for (const Pairing& p : pairings) {
    std::vector<RoundEntry>& red = event.players[p.red - 1].rounds;
    red.resize(round);
    if (p.is_bye()) {
      red[round - 1] = {0, std::nullopt, RoundResult::kPairingBye};
      continue;
    }
    std::vector<RoundEntry>& black = event.players[p.black - 1].rounds;
    black.resize(round);
    const uint64_t x = lot.Below(100);
    RoundResult r = RoundResult::kWin;
    RoundResult b = RoundResult::kLoss;
    if (x >= 38 && x < 58) {
      r = b = RoundResult::kDraw;
    } else if (x >= 58 && x < 96) {
      std::swap(r, b);
    } else if (x >= 96) {
      r = RoundResult::kForfeitWin;
      b = RoundResult::kForfeitLoss;
    }
    red[round - 1] = {p.black, Side::kRed, r};
    black[round - 1] = {p.red, Side::kBlack, b};
  }
}

double PeakRssMegabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

void BM_SwissRound(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  const int unit_size = static_cast<int>(state.range(1));
  uint64_t event_index = 0;
  Lot lot(LotSeed(2017, event_index));
  Event event = NewEvent(players, unit_size);
  int round = 1;
  double slowest = 0;
  int64_t steps = 0;
  int64_t fallbacks = 0;
  int64_t rounds_paired = 0;
  for (auto _ : state) {
    if (round > kRounds) {
      ++event_index;
      lot = Lot(LotSeed(2017, event_index));
      event = NewEvent(players, unit_size);
      round = 1;
    }
    SwissStats stats;
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<std::vector<Pairing>> pairings =
        PairSwissRound(event, round, {}, &stats);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    state.SetIterationTime(seconds);
    if (!pairings.ok()) {
      state.SkipWithError(pairings.status().ToString().c_str());
      break;
    }
    slowest = std::max(slowest, seconds);
    steps += stats.steps;
    fallbacks += stats.fallback_groups;
    ++rounds_paired;
    EnterResults(event, round, *pairings, lot);
    ++round;
  }
  state.counters["slowest_round_ms"] = slowest * 1e3;
  state.counters["steps_per_round"] =
      rounds_paired ? static_cast<double>(steps) / rounds_paired : 0;
  state.counters["fallback_groups"] = static_cast<double>(fallbacks);
  state.counters["peak_rss_MB"] = PeakRssMegabytes();
}
// Arguments: players, unit size (0: no units).
BENCHMARK(BM_SwissRound)
    ->Args({100, 0})
    ->Args({1000, 0})
    ->Args({10000, 0})
    ->Args({10000, 20})
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

}  // namespace
}  // namespace caipan::tournament
