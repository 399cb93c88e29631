// The open PlayGame streams of a server: a cap on how many may be open at once
// and an idle timeout, enforced by one watchdog thread that ends a stream
// whose client has sent nothing for too long.
#ifndef CAIPAN_SERVICES_PLAY_STREAM_REGISTRY_H_
#define CAIPAN_SERVICES_PLAY_STREAM_REGISTRY_H_

#include <memory>
#include <thread>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_set.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace caipan::services {

// What the watchdog calls to end an idle stream.
class IdleStream {
 public:
  virtual ~IdleStream() = default;
  // Finishes the stream; called at most once, and only after the slot's
  // ClaimFinish() succeeded for the watchdog.
  virtual void FinishIdle(absl::Duration idle) = 0;
};

// The shared state of one open stream. Exactly one party (the stream itself
// or the watchdog) may finish the stream: whoever wins ClaimFinish().
class StreamSlot {
 public:
  explicit StreamSlot(IdleStream* stream) : stream_(stream) {}

  // The stream now waits for the client's next message.
  void StartWaiting(absl::Time now) {
    absl::MutexLock lock(&mu_);
    waiting_since_ = now;
  }
  // The stream is working on a message (not idle).
  void StopWaiting() {
    absl::MutexLock lock(&mu_);
    waiting_since_ = absl::InfiniteFuture();
  }
  // True for the first caller only.
  bool ClaimFinish() {
    absl::MutexLock lock(&mu_);
    if (finish_claimed_) return false;
    finish_claimed_ = true;
    return true;
  }
  bool finish_claimed() const {
    absl::MutexLock lock(&mu_);
    return finish_claimed_;
  }

 private:
  friend class PlayStreamRegistry;
  IdleStream* const stream_;
  mutable absl::Mutex mu_;
  absl::Time waiting_since_ ABSL_GUARDED_BY(mu_) = absl::InfiniteFuture();
  bool finish_claimed_ ABSL_GUARDED_BY(mu_) = false;
};

class PlayStreamRegistry {
 public:
  PlayStreamRegistry(int max_streams, absl::Duration idle_timeout);
  // Stops the watchdog. Streams still open must not outlive the registry.
  ~PlayStreamRegistry();

  // Registers a stream; null when `max_streams` are already open.
  std::shared_ptr<StreamSlot> Open(IdleStream* stream);
  // Unregisters a stream (from its OnDone).
  void Close(const std::shared_ptr<StreamSlot>& slot);

  int open_streams() const;

 private:
  void Watch();
  // Ends the streams idle for longer than the timeout at `now`.
  void ExpireIdle(absl::Time now);

  const int max_streams_;
  const absl::Duration idle_timeout_;
  mutable absl::Mutex mu_;
  absl::flat_hash_set<std::shared_ptr<StreamSlot>> slots_ ABSL_GUARDED_BY(mu_);
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  std::thread watchdog_;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_PLAY_STREAM_REGISTRY_H_
