// ICCS coordinate notation: "h2e2" (also "H2-E2" on input).
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/notation_formats.h"
#include "engine/xiangqi/notation_resolve.h"

namespace caipan::xiangqi::notation_internal {
namespace {

bool IsFileChar(char c) {
  return (c >= 'a' && c <= 'i') || (c >= 'A' && c <= 'I');
}
bool IsRankChar(char c) { return c >= '0' && c <= '9'; }

// Offset of the destination square's letter: 2 for "h2e2", 3 for "h2-e2".
int DestinationOffset(std::string_view t) { return t.size() == 5 ? 3 : 2; }

}  // namespace

bool LooksLikeIccs(std::string_view t) {
  if (t.size() != 4 && !(t.size() == 5 && t[2] == '-')) return false;
  int d = DestinationOffset(t);
  return IsFileChar(t[0]) && IsRankChar(t[1]) && IsFileChar(t[d]) &&
         IsRankChar(t[d + 1]);
}

absl::StatusOr<Move> ParseIccs(const Position& pos, std::string_view text) {
  std::optional<Move> m = ReadIccsCoordinates(text);
  if (!m) {
    return absl::InvalidArgumentError(
        absl::StrCat(QuoteToken(text), ": not an ICCS move (like h2e2)"));
  }
  if (!pos.IsLegal(*m)) {
    return absl::InvalidArgumentError(absl::StrCat(
        QuoteToken(text), ": ", IllegalMessage(pos, *m, /*show_move=*/false)));
  }
  return *m;
}

}  // namespace caipan::xiangqi::notation_internal

namespace caipan::xiangqi {

std::optional<Move> ReadIccsCoordinates(std::string_view text) {
  if (!notation_internal::LooksLikeIccs(text)) return std::nullopt;
  const int d = notation_internal::DestinationOffset(text);
  // LooksLikeIccs admitted only a..i and A..I: setting the lower-case bit is
  // tolower without the locale lookup.
  auto square = [&](size_t i) {
    const int file = (text[i] | 0x20) - 'a';
    return static_cast<uint8_t>(MakeSquare(file, text[i + 1] - '0'));
  };
  return Move{square(0), square(d)};
}

}  // namespace caipan::xiangqi
