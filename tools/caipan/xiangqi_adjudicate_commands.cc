// `caipan xiangqi adjudicate` and `caipan xiangqi limit`.
#include "tools/caipan/commands.h"

namespace caipan::cli {

void RegisterXiangqiAdjudicationCommands(CLI::App& xiangqi) {}

}  // namespace caipan::cli
