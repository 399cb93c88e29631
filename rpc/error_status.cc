// Errors with structured details (see error_status.h).
#include "rpc/error_status.h"

#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "rpc/status_code_name.h"

namespace caipan::rpc {
namespace {

constexpr char kReasonUrl[] = "caipan/error-reason";
constexpr char kDomain[] = "caipan";

bool IsFieldChar(char c) {
  return absl::ascii_islower(c) || absl::ascii_isdigit(c) || c == '_';
}

// Length of a field path at the start of `text` ("a.b_c[12].d"), 0 if none.
size_t FieldPathLength(absl::string_view text) {
  size_t i = 0;
  while (true) {
    const size_t start = i;
    while (i < text.size() && IsFieldChar(text[i])) ++i;
    if (i == start || absl::ascii_isdigit(text[start])) return 0;
    if (i < text.size() && text[i] == '[') {
      const size_t digits = ++i;
      while (i < text.size() && absl::ascii_isdigit(text[i])) ++i;
      if (i == digits || i >= text.size() || text[i] != ']') return 0;
      ++i;
    }
    if (i < text.size() && text[i] == '.') {
      ++i;
      continue;
    }
    return i;
  }
}

std::string DefaultReason(absl::StatusCode code) {
  if (code == absl::StatusCode::kInvalidArgument) return kReasonFieldInvalid;
  return StatusCodeName(static_cast<grpc::StatusCode>(code));
}

grpc::Status WithDetails(grpc::StatusCode code, std::string message,
                         const std::string& reason, const std::string& field,
                         absl::string_view description) {
  google::rpc::Status details;
  details.set_code(static_cast<int>(code));
  details.set_message(message);
  google::rpc::ErrorInfo info;
  info.set_reason(reason);
  info.set_domain(kDomain);
  if (!field.empty()) (*info.mutable_metadata())["field"] = field;
  details.add_details()->PackFrom(info);
  if (!field.empty()) {
    google::rpc::BadRequest bad_request;
    google::rpc::BadRequest::FieldViolation* violation =
        bad_request.add_field_violations();
    violation->set_field(field);
    violation->set_description(std::string(description));
    details.add_details()->PackFrom(bad_request);
  }
  return grpc::Status(code, std::move(message), details.SerializeAsString());
}

}  // namespace

absl::Status WithReason(absl::Status status, absl::string_view reason) {
  status.SetPayload(kReasonUrl, absl::Cord(reason));
  return status;
}

std::string ReasonOf(const absl::Status& status) {
  if (const auto payload = status.GetPayload(kReasonUrl))
    return std::string(*payload);
  return DefaultReason(status.code());
}

std::string FieldOf(absl::string_view message) {
  const size_t length = FieldPathLength(message);
  if (length == 0) return "";
  absl::string_view rest = message.substr(length);
  // "xiangqi.moves[3] (ply 4): ..." names the move's ply after the field.
  if (absl::StartsWith(rest, " (")) {
    const size_t close = rest.find("):");
    if (close == absl::string_view::npos) return "";
    rest.remove_prefix(close + 1);
  }
  if (!absl::StartsWith(rest, ":")) return "";
  return std::string(message.substr(0, length));
}

grpc::Status ToGrpcStatus(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  const auto code = static_cast<grpc::StatusCode>(status.code());
  std::string message(status.message());
  std::string field;
  absl::string_view description;
  if (code == grpc::StatusCode::INVALID_ARGUMENT) {
    field = FieldOf(message);
    if (!field.empty()) {
      description = absl::string_view(message).substr(field.size());
      description.remove_prefix(description.find(':') + 1);
      while (absl::StartsWith(description, " ")) description.remove_prefix(1);
    }
  }
  const std::string described(description);
  return WithDetails(code, std::move(message), ReasonOf(status), field,
                     described);
}

grpc::Status ErrorStatus(grpc::StatusCode code, std::string message,
                         absl::string_view reason) {
  absl::Status status(static_cast<absl::StatusCode>(code), message);
  if (!reason.empty()) status = WithReason(std::move(status), reason);
  return ToGrpcStatus(status);
}

}  // namespace caipan::rpc
