// The exit status shared between main() and the subcommand callbacks.
#include "tools/caipan/commands.h"

namespace caipan::cli {
namespace {
int exit_code = 0;
}  // namespace

int ExitCode() { return exit_code; }
void SetExitCode(int code) { exit_code = code; }

}  // namespace caipan::cli
