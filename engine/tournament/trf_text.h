// Text pieces the TRF reader and writer share (trf.h): a line cut into
// characters for its fixed columns, point values, dates and start numbers.
// Internal to the tournament library.
#ifndef CAIPAN_ENGINE_TOURNAMENT_TRF_TEXT_H_
#define CAIPAN_ENGINE_TOURNAMENT_TRF_TEXT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/tournament/event.h"

namespace caipan::tournament::trf_internal {

// A line whose columns count characters (UTF-8 code points) from 1: TRF's
// columns were bytes of one-byte text, and a Chinese name is a few
// characters of three bytes each.
class TrfLine {
 public:
  // INVALID_ARGUMENT "column C: …" at the first byte that is not UTF-8 or is
  // a control character.
  static absl::StatusOr<TrfLine> Make(std::string_view text);

  // Number of characters.
  int size() const { return static_cast<int>(starts_.size()) - 1; }
  // Columns from..to (inclusive), cut to the line; "" where the line ends
  // before `from`.
  std::string_view Columns(int from, int to) const;
  // From `column` to the end of the line.
  std::string_view From(int column) const { return Columns(column, size()); }
  // The character at `column`, "" past the end.
  std::string_view At(int column) const { return Columns(column, column); }
  std::string_view text() const { return text_; }

 private:
  std::string_view text_;
  // Byte offset of each character, then text_.size().
  std::vector<uint32_t> starts_;
};

// Spaces removed from both ends.
std::string_view TrimBlanks(std::string_view text);

// Free text as a TRF field holds it: one line (OneLine), blanks trimmed (a
// reader trims them).
std::string FieldText(std::string_view text);

// Number of characters of UTF-8 text.
int CharCount(std::string_view text);
// The first `count` characters of UTF-8 text.
std::string_view FirstChars(std::string_view text, int count);
// `text` followed by spaces up to `width` characters (nothing cut).
std::string PadRight(std::string_view text, int width);
// `text` preceded by spaces up to `width` characters (nothing cut).
std::string PadLeft(std::string_view text, int width);

// A whole number of digits only, at most `max`; the error says what was
// expected ("expected 1..9999").
absl::StatusOr<int> ParseCount(std::string_view text, int min, int max);

// A point value: [-]DIGITS[.DIGITS], at most 4 digits before the point and 3
// after ("2.0", "1", "0.25", "-1.5").
absl::StatusOr<double> ParsePointValue(std::string_view text);
// The shortest form with at least one decimal that reads back the same value:
// "2.0", "0.5", "0.25".
std::string FormatPointValue(double value);

// YYYY/MM/DD (also with - or .), 00 for an unknown month or day (kept as 0),
// or a year alone.
absl::StatusOr<Date> ParseTrfDate(std::string_view text);
// YYYY/MM/DD with zeros where unknown.
std::string FormatTrfDate(const Date& date);

// A start number as the 4-column fields write it: "   7", "0000" for none.
std::string FormatNumber4(int number);
// A start number in a message: "0007".
std::string StartNumber(int number);

// The 001 result code of a result ('1', '=', … ' ' for kUnplayed).
char ResultCode(RoundResult result);

// INVALID_ARGUMENT "line L column C: what" ("line L: what" when column <= 0).
absl::Status LineError(int line, int column, const std::string& what);
// Text quoted for a message (QuoteToken).
std::string Quote(std::string_view text);

// A blank-separated word of a line and the column it starts at; 260 and the
// extension lines are read as words.
struct Word {
  std::string_view text;
  int column = 0;
};
std::vector<Word> SplitWords(const TrfLine& line, int from_column);

}  // namespace caipan::tournament::trf_internal

#endif  // CAIPAN_ENGINE_TOURNAMENT_TRF_TEXT_H_
