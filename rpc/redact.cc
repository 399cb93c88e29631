// Redacting passwords from log text (see redact.h).
#include "rpc/redact.h"

#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace caipan::rpc {
namespace {

constexpr absl::string_view kPasswordKey = "password";

bool IsBlank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

// The end of a conninfo value starting at `at`, as libpq reads it: a value
// in single quotes runs to the closing quote (\' and \\ escaped), any other
// to the next blank. In a URI's query (`in_query`) it ends at '&' too.
size_t ValueEnd(absl::string_view text, size_t at, bool in_query) {
  if (!in_query && at < text.size() && text[at] == '\'') {
    for (size_t i = at + 1; i < text.size(); ++i) {
      if (text[i] == '\\') {
        ++i;
      } else if (text[i] == '\'') {
        return i + 1;
      }
    }
    return text.size();
  }
  size_t i = at;
  while (i < text.size() && !IsBlank(text[i]) && !(in_query && text[i] == '&'))
    ++i;
  return i;
}

// Every `…password = value` with its value replaced.
std::string RedactPasswordValues(absl::string_view text) {
  std::string out;
  size_t copied = 0;
  for (size_t i = 0; i + kPasswordKey.size() <= text.size(); ++i) {
    if (!absl::EqualsIgnoreCase(text.substr(i, kPasswordKey.size()),
                                kPasswordKey)) {
      continue;
    }
    const bool in_query = i > 0 && (text[i - 1] == '?' || text[i - 1] == '&');
    size_t at = i + kPasswordKey.size();
    while (!in_query && at < text.size() && IsBlank(text[at])) ++at;
    if (at >= text.size() || text[at] != '=') continue;
    ++at;
    while (!in_query && at < text.size() && IsBlank(text[at])) ++at;
    const size_t end = ValueEnd(text, at, in_query);
    absl::StrAppend(&out, text.substr(copied, at - copied), kRedacted);
    copied = end;
    i = end - 1;
  }
  absl::StrAppend(&out, text.substr(copied));
  return out;
}

// Every `scheme://user:password@` with its password replaced.
std::string RedactUriPasswords(absl::string_view text) {
  std::string out;
  size_t copied = 0;
  for (size_t scheme = text.find("://"); scheme != absl::string_view::npos;
       scheme = text.find("://", scheme + 3)) {
    // To the last '@' before the next URI: libpq takes a password with
    // blanks, / ? or # that were not escaped (text after the URI that holds
    // an '@' is redacted too much, never too little).
    const size_t start = scheme + 3;
    if (start <= copied) continue;  // inside a password already redacted
    const absl::string_view authority =
        text.substr(start, text.find("://", start) - start);
    const size_t at = authority.rfind('@');
    if (at == absl::string_view::npos) continue;
    const size_t colon = authority.substr(0, at).find(':');
    if (colon == absl::string_view::npos) continue;
    absl::StrAppend(&out, text.substr(copied, start + colon + 1 - copied),
                    kRedacted);
    copied = start + at;
  }
  absl::StrAppend(&out, text.substr(copied));
  return out;
}

}  // namespace

bool MayHoldSecrets(absl::string_view text) {
  return text.find('=') != absl::string_view::npos ||
         text.find("://") != absl::string_view::npos;
}

std::string RedactSecrets(absl::string_view text) {
  if (!MayHoldSecrets(text)) return std::string(text);
  return RedactPasswordValues(RedactUriPasswords(text));
}

}  // namespace caipan::rpc
