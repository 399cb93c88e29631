// Counts a registry's changes that the store has not answered yet, so that
// the registry is not destroyed while a store thread is about to call back
// into it (the answer uses the games' shared context and the registry's
// hooks).
#ifndef CAIPAN_SERVICES_GAME_COMMITS_IN_FLIGHT_H_
#define CAIPAN_SERVICES_GAME_COMMITS_IN_FLIGHT_H_

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace caipan::services::game {

class CommitsInFlight {
 public:
  void Begin() {
    absl::MutexLock lock(&mu_);
    ++count_;
  }
  void End() {
    absl::MutexLock lock(&mu_);
    --count_;
  }
  // True when none is left; false if some still were at `timeout` (a store
  // that never answers must not hold the server's exit forever).
  bool WaitForNone(absl::Duration timeout) {
    absl::MutexLock lock(&mu_);
    auto none = [this]()
                    ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) { return count_ == 0; };
    return mu_.AwaitWithTimeout(absl::Condition(&none), timeout);
  }

 private:
  absl::Mutex mu_;
  int count_ ABSL_GUARDED_BY(mu_) = 0;
};

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_COMMITS_IN_FLIGHT_H_
