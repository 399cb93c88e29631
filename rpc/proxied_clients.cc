// The clients a trusted proxy relays (see proxied_clients.h).
#include "rpc/proxied_clients.h"

namespace caipan::rpc {

ProxiedClients& ProxiedClients::Get() {
  static ProxiedClients* const table = new ProxiedClients();
  return *table;
}

void ProxiedClients::Set(const std::string& peer, const std::string& client) {
  absl::MutexLock lock(&mu_);
  clients_[peer] = client;
}

void ProxiedClients::Erase(const std::string& peer) {
  absl::MutexLock lock(&mu_);
  clients_.erase(peer);
}

std::optional<std::string> ProxiedClients::Find(absl::string_view peer) const {
  absl::MutexLock lock(&mu_);
  auto it = clients_.find(peer);
  if (it == clients_.end()) return std::nullopt;
  return it->second;
}

}  // namespace caipan::rpc
