// Free text (names, titles, units) made safe for the files caipan writes:
// one line of valid UTF-8 for TRF, PGN and CSV, and CSV cells that a
// spreadsheet shows as text instead of running them as formulas.
#ifndef CAIPAN_ENGINE_TOURNAMENT_EXPORT_TEXT_H_
#define CAIPAN_ENGINE_TOURNAMENT_EXPORT_TEXT_H_

#include <string>
#include <string_view>

namespace caipan::tournament {

// `text` as one line: every control character (C0, DEL, C1) and the Unicode
// line and paragraph separators (U+2028, U+2029) become a space, and each
// byte that is not UTF-8 becomes U+FFFD. Readers that split lines on any of
// them (Python's splitlines, some editors) then see each record whole.
std::string OneLine(std::string_view text);

// CSV injection (OWASP): a spreadsheet runs a cell that starts with = + - @,
// a tab or a carriage return as a formula. GuardCsvText puts a ' before such
// a character wherever a cell could start: at the beginning of the text and
// after each , or ; (a reader that splits on them, as spreadsheets set up
// for another locale do, starts a new cell there), blanks and double quotes
// skipped. A ' in that place is guarded too, so UnguardCsvText, which takes
// those guards away again, gives back exactly the text that was guarded.
std::string GuardCsvText(std::string_view text);
std::string UnguardCsvText(std::string_view text);

// A text field of a CSV row: OneLine, guarded, and in double quotes (inner
// quotes doubled, RFC 4180) when it holds , ; " or a guard.
std::string CsvTextField(std::string_view text);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_EXPORT_TEXT_H_
