// The languages rulings and explanations can be given in, and how a language
// is named on a command line, in an API field or in a locale.
#ifndef CAIPAN_ENGINE_COMMON_LANGUAGE_H_
#define CAIPAN_ENGINE_COMMON_LANGUAGE_H_

#include <cstdint>
#include <string_view>

#include "absl/status/statusor.h"

namespace caipan {

// Stable: values are never renumbered. Chinese is simplified Chinese, in the
// terms of the rulebooks.
enum class Language : uint8_t { kEnglish = 0, kChinese = 1 };
inline constexpr Language kAllLanguages[] = {Language::kEnglish,
                                             Language::kChinese};

// Accepts (case-insensitively) "en" and "zh" alone or with a region or script
// after '-' or '_' ("en-US", "en_GB", "zh-CN", "zh_CN", "zh-Hans"), and "cn".
// Every Chinese tag gives simplified Chinese, the only Chinese there is.
absl::StatusOr<Language> ParseLanguage(std::string_view name);

// A text in English and in Chinese, for tables of terms.
struct Term {
  std::string_view en;
  std::string_view zh;
  std::string_view In(Language lang) const {
    return lang == Language::kChinese ? zh : en;
  }
};

// "en" or "zh".
const char* LanguageCode(Language language);

// The language of a POSIX locale name such as "zh_CN.UTF-8", "en_US" or "C"
// (codeset and modifier ignored), or of a LANGUAGE-style list "zh_CN:en"
// (the first entry that names a known language). English when none does.
Language LanguageFromLocaleName(std::string_view locale);

}  // namespace caipan

#endif  // CAIPAN_ENGINE_COMMON_LANGUAGE_H_
