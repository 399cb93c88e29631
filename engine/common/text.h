// Small text helpers shared by the notation and record parsers.
#ifndef CAIPAN_ENGINE_COMMON_TEXT_H_
#define CAIPAN_ENGINE_COMMON_TEXT_H_

#include <string>
#include <string_view>
#include <vector>

namespace caipan {

// Splits on ASCII whitespace (and commas), dropping empty tokens.
std::vector<std::string_view> SplitTokens(std::string_view text);

// Quotes a user token for an error message, escaping bytes that are not
// printable UTF-8 so messages stay readable whatever the input.
std::string QuoteToken(std::string_view token);

}  // namespace caipan

#endif  // CAIPAN_ENGINE_COMMON_TEXT_H_
