// gRPC statuses in the Connect protocol's terms: the code's name, the HTTP
// status a unary error answers with, and the JSON error object.
#ifndef CAIPAN_GATEWAY_CONNECT_ERROR_H_
#define CAIPAN_GATEWAY_CONNECT_ERROR_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "grpcpp/support/status.h"
#include "rpc/error_status.h"

namespace caipan::gateway {

// "invalid_argument", "canceled", … (Connect's spelling).
std::string ConnectCodeName(grpc::StatusCode code);

// The HTTP status of a Connect unary error with `code`.
int HttpStatusOfCode(grpc::StatusCode code);

// {"code": "...", "message": "...", "details": [{"type", "value"}]}; details
// come from the status's google.rpc.Status details, values in base64 without
// padding, as Connect writes them.
std::string ConnectErrorJson(const grpc::Status& status);

// The gRPC form of an absl::Status the gateway itself produced.
using rpc::ToGrpcStatus;

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_CONNECT_ERROR_H_
