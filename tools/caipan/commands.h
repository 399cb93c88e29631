// Registration of the CLI's subcommand groups; each group lives in its own
// file.
#ifndef CAIPAN_TOOLS_CAIPAN_COMMANDS_H_
#define CAIPAN_TOOLS_CAIPAN_COMMANDS_H_

#include <CLI/CLI.hpp>

#include "absl/strings/string_view.h"

namespace caipan::cli {

// Each game of services/game_kind_list.h adds its group, `caipan <game> …`,
// from its own files; main.cc calls them through that list.
// Adds `caipan xiangqi …` (xiangqi_commands.cc).
void RegisterXiangqiCommands(CLI::App& app);
// Adds `caipan xiangqi adjudicate` and `caipan xiangqi limit` under the xiangqi
// command (xiangqi_adjudicate_commands.cc); called by RegisterXiangqiCommands.
void RegisterXiangqiAdjudicationCommands(CLI::App& xiangqi);
// Adds `caipan xiangqi convert` (xiangqi_convert_command.cc).
void RegisterXiangqiConvertCommand(CLI::App& xiangqi);
// Adds `caipan xiangqi repetition` (xiangqi_repetition_command.cc).
void RegisterXiangqiRepetitionCommand(CLI::App& xiangqi);
// Adds `caipan gomoku …` (gomoku_commands.cc).
void RegisterGomokuCommands(CLI::App& app);
// Adds `caipan tournament …` (tournament_commands.cc).
void RegisterTournamentCommands(CLI::App& app);
// Adds `caipan game …`, the GameService client (game_commands.cc); built only
// with the gRPC API (CAIPAN_WITH_GAME_COMMANDS).
void RegisterGameCommands(CLI::App& app);
// A player's calls other than moves (game_player_commands.cc) and the
// arbiter's rulings (game_arbiter_commands.cc); called by RegisterGameCommands.
void RegisterGamePlayerCommands(CLI::App& game);
void RegisterGameArbiterCommands(CLI::App& game);

// Exit status chosen by the subcommand callback that ran (0 unless it set
// another).
int ExitCode();
void SetExitCode(int code);
// Bad input: prints "error: <message>" on stderr and sets exit status 2.
void FailInput(absl::string_view message);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_COMMANDS_H_
