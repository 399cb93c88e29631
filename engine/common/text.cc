#include "engine/common/text.h"

#include "absl/strings/str_format.h"

namespace caipan {

std::vector<std::string_view> SplitTokens(std::string_view text) {
  std::vector<std::string_view> tokens;
  size_t i = 0;
  auto is_sep = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v' || c == ',';
  };
  while (i < text.size()) {
    while (i < text.size() && is_sep(text[i])) ++i;
    size_t start = i;
    while (i < text.size() && !is_sep(text[i])) ++i;
    if (i > start) tokens.push_back(text.substr(start, i - start));
  }
  return tokens;
}

std::string QuoteToken(std::string_view token) {
  constexpr size_t kMaxShown = 64;
  std::string out = "\"";
  for (size_t i = 0; i < token.size() && i < kMaxShown; ++i) {
    unsigned char c = static_cast<unsigned char>(token[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      out += absl::StrFormat("\\x%02x", c);
    } else {
      out += static_cast<char>(c);  // printable ASCII or a UTF-8 byte
    }
  }
  if (token.size() > kMaxShown) out += "...";
  out += "\"";
  return out;
}

}  // namespace caipan
