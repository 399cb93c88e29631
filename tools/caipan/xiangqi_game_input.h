// What the xiangqi rulings commands (adjudicate, limit, repetition) read from
// the command line: one game (--fen/--moves or --record) and the rule options.
// Errors name the option, path or ply at fault.
#ifndef CAIPAN_TOOLS_CAIPAN_XIANGQI_GAME_INPUT_H_
#define CAIPAN_TOOLS_CAIPAN_XIANGQI_GAME_INPUT_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/rule_options.h"
#include "tools/caipan/xiangqi_record_files.h"

namespace caipan::cli {

// Largest --record read by default: real game records are a few kilobytes.
inline constexpr int64_t kDefaultMaxRecordBytes = int64_t{1} << 20;
// Largest --max-record-bytes accepted: reading and adjudicating a record takes
// about 28 MB of memory and a quarter of a second per megabyte (a 50 MB record
// took 1.4 GB), so 16 MiB stays under half a gigabyte.
inline constexpr int64_t kMaxRecordBytesCap = int64_t{16} << 20;

// An error unless 1 <= bytes <= kMaxRecordBytesCap (naming the option).
absl::Status CheckMaxRecordBytes(int64_t bytes);

// Where the game comes from: --fen/--moves or --record.
struct GameArgs {
  std::string fen = "startpos";
  std::string moves;
  std::string record;
  int64_t max_record_bytes = kDefaultMaxRecordBytes;
};

struct Game {
  xiangqi::Position start;
  std::vector<xiangqi::Move> moves;
};

// Adds --fen, --moves, --record and --max-record-bytes.
void AddGameOptions(CLI::App* cmd, GameArgs* game);
// The game given; every move must be legal (errors name the ply).
absl::StatusOr<Game> LoadGame(const GameArgs& args);

// The error of a game read from `path`, naming --record and the path (file
// errors already do).
std::string GameError(const std::string& path, const LoadedGame& game);

// Rule options as given on the command line.
struct RuleArgs {
  std::string rules = "chinese";
  std::string mode = "automatic";
  int natural_limit = 60;
  std::string limit_checks = "all";
};

// Adds --rules (the repetition rules).
void AddRulesOption(CLI::App* cmd, RuleArgs* rules);
// Adds --natural-limit and --limit-checks.
void AddLimitOptions(CLI::App* cmd, RuleArgs* rules);
// The options, validated; errors name the option.
absl::StatusOr<xiangqi::RuleOptions> LoadRules(const RuleArgs& args);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_XIANGQI_GAME_INPUT_H_
