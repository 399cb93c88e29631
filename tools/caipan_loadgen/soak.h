// Soak mode of caipan-loadgen: measures the maximum QPS of the mixed workload,
// then runs open loop at a fraction of it for a long time with faults mixed in
// (client cancels, impossible deadlines, abandoned PlayGame streams, channel
// reconnects), classifies every outcome as expected or not, and samples the
// server's RSS to show whether its memory stays flat.
#ifndef CAIPAN_TOOLS_CAIPAN_LOADGEN_SOAK_H_
#define CAIPAN_TOOLS_CAIPAN_LOADGEN_SOAK_H_

#include <sys/types.h>

#include <string>
#include <vector>

#include "tools/caipan_loadgen/workload.h"

namespace caipan::loadgen {

struct SoakConfig {
  std::string target;
  // The server process whose RSS is sampled; -1 when it was not started by
  // the load generator (no RSS curve, no liveness check).
  pid_t server_pid = -1;
  // Mix items: check_move, list_moves, adjudicate, stream (one streamed move).
  std::vector<std::string> mix;
  double soak_seconds = 60;
  double load = 0.8;  // fraction of the measured maximum QPS
  double sample_seconds = 10;
  double probe_seconds = 5;  // closed-loop measurement of the maximum
  int in_flight = 16;        // concurrency of the closed-loop measurement
  int channels = 4;
  double reconnect_seconds = 3;  // one channel closed and reopened this often
  double cancel_fraction = 0.05;
  double deadline_fraction = 0.05;
  double short_deadline_ms = 1;
  double abandon_fraction = 0.3;  // of PlayGame streams
};

// Runs the soak and prints the RSS curve, the outcome table and a summary.
// Returns the exit status: 0 only if every outcome was expected and the server
// stayed up.
int RunSoak(const SoakConfig& config, const Workload& workload);

}  // namespace caipan::loadgen

#endif  // CAIPAN_TOOLS_CAIPAN_LOADGEN_SOAK_H_
