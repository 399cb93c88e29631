// The live-game benchmark: acknowledged moves per second and SubmitMove
// latency with G games played at once, on a server with a durable SQLite
// store and, in the same run, one with the in-memory store. Two loads: closed
// loop (every game submits its next move as soon as the last is answered:
// the most the server acknowledges) and paced (the games together submit
// `rate` moves per second, each game's moves evenly spaced: the latency a
// platform would see at that load).
#ifndef CAIPAN_TOOLS_CAIPAN_LOADGEN_GAME_BENCH_H_
#define CAIPAN_TOOLS_CAIPAN_LOADGEN_GAME_BENCH_H_

#include <string>
#include <vector>

namespace caipan::loadgen {

struct GameBenchConfig {
  std::string server_path;  // caipan-server to start, once per store
  std::vector<int> game_counts = {16, 256};
  double seconds = 5;
  // The game each game plays (ICCS, legal, no repetition); a game that
  // reaches its end is replaced by a new one.
  std::vector<std::string> moves;
  // Paced load in moves per second over all games (0: closed loop only).
  double rate = 5000;
  // Server flags besides the store's (e.g. --no-rpc-log).
  std::vector<std::string> server_args;
  std::string work_dir = "/tmp";  // where the SQLite databases go
  // Instead of starting servers: the address of a running one (or of a
  // balancer in front of several), and the label of its rows.
  std::string target;
  std::string label = "target";
};

// Prints a table; returns 0 if every move was acknowledged. With `target`
// set, measures that address only (its store is whatever it was given).
int RunGameBench(const GameBenchConfig& config);

}  // namespace caipan::loadgen

#endif  // CAIPAN_TOOLS_CAIPAN_LOADGEN_GAME_BENCH_H_
