// Settings of the HTTP gateway (Connect, gRPC-Web, WebSocket, the pages),
// with defaults safe to expose.
#ifndef CAIPAN_GATEWAY_GATEWAY_CONFIG_H_
#define CAIPAN_GATEWAY_GATEWAY_CONFIG_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "rpc/address_ranges.h"

namespace caipan::gateway {

struct GatewayConfig {
  // "host:port"; port 0 picks a free port.
  std::string address = "127.0.0.1:8080";
  // Largest request body, WebSocket message or decoded message.
  size_t max_body_bytes = 4 << 20;
  // Largest request head (request line and headers).
  size_t max_header_bytes = 16 << 10;
  // Connections open at once; more are closed when accepted.
  int max_connections = 1000;
  // Connections one client address may have open at once (0: no cap); more
  // are answered 429 and closed when accepted.
  int max_connections_per_address = 64;
  // Peers that begin every connection with a PROXY protocol header naming
  // the client (HAProxy's send-proxy-v2); the caps, the rate limit and the
  // logs then use that client's address. Empty: no peer may send one.
  rpc::AddressRanges trusted_proxies;
  // Time a trusted proxy has to send its PROXY header.
  absl::Duration proxy_header_timeout = absl::Seconds(5);
  // Time a client has to send a whole request once it has begun one, and a
  // new connection to send its first request whole.
  absl::Duration read_timeout = absl::Seconds(10);
  // An idle keep-alive connection is closed after this long.
  absl::Duration idle_timeout = absl::Seconds(60);
  // Requests and WebSocket messages per second per client address (bursts of
  // twice as many); 0: no limit.
  double rate_limit = 200;
  // Origins whose pages may call the gateway ("*": any); none by default.
  std::vector<std::string> cors_origins;
  // Serve the pages from this folder instead of the copy built in.
  std::string web_root;
  // PEM files: serve HTTPS (both or neither).
  std::string tls_cert_file;
  std::string tls_key_file;
  // Deadline of a call that names none, and the most a unary call may ask.
  absl::Duration default_deadline = absl::Seconds(30);
  absl::Duration max_deadline = absl::Minutes(5);
  // Threads serving connections.
  int threads = 2;
};

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_GATEWAY_CONFIG_H_
