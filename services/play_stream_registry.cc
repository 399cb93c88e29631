// Open PlayGame streams, their cap and idle timeout (see
// play_stream_registry.h).
#include "services/play_stream_registry.h"

#include <algorithm>
#include <vector>

#include "absl/time/clock.h"

namespace caipan::services {

PlayStreamRegistry::PlayStreamRegistry(int max_streams,
                                       absl::Duration idle_timeout)
    : max_streams_(max_streams), idle_timeout_(idle_timeout) {
  watchdog_ = std::thread([this] { Watch(); });
}

PlayStreamRegistry::~PlayStreamRegistry() {
  {
    absl::MutexLock lock(&mu_);
    stopping_ = true;
  }
  watchdog_.join();
}

std::shared_ptr<StreamSlot> PlayStreamRegistry::Open(IdleStream* stream) {
  absl::MutexLock lock(&mu_);
  if (static_cast<int>(slots_.size()) >= max_streams_) return nullptr;
  auto slot = std::make_shared<StreamSlot>(stream);
  slots_.insert(slot);
  return slot;
}

void PlayStreamRegistry::Close(const std::shared_ptr<StreamSlot>& slot) {
  absl::MutexLock lock(&mu_);
  slots_.erase(slot);
}

int PlayStreamRegistry::open_streams() const {
  absl::MutexLock lock(&mu_);
  return static_cast<int>(slots_.size());
}

void PlayStreamRegistry::Watch() {
  // Checking four times per timeout (at most once a second) ends an idle
  // stream within 25% of the timeout after it expires.
  const absl::Duration period =
      std::clamp(idle_timeout_ / 4, absl::Milliseconds(50), absl::Seconds(1));
  absl::MutexLock lock(&mu_);
  while (!stopping_) {
    mu_.AwaitWithTimeout(absl::Condition(&stopping_), period);
    if (stopping_) break;
    mu_.Unlock();
    ExpireIdle(absl::Now());
    mu_.Lock();
  }
}

void PlayStreamRegistry::ExpireIdle(absl::Time now) {
  std::vector<std::shared_ptr<StreamSlot>> expired;
  {
    absl::MutexLock lock(&mu_);
    for (const std::shared_ptr<StreamSlot>& slot : slots_) {
      absl::MutexLock slot_lock(&slot->mu_);
      if (!slot->finish_claimed_ && now - slot->waiting_since_ > idle_timeout_)
        expired.push_back(slot);
    }
  }
  // A stream is deleted only after it has been finished, and only the winner
  // of ClaimFinish finishes it: a slot claimed here still has its stream.
  for (const std::shared_ptr<StreamSlot>& slot : expired) {
    if (slot->ClaimFinish()) slot->stream_->FinishIdle(idle_timeout_);
  }
}

}  // namespace caipan::services
