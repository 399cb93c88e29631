// The live-game benchmark: acknowledged moves per second and SubmitMove
// latency with G games played at once (one move in flight per game), on a
// server with a durable SQLite store and, in the same run, one with the
// in-memory store.
#ifndef CAIPAN_TOOLS_CAIPAN_LOADGEN_GAME_BENCH_H_
#define CAIPAN_TOOLS_CAIPAN_LOADGEN_GAME_BENCH_H_

#include <string>
#include <vector>

namespace caipan::loadgen {

struct GameBenchConfig {
  std::string server_path;  // caipan-server to start, once per store
  std::vector<int> game_counts = {16, 256};
  double seconds = 5;
  // Server flags besides the store's (e.g. --no-rpc-log).
  std::vector<std::string> server_args;
  std::string work_dir = "/tmp";  // where the SQLite databases go
};

// Prints a table; returns 0 if every move was acknowledged.
int RunGameBench(const GameBenchConfig& config);

}  // namespace caipan::loadgen

#endif  // CAIPAN_TOOLS_CAIPAN_LOADGEN_GAME_BENCH_H_
