// See xiangqi_notation_option.h.
#include "tools/caipan/xiangqi_notation_option.h"

#include "absl/strings/str_cat.h"

namespace caipan::cli {

void AddNotationOption(CLI::App* cmd, std::string* notation,
                       const std::string& what) {
  cmd->add_option(
      "--notation", *notation,
      absl::StrCat(what, ": iccs (h2e2), wxf (C2.5) or chinese (炮二平五)"));
}

absl::StatusOr<xiangqi::Notation> ParseNotationOption(
    const std::string& notation) {
  absl::StatusOr<xiangqi::Notation> parsed =
      xiangqi::ParseNotationName(notation);
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--notation: ", parsed.status().message()));
  }
  return parsed;
}

}  // namespace caipan::cli
