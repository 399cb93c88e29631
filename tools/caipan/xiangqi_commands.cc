// `caipan xiangqi …` subcommands.
#include "tools/caipan/commands.h"

namespace caipan::cli {

void RegisterXiangqiCommands(CLI::App& app) {
  CLI::App* xiangqi = app.add_subcommand("xiangqi", "xiangqi commands");
  xiangqi->require_subcommand(1);
  RegisterXiangqiAdjudicationCommands(*xiangqi);
}

}  // namespace caipan::cli
