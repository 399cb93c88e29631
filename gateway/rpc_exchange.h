// One RPC over HTTP, protocol by protocol (Connect unary and streaming,
// gRPC-Web binary and text): reading the request into a call, and writing the
// answers. No sockets here: the HTTP session moves the bytes.
#ifndef CAIPAN_GATEWAY_RPC_EXCHANGE_H_
#define CAIPAN_GATEWAY_RPC_EXCHANGE_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "gateway/content_type.h"
#include "gateway/gateway_config.h"
#include "gateway/inprocess_calls.h"
#include "gateway/method_table.h"
#include "grpcpp/support/status.h"

namespace caipan::gateway {

// The request headers an RPC reads.
struct RpcHeaders {
  std::string content_type;
  std::string content_encoding;          // Connect unary compression
  std::string connect_content_encoding;  // Connect streaming compression
  std::string authorization;
  std::string connect_timeout_ms;
  std::string grpc_timeout;
};

// A complete HTTP answer.
struct HttpAnswer {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
};

// A request ready to call.
struct RpcCall {
  const GatewayMethod* method = nullptr;
  WireProtocol protocol = WireProtocol::kConnectUnaryJson;
  CallOptions options;
  std::string request;  // the binary request message
};

// Reads a POST to `path`. On failure, the answer to send instead (in the
// request's protocol when it is known).
absl::StatusOr<RpcCall> ReadRpcCall(const MethodTable& methods,
                                    const GatewayConfig& config,
                                    absl::string_view path,
                                    const RpcHeaders& headers,
                                    absl::string_view body, absl::Time now,
                                    HttpAnswer* refusal);

// The answer to a unary call that ended with `status` and `response`.
HttpAnswer UnaryAnswer(const RpcCall& call, const grpc::Status& status,
                       absl::string_view response);

// An error answer before any call, in `protocol` (Connect JSON when
// unknown: nullopt).
HttpAnswer ErrorAnswer(std::optional<WireProtocol> protocol,
                       const grpc::Status& status, int http_status = 0);

// Streaming answers: the head's content type, each message's bytes on the
// wire, and the end.
absl::StatusOr<std::string> StreamMessageBytes(const RpcCall& call,
                                               absl::string_view response);
std::string StreamEndBytes(const RpcCall& call, const grpc::Status& status);

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_RPC_EXCHANGE_H_
