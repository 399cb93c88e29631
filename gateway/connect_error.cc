// Connect error mapping (see connect_error.h).
#include "gateway/connect_error.h"

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/text.h"
#include "google/protobuf/any.pb.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/wire_format_lite.h"
#include "rpc/error_status.h"
#include "rpc/status_code_name.h"

namespace caipan::gateway {
namespace {

namespace pb = google::protobuf;

// The `details` (field 3, google.protobuf.Any) of a serialized
// google.rpc.Status; what does not parse is left out.
std::vector<pb::Any> DetailsOf(const std::string& status_bytes) {
  std::vector<pb::Any> details;
  pb::io::CodedInputStream in(
      reinterpret_cast<const uint8_t*>(status_bytes.data()),
      static_cast<int>(status_bytes.size()));
  while (uint32_t tag = in.ReadTag()) {
    if (pb::internal::WireFormatLite::GetTagFieldNumber(tag) == 3 &&
        pb::internal::WireFormatLite::GetTagWireType(tag) ==
            pb::internal::WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
      std::string bytes;
      uint32_t size = 0;
      if (!in.ReadVarint32(&size) || !in.ReadString(&bytes, size)) break;
      pb::Any any;
      if (any.ParseFromString(bytes)) details.push_back(std::move(any));
    } else if (!pb::internal::WireFormatLite::SkipField(&in, tag)) {
      break;
    }
  }
  return details;
}

}  // namespace

std::string ConnectCodeName(grpc::StatusCode code) {
  if (code == grpc::StatusCode::CANCELLED) return "canceled";
  return absl::AsciiStrToLower(rpc::StatusCodeName(code));
}

int HttpStatusOfCode(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK:
      return 200;
    case grpc::StatusCode::CANCELLED:
      return 499;
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::OUT_OF_RANGE:
      return 400;
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return 408;
    case grpc::StatusCode::NOT_FOUND:
      return 404;
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::ABORTED:
      return 409;
    case grpc::StatusCode::PERMISSION_DENIED:
      return 403;
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return 429;
    case grpc::StatusCode::FAILED_PRECONDITION:
      return 412;
    case grpc::StatusCode::UNIMPLEMENTED:
      return 501;
    case grpc::StatusCode::UNAVAILABLE:
      return 503;
    case grpc::StatusCode::UNAUTHENTICATED:
      return 401;
    case grpc::StatusCode::UNKNOWN:
    case grpc::StatusCode::INTERNAL:
    case grpc::StatusCode::DATA_LOSS:
    case grpc::StatusCode::DO_NOT_USE:
      return 500;
  }
  return 500;
}

std::string ConnectErrorJson(const grpc::Status& status) {
  std::string json = absl::StrCat(
      "{\"code\":", JsonQuote(ConnectCodeName(status.error_code())),
      ",\"message\":", JsonQuote(status.error_message()));
  std::vector<pb::Any> details = DetailsOf(status.error_details());
  if (!details.empty()) {
    json += ",\"details\":[";
    for (size_t i = 0; i < details.size(); ++i) {
      absl::string_view type = details[i].type_url();
      type = type.substr(type.rfind('/') + 1);
      std::string value = absl::Base64Escape(details[i].value());
      while (!value.empty() && value.back() == '=') value.pop_back();
      absl::StrAppend(&json, i ? "," : "", "{\"type\":",
                      JsonQuote(std::string_view(type.data(), type.size())),
                      ",\"value\":", JsonQuote(value), "}");
    }
    json += "]";
  }
  json += "}";
  return json;
}

}  // namespace caipan::gateway
