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

size_t Utf8SequenceLength(std::string_view text) {
  if (text.empty()) return 0;
  const unsigned char lead = static_cast<unsigned char>(text[0]);
  if (lead < 0x80) return 1;
  size_t length;
  unsigned char min_second = 0x80, max_second = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) min_second = 0xa0;  // no overlong forms
    if (lead == 0xed) max_second = 0x9f;  // no surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) min_second = 0x90;
    if (lead == 0xf4) max_second = 0x8f;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < length) return 0;
  const unsigned char second = static_cast<unsigned char>(text[1]);
  if (second < min_second || second > max_second) return 0;
  for (size_t i = 2; i < length; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80 || c > 0xbf) return 0;
  }
  return length;
}

std::string_view Utf8Prefix(std::string_view text, size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  size_t end = max_bytes;
  // Step back over continuation bytes to the start of the cut character.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xc0) == 0x80)
    --end;
  return text.substr(0, end);
}

namespace {

// Appends `text` (at most `max_bytes` of it) with invalid bytes and control
// characters escaped; `quote` also escapes '"' and '\'.
void AppendEscaped(std::string_view text, size_t max_bytes, bool quote,
                   std::string* out) {
  size_t i = 0;
  while (i < text.size()) {
    const size_t length = Utf8SequenceLength(text.substr(i));
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (length == 0) {
      if (i + 1 > max_bytes) break;
      absl::StrAppendFormat(out, "\\x%02x", c);
      ++i;
      continue;
    }
    if (i + length > max_bytes) break;
    if (length == 1 && (c < 0x20 || c == 0x7f)) {
      absl::StrAppendFormat(out, "\\x%02x", c);
    } else if (quote && (c == '"' || c == '\\')) {
      out->push_back('\\');
      out->push_back(static_cast<char>(c));
    } else {
      out->append(text.data() + i, length);
    }
    i += length;
  }
  if (i < text.size()) out->append("...");
}

}  // namespace

std::optional<std::string> FullWidthToAscii(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    // U+FF01..U+FF3F are EF BC 81..BF, U+FF40..U+FF5E are EF BD 80..9E; each
    // is its ASCII character plus 0xFEE0.
    if (Utf8SequenceLength(text.substr(i)) != 3 || c != 0xEF)
      return std::nullopt;
    const unsigned char b1 = static_cast<unsigned char>(text[i + 1]);
    const unsigned char b2 = static_cast<unsigned char>(text[i + 2]);
    unsigned code = 0xF000 | ((b1 & 0x3F) << 6) | (b2 & 0x3F);
    if (code < 0xFF01 || code > 0xFF5E) return std::nullopt;
    out.push_back(static_cast<char>(code - 0xFEE0));
    i += 3;
  }
  return out;
}

std::string QuoteToken(std::string_view token) {
  std::string out = "\"";
  AppendEscaped(token, 64, /*quote=*/true, &out);
  out += "\"";
  return out;
}

std::string Utf8Excerpt(std::string_view text, size_t max_bytes) {
  std::string out;
  AppendEscaped(text, max_bytes, /*quote=*/false, &out);
  return out;
}

std::string JsonQuote(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const size_t length = Utf8SequenceLength(text.substr(i));
      if (length == 0) {
        out += "\\ufffd";
      } else {
        out.append(text.substr(i, length));
        i += length - 1;
      }
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          static constexpr char kHex[] = "0123456789abcdef";
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
  return out;
}

}  // namespace caipan
