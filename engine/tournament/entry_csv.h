// An entry list in CSV (one player a row, as spreadsheets export it) read into
// players, numbered as the list says or in row order.
//
// Format: RFC 4180 (comma-separated; fields in double quotes may hold commas,
// doubled quotes and line breaks; CRLF, LF or CR line ends), UTF-8 with or
// without a byte order mark. The first row names the columns, in any order,
// any case, blanks around them ignored:
//   number (编号)         start number 1..n, each once; when the column is
//                        absent or empty in every row, rows are numbered in
//                        order
//   name (姓名)           required, not empty
//   id (证件号)           free text
//   unit (单位)           team, school or city
//   sex (性别)            m, male, 男 / f, w, female, 女 / empty: unknown
//   birth_date (出生日期) 2005-03-09, 2005/3/9, 2005.03.09, 20050309,
//                        2005年3月9日, or a year alone (month and day 0)
//   rating (等级分)       whole number 0..9999; empty: 0
// Only `name` is required; a column not listed here is an error (a typo such
// as "birthdate" would otherwise lose the data silently). Fields are trimmed
// of blanks, and the ' an export puts before = + - @ to keep spreadsheets
// from running a cell as a formula is taken away (UnguardCsvText,
// export_text.h); rows whose fields are all empty are skipped. Every row has as
// many fields as the header. Errors name the line (where the row starts) and
// the column: "line 7, rating: expected a whole number 0..9999, got \"abc\"".
#ifndef CAIPAN_ENGINE_TOURNAMENT_ENTRY_CSV_H_
#define CAIPAN_ENGINE_TOURNAMENT_ENTRY_CSV_H_

#include <cstddef>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/tournament/event.h"

namespace caipan::tournament {

// Largest CSV text read (8 MiB); checked before any parsing.
inline constexpr size_t kMaxEntryCsvBytes = size_t{8} << 20;
// Most players a list may have (TRF's 4-column start numbers).
inline constexpr int kMaxEntries = 9999;

// The players of the list, players[i].number == i + 1, no rounds.
absl::StatusOr<std::vector<Player>> ParseEntryCsv(std::string_view text);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_ENTRY_CSV_H_
