// A glibc iconv conversion descriptor from one of the legacy encodings, closed
// on destruction; shared by conversion and detection.
#ifndef CAIPAN_ENGINE_COMMON_ICONV_DECODER_H_
#define CAIPAN_ENGINE_COMMON_ICONV_DECODER_H_

#include <iconv.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/common/text_encoding.h"

namespace caipan::text_internal {

class IconvDecoder {
 public:
  // Decodes `from` (kGb18030 or kBig5) to the iconv charset `to`.
  static absl::StatusOr<IconvDecoder> Open(TextEncoding from, const char* to);

  IconvDecoder(IconvDecoder&& other) noexcept;
  IconvDecoder& operator=(IconvDecoder&& other) noexcept;
  IconvDecoder(const IconvDecoder&) = delete;
  IconvDecoder& operator=(const IconvDecoder&) = delete;
  ~IconvDecoder();

  // Converts all of `in`, appending to `out`. On failure returns false and
  // sets `*error_offset` to the offset in `in` of the first byte that does not
  // decode (a truncated character at the end counts from its first byte).
  bool Convert(std::string_view in, std::string* out, size_t* error_offset);

 private:
  explicit IconvDecoder(iconv_t cd) : cd_(cd) {}
  iconv_t cd_;
};

}  // namespace caipan::text_internal

#endif  // CAIPAN_ENGINE_COMMON_ICONV_DECODER_H_
