// ICCS coordinate notation: "h2e2" (also "H2-E2" on input).
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/notation_formats.h"
#include "engine/xiangqi/notation_resolve.h"

namespace caipan::xiangqi::notation_internal {

bool LooksLikeIccs(std::string_view t) {
  return ReadIccsCoordinates(t).has_value();
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
