// The clients that a trusted proxy's connections relay (PROXY protocol), by
// the gRPC peer name of the proxy's end of each connection
// ("ipv4:127.0.0.2:43964"). gRPC names the proxy as the peer of every call
// on such a connection; this names the client, for the per-creator quota
// and the logs. The gRPC port's ConnectionAcceptor keeps it: an entry lives
// while its connection is open.
#ifndef CAIPAN_RPC_PROXIED_CLIENTS_H_
#define CAIPAN_RPC_PROXIED_CLIENTS_H_

#include <optional>
#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"

namespace caipan::rpc {

class ProxiedClients {
 public:
  // The process's table (one gRPC port per server process).
  static ProxiedClients& Get();

  void Set(const std::string& peer, const std::string& client);
  void Erase(const std::string& peer);
  // The client relayed on `peer`'s connection, if it is a proxy's.
  std::optional<std::string> Find(absl::string_view peer) const;

 private:
  mutable absl::Mutex mu_;
  absl::flat_hash_map<std::string, std::string> clients_ ABSL_GUARDED_BY(mu_);
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_PROXIED_CLIENTS_H_
