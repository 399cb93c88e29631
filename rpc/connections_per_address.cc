// Per-address connection counts (see connections_per_address.h).
#include "rpc/connections_per_address.h"

namespace caipan::rpc {

bool ConnectionsPerAddress::TryOpen(const std::string& address) {
  absl::MutexLock lock(&mu_);
  int& open = open_[address];
  if (cap_ > 0 && open >= cap_) {
    refused_.fetch_add(1, std::memory_order_relaxed);
    return false;
  }
  ++open;
  return true;
}

void ConnectionsPerAddress::Close(const std::string& address) {
  absl::MutexLock lock(&mu_);
  auto it = open_.find(address);
  if (it == open_.end()) return;
  // Addresses without connections are dropped: the map holds only the
  // addresses connected now.
  if (--it->second <= 0) open_.erase(it);
}

int ConnectionsPerAddress::open(const std::string& address) const {
  absl::MutexLock lock(&mu_);
  auto it = open_.find(address);
  return it == open_.end() ? 0 : it->second;
}

}  // namespace caipan::rpc
