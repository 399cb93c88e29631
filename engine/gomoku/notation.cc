// Point and stone-list parsing and formatting.
#include "engine/gomoku/notation.h"

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/gomoku/split.h"

namespace caipan::gomoku {

absl::StatusOr<Point> ParsePoint(std::string_view text) {
  if (text.empty()) return absl::InvalidArgumentError("empty point");
  const char letter = absl::ascii_tolower(static_cast<unsigned char>(text[0]));
  std::string_view digits = text.substr(1);
  bool all_digits = !digits.empty();
  for (char ch : digits) all_digits = all_digits && absl::ascii_isdigit(ch);
  if (!absl::ascii_isalpha(static_cast<unsigned char>(letter)) || !all_digits ||
      (digits.size() > 1 && digits[0] == '0')) {
    return absl::InvalidArgumentError(
        absl::StrCat("point ", QuoteToken(text),
                     ": expected a column letter a-o and a row number 1-15"));
  }
  if (letter > 'o') {
    return absl::OutOfRangeError(absl::StrCat("point ", QuoteToken(text),
                                              ": column off the board (a-o)"));
  }
  int row = 0;
  for (char ch : digits) {
    row = row * 10 + (ch - '0');
    if (row > kBoardSize) break;
  }
  if (row < 1 || row > kBoardSize) {
    return absl::OutOfRangeError(
        absl::StrCat("point ", QuoteToken(text), ": row off the board (1-15)"));
  }
  return Point{static_cast<int8_t>(letter - 'a'), static_cast<int8_t>(row - 1)};
}

absl::StatusOr<Board> ParseStones(std::string_view text) {
  Board board;
  if (Trim(text).empty()) {
    return absl::InvalidArgumentError(
        "stones: empty; expected e.g. \"B:h8,i9;W:h9\"");
  }
  for (std::string_view section : SplitOn(text, ';')) {
    section = Trim(section);
    if (section.empty()) continue;
    const size_t colon = section.find(':');
    const std::string_view tag = Trim(section.substr(0, colon));
    Color color;
    if (colon == std::string_view::npos || tag.size() != 1 ||
        (absl::ascii_tolower(static_cast<unsigned char>(tag[0])) != 'b' &&
         absl::ascii_tolower(static_cast<unsigned char>(tag[0])) != 'w')) {
      return absl::InvalidArgumentError(
          absl::StrCat("stones: section ", QuoteToken(section),
                       " must start with \"B:\" or \"W:\""));
    }
    color = absl::ascii_tolower(static_cast<unsigned char>(tag[0])) == 'b'
                ? Color::kBlack
                : Color::kWhite;
    const std::string_view list = section.substr(colon + 1);
    if (Trim(list).empty()) continue;
    for (std::string_view token : SplitOn(list, ',')) {
      token = Trim(token);
      if (token.empty()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "stones: empty point in section ", QuoteToken(section)));
      }
      absl::StatusOr<Point> p = ParsePoint(token);
      if (!p.ok()) {
        return absl::Status(p.status().code(),
                            absl::StrCat("stones: ", p.status().message()));
      }
      if (!board.IsEmpty(*p)) {
        return absl::InvalidArgumentError(
            absl::StrCat("stones: point ", PointName(*p), " is given twice"));
      }
      board.Place(*p, color);
    }
  }
  return board;
}

std::string FormatStones(const Board& board) {
  std::string out;
  for (Color c : {Color::kBlack, Color::kWhite}) {
    if (!out.empty()) out += ';';
    out += c == Color::kBlack ? "B:" : "W:";
    bool first = true;
    for (int i = 0; i < kNumPoints; ++i) {
      const Point p = Point::FromIndex(i);
      if (board.At(p) != StoneOf(c)) continue;
      if (!first) out += ',';
      out += PointName(p);
      first = false;
    }
  }
  return out;
}

absl::Status CheckAlternatingCounts(const Board& board) {
  const int b = board.Count(Color::kBlack);
  const int w = board.Count(Color::kWhite);
  if (b != w && b != w + 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "stones: impossible position: ", b, " black and ", w,
        " white stones (alternate play from black gives black as many as "
        "white or one more)"));
  }
  return absl::OkStatus();
}

}  // namespace caipan::gomoku
