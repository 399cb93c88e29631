// Connections open per client address, so that one address cannot take all
// of a listener's connections (--max-connections-per-address). Each listener
// keeps its own count; the address is the client's, as a trusted proxy names
// it, or the peer's.
#ifndef CAIPAN_RPC_CONNECTIONS_PER_ADDRESS_H_
#define CAIPAN_RPC_CONNECTIONS_PER_ADDRESS_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/synchronization/mutex.h"

namespace caipan::rpc {

class ConnectionsPerAddress {
 public:
  // At most `cap` connections per address; 0: no cap.
  explicit ConnectionsPerAddress(int cap) : cap_(cap) {}

  // Counts a new connection from `address`; false (and not counted) when the
  // address already has `cap` open.
  bool TryOpen(const std::string& address);
  // Forgets one connection of `address` counted by TryOpen.
  void Close(const std::string& address);

  int cap() const { return cap_; }
  int open(const std::string& address) const;
  // Connections refused by the cap so far.
  int64_t refused() const { return refused_.load(std::memory_order_relaxed); }

 private:
  const int cap_;
  mutable absl::Mutex mu_;
  absl::flat_hash_map<std::string, int> open_ ABSL_GUARDED_BY(mu_);
  std::atomic<int64_t> refused_{0};
};

// Whether a refused connection is logged, given how many were refused before
// it: the first and every 1000th, so that a flood does not flood the log.
inline bool RefusalWorthLogging(int64_t refused_before) {
  return refused_before % 1000 == 0;
}

// One counted connection; closes it in the count when destroyed.
class AddressSlot {
 public:
  AddressSlot(std::shared_ptr<ConnectionsPerAddress> counts,
              std::string address)
      : counts_(std::move(counts)), address_(std::move(address)) {}
  AddressSlot(const AddressSlot&) = delete;
  AddressSlot& operator=(const AddressSlot&) = delete;
  ~AddressSlot() { counts_->Close(address_); }

 private:
  std::shared_ptr<ConnectionsPerAddress> counts_;
  std::string address_;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_CONNECTIONS_PER_ADDRESS_H_
