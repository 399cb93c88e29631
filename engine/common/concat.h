// Concat: joins std::string_view pieces, strings and integers into one string.
// absl::StrCat takes absl::string_view, which is not std::string_view in every
// abseil build; the explanation texts are built from std::string_view terms.
#ifndef CAIPAN_ENGINE_COMMON_CONCAT_H_
#define CAIPAN_ENGINE_COMMON_CONCAT_H_

#include <string>
#include <string_view>

namespace caipan {
namespace concat_internal {

inline void Append(std::string* out, std::string_view piece) {
  out->append(piece);
}
inline void Append(std::string* out, const char* piece) { out->append(piece); }
inline void Append(std::string* out, const std::string& piece) {
  out->append(piece);
}
inline void Append(std::string* out, int n) { out->append(std::to_string(n)); }

}  // namespace concat_internal

template <typename... Pieces>
std::string Concat(const Pieces&... pieces) {
  std::string out;
  (concat_internal::Append(&out, pieces), ...);
  return out;
}

}  // namespace caipan

#endif  // CAIPAN_ENGINE_COMMON_CONCAT_H_
