#include "engine/xiangqi/record_claim.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"

namespace caipan::xiangqi::record_internal {
namespace {

constexpr std::string_view kClaim = "claim";

// abseil's own string_view type here is not std::string_view.
absl::string_view View(std::string_view s) { return {s.data(), s.size()}; }

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

std::string_view TrimSpace(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

// "red" or "black" (any case) as a colour.
bool SideName(std::string_view name, std::optional<Color>* side) {
  if (absl::EqualsIgnoreCase(View(name), "red")) {
    *side = Color::kRed;
    return true;
  }
  if (absl::EqualsIgnoreCase(View(name), "black")) {
    *side = Color::kBlack;
    return true;
  }
  return false;
}

bool StartsWithClaim(std::string_view text) {
  return absl::StartsWithIgnoreCase(View(text), View(kClaim));
}

}  // namespace

bool ParseClaimWord(std::string_view word, std::optional<Color>* side) {
  if (!StartsWithClaim(word)) return false;
  std::string_view rest = word.substr(kClaim.size());
  side->reset();
  if (rest.empty()) return true;
  if (rest.front() != ':') return false;
  return SideName(rest.substr(1), side);
}

bool ParseClaimComment(std::string_view comment, std::optional<Color>* side) {
  std::string_view text = TrimSpace(comment);
  if (!StartsWithClaim(text)) return false;
  std::string_view rest = text.substr(kClaim.size());
  side->reset();
  if (rest.empty()) return true;
  if (!IsSpace(rest.front()) && rest.front() != ':') return false;
  rest.remove_prefix(1);
  return SideName(TrimSpace(rest), side);
}

}  // namespace caipan::xiangqi::record_internal
