// The --lang option shared by the CLI's commands: "zh" or "en", by default the
// language of the user's locale (LC_ALL, LC_MESSAGES, LANG).
#ifndef CAIPAN_TOOLS_CAIPAN_CLI_LANGUAGE_H_
#define CAIPAN_TOOLS_CAIPAN_CLI_LANGUAGE_H_

#include <string>

#include "absl/status/statusor.h"
#include "engine/common/language.h"

namespace caipan::cli {

inline constexpr char kLangHelp[] =
    "language of explanations and reasons: zh (simplified Chinese, the "
    "rulebook's terms) or en; default from the locale (LC_ALL, LC_MESSAGES, "
    "LANG)";

// `flag` as given (empty: from the locale). Errors name --lang.
absl::StatusOr<Language> ResolveLanguage(const std::string& flag);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_CLI_LANGUAGE_H_
