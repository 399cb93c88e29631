// Closed-loop load: keeps a fixed number of calls in flight for a fixed time
// (or call count) and records every call's latency.
#ifndef CAIPAN_TOOLS_CAIPAN_LOADGEN_LOAD_RUNNER_H_
#define CAIPAN_TOOLS_CAIPAN_LOADGEN_LOAD_RUNNER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "caipan/v1/adjudication_service.grpc.pb.h"

namespace caipan::loadgen {

struct LoadResult {
  std::string name;
  int64_t calls = 0;
  int64_t errors = 0;
  double seconds = 0;
  std::vector<double> latencies_us;
  // CPU time used during the measurement by the server (when the load generator
  // started it; else negative) and by the load generator itself.
  double server_cpu_seconds = -1;
  double client_cpu_seconds = 0;

  double Qps() const { return seconds > 0 ? calls / seconds : 0; }
  // Latency percentile (0..100) in microseconds.
  double Percentile(double p) const;
};

struct LoadLimits {
  int in_flight = 16;
  absl::Duration duration = absl::Seconds(5);
  int64_t max_calls = 0;  // 0: no cap
};

// Issues one call and invokes `done(ok)` when it completes (on any thread).
using IssueFn = std::function<void(std::function<void(bool ok)> done)>;

// Runs `issue` closed-loop: `in_flight` independent loops, each starting a call
// when its previous one completes.
LoadResult RunUnary(const std::string& name, const IssueFn& issue,
                    const LoadLimits& limits);

// Streams `moves` over PlayGame streams, `in_flight` streams at once, one move
// in flight per stream; a stream that reaches the end of the game starts a new
// one. Latency is per move.
LoadResult RunStreams(v1::AdjudicationService::Stub* stub,
                      const std::vector<std::string>& moves,
                      const LoadLimits& limits);

}  // namespace caipan::loadgen

#endif  // CAIPAN_TOOLS_CAIPAN_LOADGEN_LOAD_RUNNER_H_
