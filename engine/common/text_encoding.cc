// Encoding names and conversion to UTF-8; detection is in
// text_encoding_detect.cc.
#include "engine/common/text_encoding.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/iconv_decoder.h"
#include "engine/common/text.h"

namespace caipan {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// "0xA1 0x20": the bytes at `offset` (two at most) for an error message.
std::string BytesAt(std::string_view bytes, size_t offset) {
  std::string out;
  for (size_t i = offset; i < bytes.size() && i < offset + 2; ++i) {
    absl::StrAppendFormat(&out, "%s0x%02X", out.empty() ? "" : " ",
                          static_cast<unsigned char>(bytes[i]));
  }
  return out.empty() ? "the end of the text" : out;
}

absl::StatusOr<std::string> CheckedUtf8(std::string_view bytes) {
  size_t begin = bytes.substr(0, kUtf8Bom.size()) == kUtf8Bom ? 3 : 0;
  for (size_t i = begin; i < bytes.size();) {
    size_t length = Utf8SequenceLength(bytes.substr(i));
    if (length == 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "byte offset ", i, ": ", BytesAt(bytes, i), " is not valid UTF-8"));
    }
    i += length;
  }
  return std::string(bytes.substr(begin));
}

}  // namespace

absl::StatusOr<TextEncoding> ParseTextEncoding(std::string_view name) {
  std::string lower(name);
  absl::AsciiStrToLower(&lower);
  if (lower == "auto") return TextEncoding::kAuto;
  if (lower == "utf-8" || lower == "utf8") return TextEncoding::kUtf8;
  if (lower == "gbk" || lower == "gb2312" || lower == "gb18030")
    return TextEncoding::kGb18030;
  if (lower == "big5") return TextEncoding::kBig5;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown encoding ", QuoteToken(name),
                   " (want auto, utf-8, gbk, gb2312, gb18030 or big5)"));
}

const char* TextEncodingName(TextEncoding encoding) {
  switch (encoding) {
    case TextEncoding::kAuto:
      return "auto";
    case TextEncoding::kUtf8:
      return "utf-8";
    case TextEncoding::kGb18030:
      return "gb18030";
    case TextEncoding::kBig5:
      return "big5";
  }
  return "auto";
}

absl::StatusOr<std::string> ToUtf8(std::string_view bytes,
                                   TextEncoding encoding) {
  if (bytes.size() > kMaxEncodedTextBytes) {
    return absl::InvalidArgumentError(absl::StrCat("text is ", bytes.size(),
                                                   " bytes, over the limit of ",
                                                   kMaxEncodedTextBytes));
  }
  if (encoding == TextEncoding::kAuto) encoding = DetectTextEncoding(bytes);
  if (encoding == TextEncoding::kUtf8) return CheckedUtf8(bytes);
  absl::StatusOr<text_internal::IconvDecoder> decoder =
      text_internal::IconvDecoder::Open(encoding, "UTF-8");
  if (!decoder.ok()) return decoder.status();
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 2);
  size_t error_offset = 0;
  if (!decoder->Convert(bytes, &out, &error_offset)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "byte offset ", error_offset, ": ", BytesAt(bytes, error_offset),
        " does not decode as ", TextEncodingName(encoding)));
  }
  // GB18030 has a byte order mark of its own; it decodes to U+FEFF.
  if (out.substr(0, kUtf8Bom.size()) == kUtf8Bom) out.erase(0, kUtf8Bom.size());
  return out;
}

}  // namespace caipan
