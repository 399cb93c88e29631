// `caipan gomoku …` subcommands.
#include "tools/caipan/commands.h"

namespace caipan::cli {

void RegisterGomokuCommands(CLI::App& app) {
  app.add_subcommand("gomoku", "gomoku/renju commands")->require_subcommand(1);
}

}  // namespace caipan::cli
