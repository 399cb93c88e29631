// The replayed-position memo (see xiangqi_position_cache.h).
#include "rpc/xiangqi_position_cache.h"

#include "absl/hash/hash.h"

namespace caipan::rpc {
namespace {

constexpr int kShards = 64;

}  // namespace

XiangqiPositionCache::XiangqiPositionCache(size_t max_bytes) {
  if (max_bytes == 0) return;
  shard_budget_ = max_bytes / kShards;
  shards_.reserve(kShards);
  for (int i = 0; i < kShards; ++i)
    shards_.push_back(std::make_unique<Shard>());
}

XiangqiPositionCache::Shard& XiangqiPositionCache::ShardFor(
    absl::string_view key) const {
  return *shards_[absl::HashOf(key) % kShards];
}

bool XiangqiPositionCache::Lookup(absl::string_view key,
                                  xiangqi::Position* position) const {
  if (shards_.empty()) return false;
  const Shard& shard = ShardFor(key);
  absl::MutexLock lock(&shard.mu);
  auto it = shard.entries.find(key);
  if (it == shard.entries.end()) return false;
  *position = it->second;
  return true;
}

void XiangqiPositionCache::Insert(absl::string_view key,
                                  const xiangqi::Position& position) {
  if (shards_.empty()) return;
  const size_t cost = key.size() + kEntryOverhead;
  if (cost > shard_budget_) return;
  Shard& shard = ShardFor(key);
  absl::MutexLock lock(&shard.mu);
  auto [it, inserted] = shard.entries.try_emplace(key, position);
  if (!inserted) {
    it->second = position;
    return;
  }
  shard.order.push_back(&it->first);
  shard.bytes += cost;
  while (shard.bytes > shard_budget_) {
    const std::string* oldest = shard.order.front();
    shard.order.pop_front();
    shard.bytes -= oldest->size() + kEntryOverhead;
    shard.entries.erase(shard.entries.find(*oldest));
  }
}

size_t XiangqiPositionCache::bytes() const {
  size_t total = 0;
  for (const auto& shard : shards_) {
    absl::MutexLock lock(&shard->mu);
    total += shard->bytes;
  }
  return total;
}

}  // namespace caipan::rpc
