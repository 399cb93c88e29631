#include "engine/common/iconv_decoder.h"

#include <cerrno>

#include "absl/strings/str_cat.h"

namespace caipan::text_internal {
namespace {

const iconv_t kInvalid = reinterpret_cast<iconv_t>(-1);

}  // namespace

absl::StatusOr<IconvDecoder> IconvDecoder::Open(TextEncoding from,
                                                const char* to) {
  // BIG5-HKSCS is a superset of plain Big5 (Hong Kong characters on top); the
  // two read the sample records identically. Older systems may lack it.
  const char* names[2] = {nullptr, nullptr};
  if (from == TextEncoding::kGb18030) {
    names[0] = "GB18030";
  } else if (from == TextEncoding::kBig5) {
    names[0] = "BIG5-HKSCS";
    names[1] = "BIG5";
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("no decoder for ", TextEncodingName(from)));
  }
  for (const char* name : names) {
    if (name == nullptr) break;
    iconv_t cd = iconv_open(to, name);
    if (cd != kInvalid) return IconvDecoder(cd);
  }
  return absl::UnavailableError(absl::StrCat(
      "this system cannot decode ", TextEncodingName(from), " (iconv)"));
}

IconvDecoder::IconvDecoder(IconvDecoder&& other) noexcept : cd_(other.cd_) {
  other.cd_ = kInvalid;
}

IconvDecoder& IconvDecoder::operator=(IconvDecoder&& other) noexcept {
  if (this != &other) {
    if (cd_ != kInvalid) iconv_close(cd_);
    cd_ = other.cd_;
    other.cd_ = kInvalid;
  }
  return *this;
}

IconvDecoder::~IconvDecoder() {
  if (cd_ != kInvalid) iconv_close(cd_);
}

bool IconvDecoder::Convert(std::string_view in, std::string* out,
                           size_t* error_offset) {
  iconv(cd_, nullptr, nullptr, nullptr, nullptr);  // initial state
  // iconv takes non-const input pointers but does not write through them.
  char* in_ptr = const_cast<char*>(in.data());
  size_t in_left = in.size();
  char buffer[4096];
  while (in_left > 0) {
    char* out_ptr = buffer;
    size_t out_left = sizeof(buffer);
    size_t rc = iconv(cd_, &in_ptr, &in_left, &out_ptr, &out_left);
    out->append(buffer, out_ptr - buffer);
    if (rc == static_cast<size_t>(-1) && errno != E2BIG) {
      *error_offset = in.size() - in_left;  // EILSEQ, or EINVAL: cut short
      return false;
    }
  }
  // Emits any character the decoder still holds in its state.
  while (true) {
    char* out_ptr = buffer;
    size_t out_left = sizeof(buffer);
    size_t rc = iconv(cd_, nullptr, nullptr, &out_ptr, &out_left);
    out->append(buffer, out_ptr - buffer);
    if (rc != static_cast<size_t>(-1)) return true;
    if (errno != E2BIG) {
      *error_offset = in.size();
      return false;
    }
  }
}

}  // namespace caipan::text_internal
