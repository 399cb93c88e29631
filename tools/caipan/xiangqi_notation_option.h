// The --notation option of the xiangqi commands that print moves (moves, play,
// convert): one help text and one error for all of them.
#ifndef CAIPAN_TOOLS_CAIPAN_XIANGQI_NOTATION_OPTION_H_
#define CAIPAN_TOOLS_CAIPAN_XIANGQI_NOTATION_OPTION_H_

#include <CLI/CLI.hpp>
#include <string>

#include "absl/status/statusor.h"
#include "engine/xiangqi/notation.h"

namespace caipan::cli {

// Adds --notation to `cmd`, stored in `notation`; `what` says what is written
// in it (e.g. "the moves listed").
void AddNotationOption(CLI::App* cmd, std::string* notation,
                       const std::string& what);

// The notation named by --notation; errors name the option.
absl::StatusOr<xiangqi::Notation> ParseNotationOption(
    const std::string& notation);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_XIANGQI_NOTATION_OPTION_H_
