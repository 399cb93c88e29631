// The replayed-position memo (see xiangqi_position_cache.h).
#include "rpc/xiangqi_position_cache.h"

#include "absl/hash/hash.h"

namespace caipan::rpc {
namespace {

constexpr int kShards = 64;

}  // namespace

XiangqiPositionCache::XiangqiPositionCache(int entries) {
  if (entries <= 0) return;
  slots_per_shard_ = static_cast<size_t>((entries + kShards - 1) / kShards);
  shards_.reserve(kShards);
  for (int i = 0; i < kShards; ++i) {
    shards_.push_back(std::make_unique<Shard>());
    shards_.back()->slots.resize(slots_per_shard_);
  }
}

size_t XiangqiPositionCache::Hash(absl::string_view key) const {
  return absl::HashOf(key);
}

bool XiangqiPositionCache::Lookup(absl::string_view key,
                                  xiangqi::Position* position) const {
  if (shards_.empty()) return false;
  const size_t h = Hash(key);
  const Shard& shard = *shards_[h % kShards];
  absl::MutexLock lock(&shard.mu);
  const Slot& slot = shard.slots[(h / kShards) % slots_per_shard_];
  if (slot.key.size() != key.size() || absl::string_view(slot.key) != key)
    return false;
  *position = slot.position;
  return true;
}

void XiangqiPositionCache::Insert(absl::string_view key,
                                  const xiangqi::Position& position) {
  if (shards_.empty()) return;
  const size_t h = Hash(key);
  Shard& shard = *shards_[h % kShards];
  absl::MutexLock lock(&shard.mu);
  Slot& slot = shard.slots[(h / kShards) % slots_per_shard_];
  slot.key.assign(key.data(), key.size());
  slot.position = position;
}

}  // namespace caipan::rpc
