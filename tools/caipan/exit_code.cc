// The exit status shared between main() and the subcommand callbacks.
#include <iostream>

#include "tools/caipan/commands.h"

namespace caipan::cli {
namespace {
int exit_code = 0;
}  // namespace

int ExitCode() { return exit_code; }
void SetExitCode(int code) { exit_code = code; }

void FailInput(absl::string_view message) {
  std::cerr << "error: " << message << "\n";
  SetExitCode(2);
}

}  // namespace caipan::cli
