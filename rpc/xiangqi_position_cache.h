// A bounded memo of replayed xiangqi positions, keyed by the exact request
// content (FEN and move texts). Boards query the same game again and again with
// one or two more moves, so CheckMove and ListMoves replay only the moves added
// since an earlier request instead of the whole history. It changes no answer:
// a hit is an exact key match, and the service stays stateless (any replica
// answers the same).
#ifndef CAIPAN_RPC_XIANGQI_POSITION_CACHE_H_
#define CAIPAN_RPC_XIANGQI_POSITION_CACHE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "engine/xiangqi/position.h"

namespace caipan::rpc {

class XiangqiPositionCache {
 public:
  // Room for about `entries` positions (0 disables the cache).
  explicit XiangqiPositionCache(int entries);

  bool enabled() const { return !shards_.empty(); }
  // The position stored under exactly `key`, if any.
  bool Lookup(absl::string_view key, xiangqi::Position* position) const;
  void Insert(absl::string_view key, const xiangqi::Position& position);

 private:
  struct Slot {
    std::string key;
    xiangqi::Position position;
  };
  // Direct-mapped slots behind one lock; a new key evicts the slot's old one.
  struct Shard {
    mutable absl::Mutex mu;
    std::vector<Slot> slots;
  };
  size_t Hash(absl::string_view key) const;

  std::vector<std::unique_ptr<Shard>> shards_;
  size_t slots_per_shard_ = 0;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_XIANGQI_POSITION_CACHE_H_
