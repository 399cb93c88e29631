// The HTTP gateway: serves the server's own gRPC services to browsers over
// Connect, gRPC-Web and WebSocket, and the board pages, on its own port
// (docs/gateway.md). Calls go to the services through the gRPC server's
// in-process channel.
#ifndef CAIPAN_GATEWAY_HTTP_GATEWAY_H_
#define CAIPAN_GATEWAY_HTTP_GATEWAY_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gateway/gateway_config.h"
#include "grpcpp/server.h"

namespace caipan::gateway {

class HttpGateway {
 public:
  // Starts serving `services` (full names) of `server` on config.address.
  // Fails naming the address if it cannot listen, or the file if the TLS
  // certificate cannot be read.
  static absl::StatusOr<std::unique_ptr<HttpGateway>> Start(
      const GatewayConfig& config, grpc::Server* server,
      const std::vector<std::string>& services);
  // Stops accepting, closes every connection and joins the threads.
  ~HttpGateway();

  int port() const;

 private:
  struct Impl;
  explicit HttpGateway(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_HTTP_GATEWAY_H_
