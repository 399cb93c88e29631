// What the `caipan game …` subcommands share: the connection options, the
// options naming one existing game, sides as the options spell them, and how
// a game a call returns is printed.
#ifndef CAIPAN_TOOLS_CAIPAN_GAME_COMMAND_OPTIONS_H_
#define CAIPAN_TOOLS_CAIPAN_GAME_COMMAND_OPTIONS_H_

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "caipan/v1/game_service.pb.h"
#include "tools/caipan/game_client.h"

namespace caipan::cli {

// --server, --deadline-seconds and --tls-ca.
void AddConnectionOptions(CLI::App* cmd, ConnectionArgs* conn);

// Options of the calls about one existing game.
struct GameRef {
  ConnectionArgs conn;
  std::string game;
  std::string token;
  bool json = false;
};

// The connection options, --game, and --token (required) unless
// `token_help` is null.
void AddGameRefOptions(CLI::App* cmd, GameRef* ref, const char* token_help);

// --json: print the game a call returns as `game show --json` does.
void AddJsonFlag(CLI::App* cmd, GameRef* ref);

inline constexpr char kPlayerToken[] = "the player's token (from game create)";
inline constexpr char kArbiterToken[] =
    "an arbiter token (from the server's file)";

// "red", "black", "white" (and "shared" when `shared` allows it, as
// SIDE_UNSPECIFIED); nullopt after printing the error.
std::optional<v1::Side> ParseSide(const char* flag, const std::string& text,
                                  bool shared);

// Prints a game returned by a call: the summary, or JSON like `show`.
void PrintGame(const v1::Game& game, bool json);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_GAME_COMMAND_OPTIONS_H_
