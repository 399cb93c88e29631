// caipan: the command-line front end to the rules engine.
#include <CLI/CLI.hpp>

#include "engine/common/version.h"
#include "services/game_kind_list.h"
#include "tools/caipan/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"caipan: xiangqi and gomoku rules engine and adjudicator"};
  app.set_version_flag("--version", caipan::VersionLine("caipan"));
  app.require_subcommand(1);
  // One command group per game, in the order of the list of games.
#define CAIPAN_REGISTER_GAME_COMMANDS(Name) \
  caipan::cli::Register##Name##Commands(app);
  CAIPAN_GAME_KINDS(CAIPAN_REGISTER_GAME_COMMANDS)
#undef CAIPAN_REGISTER_GAME_COMMANDS
  caipan::cli::RegisterTournamentCommands(app);
#if CAIPAN_WITH_GAME_COMMANDS
  caipan::cli::RegisterGameCommands(app);
#endif
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Usage errors exit with status 2, like an illegal move.
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  return caipan::cli::ExitCode();
}
