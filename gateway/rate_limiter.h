// Requests per second per client address: a token bucket for each address,
// refilled at `rate` per second up to a burst of twice that.
#ifndef CAIPAN_GATEWAY_RATE_LIMITER_H_
#define CAIPAN_GATEWAY_RATE_LIMITER_H_

#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace caipan::gateway {

class RateLimiter {
 public:
  // `rate` requests per second per address; 0 or less: no limit. At most
  // `max_addresses` buckets are kept (full ones are dropped first).
  explicit RateLimiter(double rate, size_t max_addresses = 100000);

  // Takes one token for `address` at time `now`. True if allowed; otherwise
  // false with `*retry_after` set to when the next token is due.
  bool Allow(const std::string& address, absl::Time now,
             absl::Duration* retry_after);

 private:
  struct Bucket {
    double tokens = 0;
    absl::Time updated;
  };

  // Drops buckets that have refilled completely (their holders are idle).
  void Prune(absl::Time now) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  const double rate_;
  const double burst_;
  const size_t max_addresses_;
  absl::Mutex mu_;
  absl::flat_hash_map<std::string, Bucket> buckets_ ABSL_GUARDED_BY(mu_);
};

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_RATE_LIMITER_H_
