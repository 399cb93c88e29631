// Character encodings of records as people have them: UTF-8, GB18030 (and so
// GBK and GB2312) and Big5, detected from the bytes and converted to UTF-8 in
// memory.
#ifndef CAIPAN_ENGINE_COMMON_TEXT_ENCODING_H_
#define CAIPAN_ENGINE_COMMON_TEXT_ENCODING_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace caipan {

enum class TextEncoding { kAuto, kUtf8, kGb18030, kBig5 };

// Largest input ToUtf8 converts (64 MiB).
inline constexpr size_t kMaxEncodedTextBytes = size_t{64} << 20;

// "auto", "utf-8"/"utf8", "gbk"/"gb2312"/"gb18030", "big5", any case.
absl::StatusOr<TextEncoding> ParseTextEncoding(std::string_view name);

// "auto", "utf-8", "gb18030" or "big5".
const char* TextEncodingName(TextEncoding encoding);

// kUtf8 if the bytes are valid UTF-8 (with or without a byte order mark, so
// plain ASCII too); otherwise kGb18030 or kBig5, whichever reads the bytes with
// fewer undecodable characters and more common ones (never kAuto). Looks at
// the first megabyte at most. A text of a few characters (one name) can be
// read either way; pass the encoding to ToUtf8 when it is known.
TextEncoding DetectTextEncoding(std::string_view bytes);

// The bytes as UTF-8 without a byte order mark; kAuto detects the encoding
// first. Errors: input over kMaxEncodedTextBytes, or a byte that does not
// decode in the encoding (the message names its offset, counted from 0).
absl::StatusOr<std::string> ToUtf8(std::string_view bytes,
                                   TextEncoding encoding);

}  // namespace caipan

#endif  // CAIPAN_ENGINE_COMMON_TEXT_ENCODING_H_
