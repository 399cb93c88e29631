// The caipan gRPC server: builds a server for the given services with the
// health service, reflection, message-size limits, per-call logs and metrics;
// shuts it down gracefully.
#ifndef CAIPAN_RPC_SERVER_H_
#define CAIPAN_RPC_SERVER_H_

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "grpcpp/server.h"
#include "grpcpp/server_builder.h"
#include "grpcpp/support/server_callback.h"
#include "rpc/connection_acceptor.h"
#include "rpc/metrics.h"
#include "rpc/server_config.h"

namespace caipan::rpc {

class Server {
 public:
  // Starts serving `services` (which must outlive the server). `health_names`
  // are the service names reported SERVING by the health service. Fails if an
  // address cannot be bound.
  static absl::StatusOr<std::unique_ptr<Server>> Start(
      const ServerConfig& config, const std::vector<grpc::Service*>& services,
      const std::vector<std::string>& health_names);
  ~Server();

  // The bound gRPC port and metrics port (0 when metrics are off).
  int port() const { return port_; }
  int metrics_port() const { return metrics_->port(); }
  RpcMetrics& metrics() { return *metrics_; }
  grpc::Server* grpc_server() { return server_.get(); }

  // The gate shared with the services (closed by Shutdown).
  const std::shared_ptr<CallGate>& gate() const { return config_.gate; }

  // Graceful shutdown: reports NOT_SERVING, refuses new calls with
  // UNAVAILABLE, lets in-flight calls finish for up to the configured grace
  // period, then cancels the rest. Idempotent.
  void Shutdown();

 private:
  Server() = default;

  ServerConfig config_;
  std::unique_ptr<RpcMetrics> metrics_;
  // Declared before server_ so it is destroyed after it: gRPC's acceptor
  // must outlive the thread handing it connections (acceptor_).
  std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor>
      grpc_acceptor_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<ConnectionAcceptor> acceptor_;
  std::vector<std::string> health_names_;
  int port_ = 0;
  bool shut_down_ = false;
  // Calls started and not yet finished (kept by the observer interceptor).
  std::atomic<int> in_flight_{0};
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_SERVER_H_
