// What the `caipan tournament …` subcommands share: reading a TRF file or a
// CSV entry list named on the command line (size-bounded, any encoding), the
// number format of their output, and the registration of `convert`.
#ifndef CAIPAN_TOOLS_CAIPAN_TOURNAMENT_CLI_H_
#define CAIPAN_TOOLS_CAIPAN_TOURNAMENT_CLI_H_

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/tournament/event.h"
#include "engine/tournament/trf.h"

namespace caipan::cli {

// The TRF file at `path` (at most 8 MiB; UTF-8, GB18030 or Big5 as
// `encoding` names them, "auto" detects): errors read "--trf PATH: line 12
// column 92: …". Warnings of the reading go to stderr, each as
// "warning: --trf PATH: …".
absl::StatusOr<tournament::TrfDocument> LoadTrfFile(
    const std::string& path, const std::string& encoding);

// The players of the CSV entry list at `path`, likewise ("--csv PATH: …").
absl::StatusOr<std::vector<tournament::Player>> LoadEntryCsvFile(
    const std::string& path, const std::string& encoding);

// Points and tie-break figures as printed: "10" when whole, else the
// shortest decimal that reads back the same ("10.5", "0.25").
std::string FormatFigure(double value);

// Adds `caipan tournament convert` (tournament_convert_command.cc).
void RegisterTournamentConvertCommand(CLI::App& tournament);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_TOURNAMENT_CLI_H_
