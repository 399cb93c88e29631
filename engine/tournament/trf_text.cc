// Columns, point values, dates and numbers of TRF lines (trf_text.h).
#include "engine/tournament/trf_text.h"

#include <cstdio>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/text.h"
#include "engine/tournament/export_text.h"

namespace caipan::tournament::trf_internal {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

bool AllDigits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!IsDigit(c)) return false;
  }
  return true;
}

int DaysInMonth(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

absl::Status BadDate(std::string_view text) {
  return absl::InvalidArgumentError(absl::StrCat(
      "expected a date YYYY/MM/DD, got ", QuoteToken(std::string(text))));
}

}  // namespace

absl::StatusOr<TrfLine> TrfLine::Make(std::string_view text) {
  TrfLine line;
  line.text_ = text;
  line.starts_.reserve(text.size() + 1);
  size_t i = 0;
  while (i < text.size()) {
    const int column = static_cast<int>(line.starts_.size()) + 1;
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\t') {
      return absl::InvalidArgumentError(absl::StrCat(
          "column ", column, ": a tab (TRF columns are filled with spaces)"));
    }
    if (c < 0x20 || c == 0x7f) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "column %d: control character \\x%02x", column, static_cast<int>(c)));
    }
    const size_t length = Utf8SequenceLength(text.substr(i));
    if (length == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "column %d: byte \\x%02x is not UTF-8 (convert the file to UTF-8)",
          column, static_cast<int>(c)));
    }
    line.starts_.push_back(static_cast<uint32_t>(i));
    i += length;
  }
  line.starts_.push_back(static_cast<uint32_t>(text.size()));
  return line;
}

std::string_view TrfLine::Columns(int from, int to) const {
  if (from < 1) from = 1;
  if (to > size()) to = size();
  if (from > to) return {};
  const size_t begin = starts_[from - 1];
  return text_.substr(begin, starts_[to] - begin);
}

std::string_view TrimBlanks(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

std::string FieldText(std::string_view text) {
  return std::string(TrimBlanks(OneLine(text)));
}

int CharCount(std::string_view text) {
  int count = 0;
  for (char c : text) {
    // Continuation bytes (10xxxxxx) do not start a character.
    if ((static_cast<unsigned char>(c) & 0xc0) != 0x80) ++count;
  }
  return count;
}

std::string_view FirstChars(std::string_view text, int count) {
  int seen = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) {
      if (seen == count) return text.substr(0, i);
      ++seen;
    }
  }
  return text;
}

std::string PadRight(std::string_view text, int width) {
  std::string out(text);
  for (int n = CharCount(text); n < width; ++n) out += ' ';
  return out;
}

std::string PadLeft(std::string_view text, int width) {
  std::string out;
  for (int n = CharCount(text); n < width; ++n) out += ' ';
  out += text;
  return out;
}

absl::StatusOr<int> ParseCount(std::string_view text, int min, int max) {
  int value = 0;
  bool ok = AllDigits(text) && text.size() <= 9;
  if (ok) {
    for (char c : text) value = value * 10 + (c - '0');
    ok = value >= min && value <= max;
  }
  if (!ok) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected a number ", min, "..", max, ", got ",
                     QuoteToken(std::string(text))));
  }
  return value;
}

absl::StatusOr<double> ParsePointValue(std::string_view text) {
  std::string_view rest = text;
  if (!rest.empty() && rest.front() == '-') rest.remove_prefix(1);
  const size_t dot = rest.find('.');
  const std::string_view whole = rest.substr(0, dot);
  const std::string_view fraction =
      dot == std::string_view::npos ? std::string_view() : rest.substr(dot + 1);
  const bool ok = AllDigits(whole) && whole.size() <= 4 &&
                  (dot == std::string_view::npos ||
                   (AllDigits(fraction) && fraction.size() <= 3));
  double value = 0;
  if (!ok || !absl::SimpleAtod(std::string(text), &value)) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected points such as 2.0 or 0.5, got ",
                     QuoteToken(std::string(text))));
  }
  return value + 0.0;  // -0.0 reads as 0.0
}

std::string FormatPointValue(double value) {
  for (int decimals = 1; decimals < 3; ++decimals) {
    std::string text = absl::StrFormat("%.*f", decimals, value);
    double back = 0;
    if (absl::SimpleAtod(text, &back) && back == value) return text;
  }
  return absl::StrFormat("%.3f", value);
}

absl::StatusOr<Date> ParseTrfDate(std::string_view text) {
  Date date;
  if (text.size() == 4 && AllDigits(text)) {
    date.year = std::stoi(std::string(text));
    return date;
  }
  if (text.size() != 10) return BadDate(text);
  const char sep = text[4];
  if ((sep != '/' && sep != '-' && sep != '.') || text[7] != sep ||
      !AllDigits(text.substr(0, 4)) || !AllDigits(text.substr(5, 2)) ||
      !AllDigits(text.substr(8, 2))) {
    return BadDate(text);
  }
  date.year = std::stoi(std::string(text.substr(0, 4)));
  date.month = std::stoi(std::string(text.substr(5, 2)));
  date.day = std::stoi(std::string(text.substr(8, 2)));
  if (date.month > 12 || (date.month == 0 && date.day != 0) ||
      (date.month > 0 && date.day > DaysInMonth(date.year, date.month))) {
    return absl::InvalidArgumentError(
        absl::StrCat("no such date ", QuoteToken(std::string(text)),
                     " (00 stands for an unknown month or day)"));
  }
  return date;
}

std::string FormatTrfDate(const Date& date) {
  return absl::StrFormat("%04d/%02d/%02d", date.year, date.month, date.day);
}

std::string FormatNumber4(int number) {
  return number == 0 ? std::string("0000") : absl::StrFormat("%4d", number);
}

std::string StartNumber(int number) { return absl::StrFormat("%04d", number); }

char ResultCode(RoundResult result) {
  switch (result) {
    case RoundResult::kWin:
      return '1';
    case RoundResult::kDraw:
      return '=';
    case RoundResult::kLoss:
      return '0';
    case RoundResult::kForfeitWin:
      return '+';
    case RoundResult::kForfeitLoss:
      return '-';
    case RoundResult::kPairingBye:
      return 'U';
    case RoundResult::kHalfBye:
      return 'H';
    case RoundResult::kFullBye:
      return 'F';
    case RoundResult::kZeroBye:
      return 'Z';
    case RoundResult::kUnplayed:
      return ' ';
  }
  return ' ';
}

absl::Status LineError(int line, int column, const std::string& what) {
  if (column <= 0) {
    return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", what));
  }
  return absl::InvalidArgumentError(
      absl::StrCat("line ", line, " column ", column, ": ", what));
}

std::string Quote(std::string_view text) { return QuoteToken(text); }

std::vector<Word> SplitWords(const TrfLine& line, int from_column) {
  std::vector<Word> words;
  int column = from_column;
  while (column <= line.size()) {
    if (line.At(column) == " ") {
      ++column;
      continue;
    }
    const int start = column;
    while (column <= line.size() && line.At(column) != " ") ++column;
    words.push_back({line.Columns(start, column - 1), start});
  }
  return words;
}

}  // namespace caipan::tournament::trf_internal
