// gRPC-Web framing details (see grpc_web.h).
#include "gateway/grpc_web.h"

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gateway/envelope.h"

namespace caipan::gateway {
namespace {

// grpc-message's encoding: printable ASCII but '%' as is, the rest %XX.
std::string PercentEncode(absl::string_view text) {
  std::string out;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte <= 0x7e && c != '%') {
      out += c;
    } else {
      absl::StrAppendFormat(&out, "%%%02X", byte);
    }
  }
  return out;
}

}  // namespace

std::string GrpcWebTrailersFrame(const grpc::Status& status) {
  std::string trailers = absl::StrCat(
      "grpc-status:", static_cast<int>(status.error_code()), "\r\n");
  if (!status.error_message().empty()) {
    absl::StrAppend(&trailers,
                    "grpc-message:", PercentEncode(status.error_message()),
                    "\r\n");
  }
  if (!status.error_details().empty()) {
    std::string details = absl::Base64Escape(status.error_details());
    absl::StrAppend(&trailers, "grpc-status-details-bin:", details, "\r\n");
  }
  return WrapEnvelope(kEnvelopeGrpcWebTrailers, trailers);
}

absl::StatusOr<std::string> DecodeGrpcWebText(absl::string_view body) {
  std::string out;
  size_t chunk_start = 0;
  for (size_t i = 0; i <= body.size(); ++i) {
    // A chunk ends after its padding, or at the end of the body.
    const bool end = i == body.size();
    const bool after_padding =
        !end && i > chunk_start && body[i - 1] == '=' && body[i] != '=';
    if (!end && !after_padding) continue;
    absl::string_view chunk = body.substr(chunk_start, i - chunk_start);
    std::string decoded;
    if (!chunk.empty() && !absl::Base64Unescape(chunk, &decoded)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "request body: not base64 (grpc-web-text) in the chunk at byte ",
          chunk_start));
    }
    out += decoded;
    chunk_start = i;
  }
  return out;
}

std::optional<absl::Duration> ParseGrpcTimeout(absl::string_view header) {
  header = absl::StripAsciiWhitespace(header);
  if (header.size() < 2 || header.size() > 9) return std::nullopt;
  int64_t amount = 0;
  if (!absl::SimpleAtoi(header.substr(0, header.size() - 1), &amount) ||
      amount < 0) {
    return std::nullopt;
  }
  switch (header.back()) {
    case 'H':
      return absl::Hours(amount);
    case 'M':
      return absl::Minutes(amount);
    case 'S':
      return absl::Seconds(amount);
    case 'm':
      return absl::Milliseconds(amount);
    case 'u':
      return absl::Microseconds(amount);
    case 'n':
      return absl::Nanoseconds(amount);
    default:
      return std::nullopt;
  }
}

std::optional<absl::Duration> ParseConnectTimeout(absl::string_view header) {
  header = absl::StripAsciiWhitespace(header);
  int64_t ms = 0;
  if (header.empty() || header.size() > 10 || !absl::SimpleAtoi(header, &ms) ||
      ms < 0) {
    return std::nullopt;
  }
  return absl::Milliseconds(ms);
}

}  // namespace caipan::gateway
