// Perft throughput (leaf nodes per second, single thread) from the start
// position and from a midgame position. The baseline in the same run is perft
// without bulk counting: every leaf is made and unmade, as a move-by-move
// player would do.
#include <benchmark/benchmark.h>

#include "engine/xiangqi/position.h"

namespace caipan::xiangqi {
namespace {

// A middlegame position from the perft table (tests/data/xiangqi/perft.tsv).
constexpr std::string_view kMidgameFen =
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

uint64_t PerftWithoutBulkCounting(Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  pos.GenerateLegalMoves(&moves);
  uint64_t nodes = 0;
  for (Move m : moves) {
    Position::Undo undo = pos.MakeMove(m);
    nodes += PerftWithoutBulkCounting(pos, depth - 1);
    pos.UnmakeMove(m, undo);
  }
  return nodes;
}

void RunPerft(benchmark::State& state, std::string_view fen, bool bulk) {
  Position pos = *Position::FromFen(fen);
  const int depth = static_cast<int>(state.range(0));
  uint64_t nodes = 0;
  for (auto _ : state) {
    uint64_t n =
        bulk ? Perft(pos, depth) : PerftWithoutBulkCounting(pos, depth);
    benchmark::DoNotOptimize(n);
    nodes += n;
  }
  state.counters["leaf_nodes_per_s"] = benchmark::Counter(
      static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

void BM_Perft(benchmark::State& state, std::string_view fen) {
  RunPerft(state, fen, true);
}
void BM_PerftNoBulk(benchmark::State& state, std::string_view fen) {
  RunPerft(state, fen, false);
}

BENCHMARK_CAPTURE(BM_Perft, start, kStartFen)
    ->Arg(4)
    ->Arg(5)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PerftNoBulk, start, kStartFen)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, midgame, kMidgameFen)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PerftNoBulk, midgame, kMidgameFen)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond);

void BM_GenerateLegalMoves(benchmark::State& state) {
  Position pos = *Position::FromFen(kMidgameFen);
  MoveList moves;
  for (auto _ : state) {
    pos.GenerateLegalMoves(&moves);
    benchmark::DoNotOptimize(moves.size());
  }
}
BENCHMARK(BM_GenerateLegalMoves);

}  // namespace
}  // namespace caipan::xiangqi
