// Safe free text in exported files (export_text.h).
#include "engine/tournament/export_text.h"

#include <string>
#include <string_view>

#include "engine/common/text.h"

namespace caipan::tournament {
namespace {

// Whether the UTF-8 character `c` (one valid sequence) breaks a line or
// controls a terminal: C0, DEL, C1 (U+0080..U+009F), U+2028, U+2029.
bool IsBreakOrControl(std::string_view c) {
  const auto byte = [&c](size_t i) { return static_cast<unsigned char>(c[i]); };
  if (c.size() == 1) return byte(0) < 0x20 || byte(0) == 0x7f;
  if (c.size() == 2) return byte(0) == 0xc2 && byte(1) < 0xa0;
  return c.size() == 3 && byte(0) == 0xe2 && byte(1) == 0x80 &&
         (byte(2) == 0xa8 || byte(2) == 0xa9);
}

// What a spreadsheet reads as the start of a formula, and the guard itself.
bool NeedsGuard(char c) {
  return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' ||
         c == '\r' || c == '\'';
}

// Where a cell could start (0, or after , or ;): the first byte past the
// blanks and double quotes from `at`.
size_t CellTextStart(std::string_view text, size_t at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '"')) ++at;
  return at;
}

}  // namespace

std::string OneLine(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t length = Utf8SequenceLength(text.substr(i));
    if (length == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
      continue;
    }
    const std::string_view c = text.substr(i, length);
    if (IsBreakOrControl(c)) {
      out += ' ';
    } else {
      out += c;
    }
    i += length;
  }
  return out;
}

std::string GuardCsvText(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  size_t guard_at = CellTextStart(text, 0);
  for (size_t i = 0; i < text.size(); ++i) {
    if (i == guard_at && NeedsGuard(text[i])) out += '\'';
    out += text[i];
    if (text[i] == ',' || text[i] == ';') guard_at = CellTextStart(text, i + 1);
  }
  return out;
}

std::string UnguardCsvText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t guard_at = CellTextStart(text, 0);
  for (size_t i = 0; i < text.size(); ++i) {
    const bool guard = i == guard_at && text[i] == '\'' &&
                       i + 1 < text.size() && NeedsGuard(text[i + 1]);
    if (!guard) out += text[i];
    if (text[i] == ',' || text[i] == ';') guard_at = CellTextStart(text, i + 1);
  }
  return out;
}

std::string CsvTextField(std::string_view text) {
  const std::string field = GuardCsvText(OneLine(text));
  if (field.find_first_of(",;\"'") == std::string::npos) return field;
  std::string quoted = "\"";
  for (char c : field) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

}  // namespace caipan::tournament
