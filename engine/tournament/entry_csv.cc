// Reading a CSV entry list (entry_csv.h): RFC 4180 rows first, then each
// field of each row into a player.
#include "engine/tournament/entry_csv.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/tournament/event.h"
#include "engine/tournament/export_text.h"

namespace caipan::tournament {
namespace {

struct CsvField {
  std::string text;
  int line = 0;
};

struct CsvRow {
  int line = 0;
  std::vector<CsvField> fields;
};

absl::Status LineError(int line, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", what));
}

// Splits the text into rows of fields by RFC 4180. A quote may open a field
// after blanks (they are dropped) and blanks may follow the closing quote.
absl::StatusOr<std::vector<CsvRow>> SplitCsv(std::string_view text) {
  std::vector<CsvRow> rows;
  CsvRow row;
  CsvField field;
  int line = 1;
  row.line = field.line = line;
  bool in_quotes = false;
  bool closed_quote = false;
  int quote_line = 0;
  auto end_field = [&]() {
    row.fields.push_back(std::move(field));
    field = CsvField();
    field.line = line;
    closed_quote = false;
  };
  auto end_row = [&]() {
    end_field();
    rows.push_back(std::move(row));
    row = CsvRow();
    row.line = line;
    field.line = line;
  };
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const bool line_end = c == '\r' || c == '\n';
    // CRLF is one line end.
    const size_t width =
        c == '\r' && i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
    if (in_quotes) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          field.text += '"';
          i += 2;
          continue;
        }
        in_quotes = false;
        closed_quote = true;
        ++i;
        continue;
      }
      field.text.append(text.substr(i, width));
      if (line_end) ++line;
      i += width;
      continue;
    }
    if (c == ',') {
      end_field();
    } else if (line_end) {
      ++line;
      end_row();
    } else if (closed_quote) {
      if (c != ' ' && c != '\t') {
        return LineError(line,
                         absl::StrCat("field ", row.fields.size() + 1,
                                      ": expected a comma after the closing "
                                      "quote, got ",
                                      QuoteToken(text.substr(i, 1))));
      }
    } else if (c == '"') {
      if (field.text.find_first_not_of(" \t") != std::string::npos) {
        return LineError(line, absl::StrCat("field ", row.fields.size() + 1,
                                            ": a quote inside a field that "
                                            "does not start with one (write "
                                            "the field in quotes, the quote "
                                            "doubled)"));
      }
      field.text.clear();
      in_quotes = true;
      quote_line = line;
    } else {
      field.text += c;
    }
    i += width;
  }
  if (in_quotes) {
    return LineError(quote_line, absl::StrCat("field ", row.fields.size() + 1,
                                              ": the quote opened here is "
                                              "never closed"));
  }
  if (!field.text.empty() || closed_quote || !row.fields.empty()) end_row();
  return rows;
}

enum class Column { kNumber, kName, kId, kUnit, kSex, kBirthDate, kRating };

constexpr char kColumnList[] =
    "number, name, id, unit, sex, birth_date, rating";

std::optional<Column> ColumnNamed(std::string_view name) {
  const std::string lower = absl::AsciiStrToLower(std::string(name));
  if (lower == "number" || lower == "编号") return Column::kNumber;
  if (lower == "name" || lower == "姓名") return Column::kName;
  if (lower == "id" || lower == "证件号") return Column::kId;
  if (lower == "unit" || lower == "单位") return Column::kUnit;
  if (lower == "sex" || lower == "性别") return Column::kSex;
  if (lower == "birth_date" || lower == "出生日期") return Column::kBirthDate;
  if (lower == "rating" || lower == "等级分") return Column::kRating;
  return std::nullopt;
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

// UTF-8 without control characters (a line break inside a quoted name
// included: no list of players needs one, and TRF cannot hold it).
absl::Status CheckText(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      return absl::InvalidArgumentError(
          c == '\n' || c == '\r' ? std::string("a line break inside the field")
                                 : std::string("a control character"));
    }
    const size_t length = Utf8SequenceLength(text.substr(i));
    if (length == 0) {
      return absl::InvalidArgumentError(
          "bytes that are not UTF-8 (save the list as UTF-8)");
    }
    i += length;
  }
  return absl::OkStatus();
}

bool AllDigits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
}

absl::StatusOr<int> ParseWhole(std::string_view text, int min, int max) {
  if (AllDigits(text) && text.size() <= 9) {
    const int value = std::stoi(std::string(text));
    if (value >= min && value <= max) return value;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "expected a whole number ", min, "..", max, ", got ", QuoteToken(text)));
}

absl::StatusOr<Sex> ParseSex(std::string_view text) {
  const std::string lower = absl::AsciiStrToLower(std::string(text));
  if (lower.empty()) return Sex::kUnknown;
  if (lower == "m" || lower == "male" || lower == "男") return Sex::kMale;
  if (lower == "f" || lower == "w" || lower == "female" || lower == "女") {
    return Sex::kFemale;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "expected m, f (or w), male, female, 男 or 女, got ", QuoteToken(text)));
}

int DaysInMonth(int year, int month) {
  static constexpr std::array<int, 12> kDays = {31, 28, 31, 30, 31, 30,
                                                31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

absl::StatusOr<Date> ParseBirthDate(std::string_view text) {
  const absl::Status bad = absl::InvalidArgumentError(absl::StrCat(
      "expected a date such as 2005-03-09, got ", QuoteToken(text)));
  // Digit groups between the separators - / . 年 月 (and a final 日).
  std::string_view rest = text;
  constexpr std::string_view kDay = "日";
  if (rest.size() > kDay.size() &&
      rest.substr(rest.size() - kDay.size()) == kDay) {
    rest.remove_suffix(kDay.size());
  }
  std::vector<std::string_view> groups;
  size_t start = 0;
  for (size_t i = 0; i <= rest.size();) {
    size_t sep = 0;
    if (i == rest.size()) {
      sep = 1;
    } else if (rest[i] == '-' || rest[i] == '/' || rest[i] == '.') {
      sep = 1;
    } else if (rest.substr(i, 3) == "年" || rest.substr(i, 3) == "月") {
      sep = 3;
    }
    if (sep == 0) {
      ++i;
      continue;
    }
    groups.push_back(rest.substr(start, i - start));
    i += sep;
    start = i;
  }
  for (std::string_view group : groups) {
    if (!AllDigits(group)) return bad;
  }
  Date date;
  if (groups.size() == 1 && groups[0].size() == 4) {
    date.year = std::stoi(std::string(groups[0]));
    return date;
  }
  if (groups.size() == 1 && groups[0].size() == 8) {
    groups = {groups[0].substr(0, 4), groups[0].substr(4, 2),
              groups[0].substr(6, 2)};
  }
  if (groups.size() != 3 || groups[0].size() != 4 || groups[1].size() > 2 ||
      groups[2].size() > 2) {
    return bad;
  }
  date.year = std::stoi(std::string(groups[0]));
  date.month = std::stoi(std::string(groups[1]));
  date.day = std::stoi(std::string(groups[2]));
  if (date.month < 1 || date.month > 12 || date.day < 1 ||
      date.day > DaysInMonth(date.year, date.month)) {
    return absl::InvalidArgumentError(
        absl::StrCat("no such date ", QuoteToken(text)));
  }
  return date;
}

std::string_view ColumnName(Column column) {
  switch (column) {
    case Column::kNumber:
      return "number";
    case Column::kName:
      return "name";
    case Column::kId:
      return "id";
    case Column::kUnit:
      return "unit";
    case Column::kSex:
      return "sex";
    case Column::kBirthDate:
      return "birth_date";
    case Column::kRating:
      return "rating";
  }
  return "?";
}

// One field into the player; `number` is set when the row gives one.
absl::Status ReadField(Column column, std::string_view text, Player& player,
                       std::optional<int>& number) {
  switch (column) {
    case Column::kNumber:
      if (!text.empty()) {
        absl::StatusOr<int> value = ParseWhole(text, 1, kMaxEntries);
        if (!value.ok()) return value.status();
        number = *value;
      }
      return absl::OkStatus();
    case Column::kName:
      if (text.empty()) return absl::InvalidArgumentError("empty");
      player.name = std::string(text);
      return absl::OkStatus();
    case Column::kId:
      player.id = std::string(text);
      return absl::OkStatus();
    case Column::kUnit:
      player.unit = std::string(text);
      return absl::OkStatus();
    case Column::kSex: {
      absl::StatusOr<Sex> sex = ParseSex(text);
      if (!sex.ok()) return sex.status();
      player.sex = *sex;
      return absl::OkStatus();
    }
    case Column::kBirthDate:
      if (!text.empty()) {
        absl::StatusOr<Date> date = ParseBirthDate(text);
        if (!date.ok()) return date.status();
        player.birth_date = *date;
      }
      return absl::OkStatus();
    case Column::kRating:
      if (!text.empty()) {
        absl::StatusOr<int> value = ParseWhole(text, 0, 9999);
        if (!value.ok()) return value.status();
        player.rating = *value;
      }
      return absl::OkStatus();
  }
  return absl::OkStatus();
}

struct Entry {
  Player player;
  std::optional<int> number;
  int line = 0;
};

}  // namespace

absl::StatusOr<std::vector<Player>> ParseEntryCsv(std::string_view text) {
  if (text.size() > kMaxEntryCsvBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("the entry list has ", text.size(), " bytes, more than ",
                     kMaxEntryCsvBytes, " (8 MiB)"));
  }
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  absl::StatusOr<std::vector<CsvRow>> rows = SplitCsv(text);
  if (!rows.ok()) return rows.status();
  auto is_empty = [](const CsvRow& row) {
    return std::all_of(row.fields.begin(), row.fields.end(),
                       [](const CsvField& f) { return Trim(f.text).empty(); });
  };
  auto header = std::find_if_not(rows->begin(), rows->end(), is_empty);
  if (header == rows->end()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the entry list is empty: expected a header row naming "
                     "the columns (",
                     kColumnList, ")"));
  }
  std::vector<Column> columns;
  for (size_t k = 0; k < header->fields.size(); ++k) {
    const CsvField& field = header->fields[k];
    const std::string_view name = Trim(field.text);
    if (absl::Status s = CheckText(name); !s.ok()) {
      return LineError(field.line,
                       absl::StrCat("column ", k + 1, ": ", s.message()));
    }
    std::optional<Column> column = ColumnNamed(name);
    if (!column.has_value()) {
      const bool other_separator = name.find_first_of(";\t") != name.npos;
      return LineError(
          field.line,
          absl::StrCat(
              "column ", k + 1, ": unknown column ", QuoteToken(name),
              " (the columns are ", kColumnList, ")",
              other_separator ? "; fields are separated by commas" : ""));
    }
    if (std::find(columns.begin(), columns.end(), *column) != columns.end()) {
      return LineError(field.line,
                       absl::StrCat("column ", k + 1, ": ", QuoteToken(name),
                                    " is given twice"));
    }
    columns.push_back(*column);
  }
  if (std::find(columns.begin(), columns.end(), Column::kName) ==
      columns.end()) {
    return LineError(header->line, "the header has no name column");
  }

  std::vector<Entry> entries;
  for (auto row = header + 1; row != rows->end(); ++row) {
    if (is_empty(*row)) continue;
    if (row->fields.size() != columns.size()) {
      return LineError(row->line, absl::StrCat(row->fields.size(),
                                               " fields, but the header has ",
                                               columns.size()));
    }
    if (entries.size() >= static_cast<size_t>(kMaxEntries)) {
      return LineError(row->line,
                       absl::StrCat("more than ", kMaxEntries, " players"));
    }
    Entry entry;
    entry.line = row->line;
    for (size_t k = 0; k < columns.size(); ++k) {
      // Cells are unguarded as the export guards them (export_text.h).
      const std::string value = UnguardCsvText(Trim(row->fields[k].text));
      absl::Status s = CheckText(value);
      if (s.ok()) s = ReadField(columns[k], value, entry.player, entry.number);
      if (!s.ok()) {
        return LineError(row->fields[k].line,
                         absl::StrCat(std::string(ColumnName(columns[k])), ": ",
                                      s.message()));
      }
    }
    entries.push_back(std::move(entry));
  }

  // Numbers: from the list (each row, 1..n, each once) or in row order.
  const bool numbered = std::any_of(entries.begin(), entries.end(),
                                    [](const Entry& e) { return e.number; });
  std::vector<int> line_of(entries.size() + 1, 0);
  for (size_t i = 0; i < entries.size(); ++i) {
    Entry& entry = entries[i];
    if (!numbered) {
      entry.number = static_cast<int>(i) + 1;
      continue;
    }
    if (!entry.number) {
      return LineError(entry.line,
                       "number: empty, but other rows give numbers (give "
                       "every row one, or none)");
    }
    if (*entry.number > static_cast<int>(entries.size())) {
      return LineError(
          entry.line,
          absl::StrCat("number: ", *entry.number, " is more than the ",
                       entries.size(), " players of the list"));
    }
    if (line_of[*entry.number] != 0) {
      return LineError(entry.line,
                       absl::StrCat("number: ", *entry.number,
                                    " is given again (also on line ",
                                    line_of[*entry.number], ")"));
    }
    line_of[*entry.number] = entry.line;
  }
  std::vector<Player> players(entries.size());
  for (Entry& entry : entries) {
    entry.player.number = *entry.number;
    players[*entry.number - 1] = std::move(entry.player);
  }
  return players;
}

}  // namespace caipan::tournament
