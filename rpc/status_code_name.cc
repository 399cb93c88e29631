#include "rpc/status_code_name.h"

namespace caipan::rpc {

const char* StatusCodeName(grpc::StatusCode code) {
  static constexpr const char* kNames[kStatusCodeCount] = {
      "OK",
      "CANCELLED",
      "UNKNOWN",
      "INVALID_ARGUMENT",
      "DEADLINE_EXCEEDED",
      "NOT_FOUND",
      "ALREADY_EXISTS",
      "PERMISSION_DENIED",
      "RESOURCE_EXHAUSTED",
      "FAILED_PRECONDITION",
      "ABORTED",
      "OUT_OF_RANGE",
      "UNIMPLEMENTED",
      "INTERNAL",
      "UNAVAILABLE",
      "DATA_LOSS",
      "UNAUTHENTICATED"};
  const int i = static_cast<int>(code);
  return i >= 0 && i < kStatusCodeCount ? kNames[i] : "UNKNOWN";
}

}  // namespace caipan::rpc
