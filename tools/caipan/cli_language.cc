// See cli_language.h.
#include "tools/caipan/cli_language.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"

namespace caipan::cli {

absl::StatusOr<Language> ResolveLanguage(const std::string& flag) {
  if (!flag.empty()) {
    absl::StatusOr<Language> lang = ParseLanguage(flag);
    if (!lang.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("--lang: ", lang.status().message()));
    }
    return lang;
  }
  // The first locale variable set decides, as for the C library's messages.
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0')
      return LanguageFromLocaleName(value);
  }
  return Language::kEnglish;
}

}  // namespace caipan::cli
