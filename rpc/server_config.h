// Settings of a caipan gRPC server: addresses, TLS, limits and logging, with
// embedded defaults that are safe to expose.
#ifndef CAIPAN_RPC_SERVER_CONFIG_H_
#define CAIPAN_RPC_SERVER_CONFIG_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/time/time.h"
#include "rpc/address_ranges.h"
#include "rpc/call_gate.h"

namespace caipan::rpc {

struct ServerConfig {
  // gRPC listening address; port 0 picks a free port (see Server::port()).
  std::string address = "0.0.0.0:50051";
  // Prometheus scrape endpoint (HTTP, /metrics); empty disables it; port 0
  // picks a free port. Loopback by default: metrics are for the operator.
  std::string metrics_address = "127.0.0.1:9464";
  // TLS: PEM files of the server's certificate chain and key (both or
  // neither), and optionally of the CA whose client certificates are required
  // (mutual TLS). Plaintext when empty.
  std::string tls_cert_file;
  std::string tls_key_file;
  std::string tls_client_ca_file;
  // Serve grpc.reflection.v1 and v1alpha.
  bool reflection = true;
  // Cap on the threads gRPC may use for sync-API services (reflection); 0
  // leaves gRPC's default.
  int threads = 0;
  // Largest request or response message, in bytes; larger messages fail with
  // RESOURCE_EXHAUSTED.
  int max_message_bytes = 4 * 1024 * 1024;
  // HTTP/2 streams (calls) one connection may have open at once.
  int max_concurrent_streams = 100;
  // TCP connections open at once; more are closed as soon as accepted.
  int max_connections = 1000;
  // TCP connections one client address may have open at once (0: no cap);
  // more are closed as soon as accepted, so one address cannot take them all.
  int max_connections_per_address = 64;
  // Peers (proxies such as HAProxy with send-proxy-v2) that begin every
  // connection with a PROXY protocol header naming the client; the caps and
  // logs then use that client's address. Empty: no peer may send one.
  AddressRanges trusted_proxies;
  // Time a trusted proxy has to send its PROXY header.
  absl::Duration proxy_header_timeout = absl::Seconds(5);
  // A connection without calls for this long is closed (GOAWAY).
  absl::Duration max_connection_idle = absl::Minutes(5);
  // A connection older than this is asked to reconnect (GOAWAY), and closed
  // after max_connection_age_grace.
  absl::Duration max_connection_age = absl::Hours(2);
  absl::Duration max_connection_age_grace = absl::Minutes(1);
  // Clients may send keepalive pings at most this often without data (two
  // strikes, then GOAWAY).
  absl::Duration keepalive_min_interval = absl::Seconds(10);
  // Memory gRPC may use for connections, calls and buffers (its resource
  // quota); past it new calls and reads are refused.
  int64_t memory_budget_bytes = int64_t{1} << 30;
  // How long a graceful shutdown waits for in-flight calls before cancelling
  // them.
  absl::Duration shutdown_grace = absl::Seconds(5);
  // One log line per finished RPC.
  bool log_rpcs = true;
  // Shared with the services: closed when a graceful shutdown starts (null:
  // the server makes its own).
  std::shared_ptr<CallGate> gate;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_SERVER_CONFIG_H_
