// Settings of a caipan gRPC server: addresses, limits and logging, with
// embedded defaults.
#ifndef CAIPAN_RPC_SERVER_CONFIG_H_
#define CAIPAN_RPC_SERVER_CONFIG_H_

#include <string>

#include "absl/time/time.h"

namespace caipan::rpc {

struct ServerConfig {
  // gRPC listening address; port 0 picks a free port (see Server::port()).
  std::string address = "0.0.0.0:50051";
  // Prometheus scrape endpoint (HTTP, /metrics); empty disables it; port 0
  // picks a free port.
  std::string metrics_address = "0.0.0.0:9464";
  // Cap on the threads gRPC may use for sync-API services (reflection); 0
  // leaves gRPC's default. The callback-API services run on gRPC's own callback
  // threads.
  int threads = 0;
  // Largest request or response message, in bytes; larger messages fail with
  // RESOURCE_EXHAUSTED.
  int max_message_bytes = 4 * 1024 * 1024;
  // How long a graceful shutdown waits for in-flight calls before cancelling
  // them.
  absl::Duration shutdown_grace = absl::Seconds(5);
  // One log line per finished RPC.
  bool log_rpcs = true;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_SERVER_CONFIG_H_
