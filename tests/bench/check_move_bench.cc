// CheckMove's own work on the server for a 100-ply history, the load
// generator's request (tools/caipan_loadgen/workload.h): the request parsed
// from its bytes on an arena, the handler, the response serialised. This is
// what a call costs beyond gRPC's transport, which Ping pays as well; the
// QPS ratio to Ping is measured by caipan-loadgen. The history comes as ICCS
// text and as move codes.
//
// The *Cold rows write over a buffer larger than a core's L2 cache before each
// call (untimed), as the server's own transport work does between two calls:
// the handler then meets its tables and code in the shared cache at best,
// which is what it costs inside the server rather than in a warm loop.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "google/protobuf/arena.h"
#include "services/adjudication_handlers.h"
#include "services/call_control.h"
#include "services/service_options.h"
#include "tools/caipan_loadgen/workload.h"

namespace caipan::services {
namespace {

// The load generator's seed, so both measure the same game.
constexpr unsigned kWorkloadSeed = 20261130;

// Bytes written between calls by the *Cold rows: four times a 512 KiB L2.
constexpr size_t kEvictBytes = size_t{2} << 20;

// Writes over `buffer` a cache line at a time, so that what a call left in
// the core's private caches is gone before the next one.
void EvictPrivateCaches(std::vector<char>& buffer) {
  for (size_t i = 0; i < buffer.size(); i += 64) ++buffer[i];
  benchmark::ClobberMemory();
}

void RunCheckMove(benchmark::State& state, bool codes, bool cold) {
  const loadgen::Workload w =
      loadgen::MakeWorkload(static_cast<int>(state.range(0)), kWorkloadSeed);
  const std::string bytes = codes ? w.check_move_codes.SerializeAsString()
                                  : w.check_move.SerializeAsString();
  const ServiceOptions options;
  const CallControl control;
  std::string out;
  std::vector<char> evict(cold ? kEvictBytes : 0);
  for (auto _ : state) {
    if (cold) {
      state.PauseTiming();
      EvictPrivateCaches(evict);
      state.ResumeTiming();
    }
    alignas(16) char block[8192];
    google::protobuf::ArenaOptions arena_options;
    arena_options.initial_block = block;
    arena_options.initial_block_size = sizeof(block);
    google::protobuf::Arena arena(arena_options);
    auto* request =
        google::protobuf::Arena::CreateMessage<v1::CheckMoveRequest>(&arena);
    auto* response =
        google::protobuf::Arena::CreateMessage<v1::CheckMoveResponse>(&arena);
    if (!request->ParseFromString(bytes)) {
      state.SkipWithError("request does not parse");
      break;
    }
    const absl::Status status =
        HandleCheckMove(*request, options, control, response);
    if (!status.ok() || !response->check().legal()) {
      state.SkipWithError("the checked move was not accepted");
      break;
    }
    out.clear();
    response->SerializeToString(&out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetLabel(std::string(codes ? "move codes" : "ICCS text") +
                 (cold ? ", caches cold" : ""));
  state.counters["request_bytes"] = static_cast<double>(bytes.size());
  state.counters["response_bytes"] = static_cast<double>(out.size());
}

void BM_CheckMoveText(benchmark::State& state) {
  RunCheckMove(state, /*codes=*/false, /*cold=*/false);
}
void BM_CheckMoveCodes(benchmark::State& state) {
  RunCheckMove(state, /*codes=*/true, /*cold=*/false);
}
void BM_CheckMoveTextCold(benchmark::State& state) {
  RunCheckMove(state, /*codes=*/false, /*cold=*/true);
}
void BM_CheckMoveCodesCold(benchmark::State& state) {
  RunCheckMove(state, /*codes=*/true, /*cold=*/true);
}
BENCHMARK(BM_CheckMoveText)->Arg(1)->Arg(100);
BENCHMARK(BM_CheckMoveCodes)->Arg(1)->Arg(100);
BENCHMARK(BM_CheckMoveTextCold)->Arg(1)->Arg(100);
BENCHMARK(BM_CheckMoveCodesCold)->Arg(1)->Arg(100);

}  // namespace
}  // namespace caipan::services
