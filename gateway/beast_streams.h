// The two kinds of connection the gateway serves, and the entry points of
// its HTTP and WebSocket sessions for each.
#ifndef CAIPAN_GATEWAY_BEAST_STREAMS_H_
#define CAIPAN_GATEWAY_BEAST_STREAMS_H_

// clang-format off
// First: Boost 1.74 Asio uses std::exchange without including <utility>.
#include <utility>
// clang-format on

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <memory>
#include <string>

#include "gateway/gateway_runtime.h"
#include "gateway/method_table.h"

namespace caipan::gateway {

using PlainStream = boost::beast::tcp_stream;
using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;
using HttpRequest =
    boost::beast::http::request<boost::beast::http::string_body>;

// Holds one of the runtime's open connections; releases it when destroyed.
class ConnectionSlot {
 public:
  explicit ConnectionSlot(std::shared_ptr<GatewayRuntime> runtime)
      : runtime_(std::move(runtime)) {}
  ConnectionSlot(ConnectionSlot&&) = default;
  ~ConnectionSlot() {
    if (runtime_) runtime_->open_connections.fetch_sub(1);
  }
  GatewayRuntime& runtime() const { return *runtime_; }
  const std::shared_ptr<GatewayRuntime>& shared() const { return runtime_; }

 private:
  std::shared_ptr<GatewayRuntime> runtime_;
};

// Serves HTTP/1.1 requests on an accepted connection until it closes
// (a TLS stream does its handshake first). `peer` is the client's address.
void ServeHttp(ConnectionSlot slot, PlainStream stream, std::string peer);
void ServeHttp(ConnectionSlot slot, TlsStream stream, std::string peer);

// Takes over a connection whose request `upgrade` asks for a WebSocket to
// `method`, and runs the call over it (docs/gateway.md).
void ServeWebSocket(ConnectionSlot slot, PlainStream stream,
                    HttpRequest upgrade, const GatewayMethod* method,
                    std::string peer);
void ServeWebSocket(ConnectionSlot slot, TlsStream stream, HttpRequest upgrade,
                    const GatewayMethod* method, std::string peer);

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_BEAST_STREAMS_H_
