// Validation helpers shared by the handlers (see request_checks.h).
#include "services/request_checks.h"

#include <string>

#include "absl/strings/str_cat.h"

namespace caipan::services {

absl::Status CheckNotation(v1::Notation notation, absl::string_view field) {
  if (v1::Notation_IsValid(notation)) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      field, ": unknown notation value ", static_cast<int>(notation)));
}

absl::Status CheckSide(v1::Side side, absl::string_view field) {
  if (v1::Side_IsValid(side)) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(field, ": unknown side value ", static_cast<int>(side)));
}

absl::Status ReadLanguage(const std::string& value, absl::string_view field,
                          Language* language) {
  *language = Language::kEnglish;
  if (value.empty()) return absl::OkStatus();
  constexpr size_t kMaxTagBytes = 35;
  if (value.size() > kMaxTagBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": ", value.size(), " bytes exceed ", kMaxTagBytes));
  }
  absl::StatusOr<Language> parsed = ParseLanguage(value);
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", parsed.status().message()));
  }
  *language = *parsed;
  return absl::OkStatus();
}

}  // namespace caipan::services
