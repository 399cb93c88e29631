// GameService request limits (see game_request_checks.h).
#include "services/game/game_request_checks.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace caipan::services::game {

absl::Status CheckGameName(const std::string& name) {
  if (name.empty()) return absl::InvalidArgumentError("name: required");
  if (name.size() > kMaxNameBytes || !absl::StartsWith(name, "games/")) {
    return absl::InvalidArgumentError(
        absl::StrCat("name: \"games/…\", at most ", kMaxNameBytes, " bytes"));
  }
  return absl::OkStatus();
}

absl::Status CheckLength(const std::string& value, const char* field,
                         size_t max_bytes) {
  if (value.size() > max_bytes) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", value.size(), " bytes, at most ", max_bytes));
  }
  return absl::OkStatus();
}

}  // namespace caipan::services::game
