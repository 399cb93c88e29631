// The JSON frames of the gateway's WebSocket calls (docs/gateway.md):
// {"message": {...}} and {"end": {...}} in both directions.
#ifndef CAIPAN_GATEWAY_WS_FRAMES_H_
#define CAIPAN_GATEWAY_WS_FRAMES_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"
#include "grpcpp/support/status.h"

namespace caipan::gateway {

struct ClientFrame {
  // False: {"end": {}} (no more requests).
  bool is_message = false;
  // The request message in binary, when is_message.
  std::string request;
};

// Reads a client's text frame whose message is a `request_prototype`;
// InvalidArgument saying what is wrong.
absl::StatusOr<ClientFrame> ReadClientFrame(
    absl::string_view text, const google::protobuf::Message& request_prototype);

// {"message": JSON} for a binary answer of the `response_prototype` type.
absl::StatusOr<std::string> MessageFrame(
    absl::string_view response,
    const google::protobuf::Message& response_prototype);

// {"end": {}} or {"end": {"error": {...}}}.
std::string EndFrame(const grpc::Status& status);

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_WS_FRAMES_H_
