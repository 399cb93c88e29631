// The Prometheus scrape endpoint: a small asynchronous HTTP/1.1 server on
// Boost.Asio with its own thread. Serving is asynchronous, so idle or slow
// clients cannot hold it: each connection has a deadline for its request, a
// cap on the request's size, and the number of open connections is capped.
// Only `GET /metrics` is served; the connection closes after each answer.
#ifndef CAIPAN_RPC_METRICS_HTTP_SERVER_H_
#define CAIPAN_RPC_METRICS_HTTP_SERVER_H_

#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace caipan::rpc {

struct MetricsHttpLimits {
  // Time a client has to send its whole request.
  absl::Duration request_deadline = absl::Seconds(5);
  // Largest request head accepted.
  size_t max_request_bytes = 8 * 1024;
  // Connections open at once; more are closed at once.
  int max_connections = 64;
};

class MetricsHttpServer {
 public:
  // Starts listening on `address` ("host:port"; port 0 picks one) and serving
  // the text `render` returns. Fails naming the address if it cannot listen.
  static absl::StatusOr<std::unique_ptr<MetricsHttpServer>> Start(
      const std::string& address, std::function<std::string()> render,
      MetricsHttpLimits limits = {});
  // Stops serving and joins the thread.
  ~MetricsHttpServer();

  int port() const;

 private:
  struct Impl;
  explicit MetricsHttpServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_METRICS_HTTP_SERVER_H_
