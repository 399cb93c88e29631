// Small text helpers shared by the notation and record parsers.
#ifndef CAIPAN_ENGINE_COMMON_TEXT_H_
#define CAIPAN_ENGINE_COMMON_TEXT_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace caipan {

// Splits on ASCII whitespace (and commas), dropping empty tokens.
std::vector<std::string_view> SplitTokens(std::string_view text);

// Quotes a user token for an error message: at most 64 bytes of it, cut on a
// character boundary, with control characters and bytes that are not valid
// UTF-8 escaped as \xNN, so a message is valid UTF-8 whatever the input.
std::string QuoteToken(std::string_view token);

// Length in bytes of the valid UTF-8 sequence starting at `text[0]` (1 to 4),
// or 0 if `text` does not start with one.
size_t Utf8SequenceLength(std::string_view text);

// The longest prefix of `text` of at most `max_bytes` bytes that does not end
// inside a UTF-8 character.
std::string_view Utf8Prefix(std::string_view text, size_t max_bytes);

// A short excerpt of user text for messages and logs: like QuoteToken but
// unquoted, at most `max_bytes` bytes, "..." appended when cut.
std::string Utf8Excerpt(std::string_view text, size_t max_bytes = 64);

// `text` as a JSON string literal, quotes included: quotes, backslashes and
// control characters escaped, valid UTF-8 kept as it is, and any byte that is
// not valid UTF-8 written as \ufffd, so the JSON is valid whatever the input.
std::string JsonQuote(std::string_view text);

// `text` with full-width forms of ASCII (U+FF01..U+FF5E, "Ｃ２＝５") turned
// into ASCII ("C2=5"); nullopt if it has any other non-ASCII character.
std::optional<std::string> FullWidthToAscii(std::string_view text);

}  // namespace caipan

#endif  // CAIPAN_ENGINE_COMMON_TEXT_H_
