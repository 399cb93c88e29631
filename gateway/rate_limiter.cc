// Per-address token buckets (see rate_limiter.h).
#include "gateway/rate_limiter.h"

#include <algorithm>

namespace caipan::gateway {

RateLimiter::RateLimiter(double rate, size_t max_addresses)
    : rate_(rate), burst_(2 * rate), max_addresses_(max_addresses) {}

bool RateLimiter::Allow(const std::string& address, absl::Time now,
                        absl::Duration* retry_after) {
  if (rate_ <= 0) return true;
  absl::MutexLock lock(&mu_);
  auto [it, inserted] = buckets_.try_emplace(address);
  Bucket& bucket = it->second;
  if (inserted) {
    bucket.tokens = burst_;
  } else {
    const double elapsed = absl::ToDoubleSeconds(now - bucket.updated);
    bucket.tokens =
        std::min(burst_, bucket.tokens + std::max(0.0, elapsed) * rate_);
  }
  bucket.updated = now;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    if (inserted && buckets_.size() > max_addresses_) Prune(now);
    return true;
  }
  *retry_after = absl::Seconds((1 - bucket.tokens) / rate_);
  return false;
}

void RateLimiter::Prune(absl::Time now) {
  const absl::Duration refill = absl::Seconds(burst_ / rate_);
  absl::erase_if(buckets_, [&](const auto& entry) {
    return now - entry.second.updated >= refill;
  });
  // Still too many active addresses: start over rather than grow without
  // bound (each address gets a fresh burst).
  if (buckets_.size() > max_addresses_) buckets_.clear();
}

}  // namespace caipan::gateway
