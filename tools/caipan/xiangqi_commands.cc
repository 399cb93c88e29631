// `caipan xiangqi …` subcommands.
#include "tools/caipan/commands.h"

namespace caipan::cli {

void RegisterXiangqiCommands(CLI::App& app) {
  app.add_subcommand("xiangqi", "xiangqi commands")->require_subcommand(1);
}

}  // namespace caipan::cli
