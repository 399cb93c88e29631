#include "engine/common/language.h"

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"

namespace caipan {
namespace {

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return absl::EqualsIgnoreCase(absl::string_view(a.data(), a.size()),
                                absl::string_view(b.data(), b.size()));
}

}  // namespace

absl::StatusOr<Language> ParseLanguage(std::string_view name) {
  // The primary subtag decides; a region or script after it does not.
  const std::string_view primary = name.substr(0, name.find_first_of("-_"));
  const bool has_rest = primary.size() < name.size();
  if (EqualsIgnoreCase(primary, "en") &&
      (!has_rest || name.size() > primary.size() + 1)) {
    return Language::kEnglish;
  }
  if (EqualsIgnoreCase(primary, "zh") &&
      (!has_rest || name.size() > primary.size() + 1)) {
    return Language::kChinese;
  }
  if (EqualsIgnoreCase(name, "cn")) return Language::kChinese;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown language ", QuoteToken(name),
                   " (expected en or zh, e.g. en-US, zh-CN)"));
}

const char* LanguageCode(Language language) {
  return language == Language::kChinese ? "zh" : "en";
}

Language LanguageFromLocaleName(std::string_view locale) {
  while (!locale.empty()) {
    const size_t colon = locale.find(':');
    std::string_view entry = locale.substr(0, colon);
    locale = colon == std::string_view::npos ? std::string_view()
                                             : locale.substr(colon + 1);
    // "zh_CN.UTF-8@stroke": the codeset and the modifier say nothing about
    // the language.
    entry = entry.substr(0, entry.find_first_of(".@"));
    if (absl::StatusOr<Language> l = ParseLanguage(entry); l.ok()) return *l;
  }
  return Language::kEnglish;
}

}  // namespace caipan
