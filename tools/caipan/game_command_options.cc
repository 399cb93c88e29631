// The options and printing the `caipan game …` subcommands share.
#include "tools/caipan/game_command_options.h"

#include <iostream>

#include "absl/strings/str_cat.h"
#include "tools/caipan/game_output.h"

namespace caipan::cli {

void AddConnectionOptions(CLI::App* cmd, ConnectionArgs* conn) {
  cmd->add_option("--server", conn->server,
                  "caipan-server's gRPC address, e.g. 127.0.0.1:50051")
      ->required();
  cmd->add_option("--deadline-seconds", conn->deadline_seconds,
                  "deadline of each call (watch: of connecting)")
      ->capture_default_str()
      ->check(CLI::Range(0.001, 86400.0));
  cmd->add_option("--tls-ca", conn->tls_ca,
                  "PEM root CA file: connect with TLS (default: insecure)");
}

void AddGameRefOptions(CLI::App* cmd, GameRef* ref, const char* token_help) {
  AddConnectionOptions(cmd, &ref->conn);
  cmd->add_option("--game", ref->game, "the game's name, e.g. games/…")
      ->required();
  if (token_help != nullptr) {
    cmd->add_option("--token", ref->token, token_help)->required();
  }
}

std::optional<v1::Side> ParseSide(const char* flag, const std::string& text,
                                  bool shared) {
  if (text == "red") return v1::SIDE_RED;
  if (text == "black") return v1::SIDE_BLACK;
  if (text == "white") return v1::SIDE_WHITE;
  if (shared && text == "shared") return v1::SIDE_UNSPECIFIED;
  FailGame(absl::StrCat(flag, ": expected red, black",
                        shared ? ", white or shared" : " or white", ", got \"",
                        text, "\""));
  return std::nullopt;
}

void PrintGame(const v1::Game& game, bool json) {
  std::cout << (json ? GameJson(game) : GameSummaryText(game));
}

void AddJsonFlag(CLI::App* cmd, GameRef* ref) {
  cmd->add_flag("--json", ref->json,
                "the game's resulting state as one JSON object, as `game "
                "show --json`");
}

}  // namespace caipan::cli
