// A bounded memo of replayed xiangqi positions, keyed by the canonical start
// position (its FEN as the engine writes it) and the move texts that follow
// (a history given as move codes is keyed by their ICCS texts).
// Boards query the same game again and again with one or two more moves, so
// CheckMove and ListMoves replay only the moves added since an earlier request
// instead of the whole history. It changes no answer: a hit is an exact key
// match, and the service stays stateless (any replica answers the same). Its
// memory is bounded in bytes, keys included; the oldest entries go first.
#ifndef CAIPAN_RPC_XIANGQI_POSITION_CACHE_H_
#define CAIPAN_RPC_XIANGQI_POSITION_CACHE_H_

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/node_hash_map.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "engine/xiangqi/position.h"

namespace caipan::rpc {

class XiangqiPositionCache {
 public:
  // At most about `max_bytes` of keys, positions and bookkeeping (0 disables
  // the cache).
  explicit XiangqiPositionCache(size_t max_bytes);

  bool enabled() const { return !shards_.empty(); }
  // The position stored under exactly `key`, if any.
  bool Lookup(absl::string_view key, xiangqi::Position* position) const;
  // Stores a position; an entry larger than a shard's budget is not kept.
  void Insert(absl::string_view key, const xiangqi::Position& position);
  // Bytes held now, by the same measure as the budget.
  size_t bytes() const;

  // What one entry is charged besides its key.
  static constexpr size_t kEntryOverhead = sizeof(xiangqi::Position) + 96;

 private:
  struct Shard {
    mutable absl::Mutex mu;
    absl::node_hash_map<std::string, xiangqi::Position> entries
        ABSL_GUARDED_BY(mu);
    // Keys in insertion order, for eviction; they point into `entries`.
    std::deque<const std::string*> order ABSL_GUARDED_BY(mu);
    size_t bytes ABSL_GUARDED_BY(mu) = 0;
  };
  Shard& ShardFor(absl::string_view key) const;

  std::vector<std::unique_ptr<Shard>> shards_;
  size_t shard_budget_ = 0;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_XIANGQI_POSITION_CACHE_H_
