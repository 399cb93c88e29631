#include "store/queued_store.h"

#include <algorithm>
#include <utility>

namespace caipan::store {
namespace {

// The store whose writer runs on this thread, if any.
thread_local const QueuedStore* current_writer = nullptr;

absl::Status ClosedError() {
  return absl::UnavailableError("the game store is closed");
}

}  // namespace

QueuedStore::QueuedStore(int max_group)
    : max_group_(static_cast<size_t>(std::max(max_group, 1))) {}

QueuedStore::~QueuedStore() { Close(); }

void QueuedStore::StartWriter() {
  absl::MutexLock lock(&join_mu_);
  if (!writer_.joinable()) writer_ = std::thread([this] { RunWriter(); });
}

void QueuedStore::Commit(Change change, CommitCallback done) {
  {
    absl::MutexLock lock(&mu_);
    // While closing, only the callbacks of queued changes may add to them.
    if (!closing_ || current_writer == this) {
      queue_.push_back(Pending{std::move(change), std::move(done)});
      return;
    }
  }
  std::move(done)(ClosedError());
}

void QueuedStore::Close() {
  {
    absl::MutexLock lock(&mu_);
    closing_ = true;
  }
  // A callback cannot wait for its own thread: the writer drains the queue
  // and stops after it returns.
  if (current_writer == this) return;
  std::deque<Pending> orphans;
  {
    absl::MutexLock lock(&join_mu_);
    if (writer_.joinable()) {
      writer_.join();
    } else {
      // The writer never started: nothing will write what is queued.
      absl::MutexLock queue_lock(&mu_);
      orphans.swap(queue_);
    }
  }
  for (Pending& pending : orphans) std::move(pending.done)(ClosedError());
}

void QueuedStore::RunWriter() {
  current_writer = this;
  std::vector<Change> changes;
  std::vector<CommitCallback> callbacks;
  for (;;) {
    {
      absl::MutexLock lock(&mu_);
      mu_.Await(absl::Condition(this, &QueuedStore::HasWorkOrClosing));
      if (queue_.empty()) break;  // closing, and every change is done
      const size_t n = std::min(queue_.size(), max_group_);
      for (size_t i = 0; i < n; ++i) {
        changes.push_back(std::move(queue_.front().change));
        callbacks.push_back(std::move(queue_.front().done));
        queue_.pop_front();
      }
    }
    std::vector<absl::Status> statuses = WriteGroup(changes);
    if (statuses.size() != changes.size()) {
      statuses.assign(changes.size(),
                      absl::InternalError("the store wrote a group partly"));
    }
    groups_written_.fetch_add(1, std::memory_order_relaxed);
    changes_written_.fetch_add(static_cast<int64_t>(changes.size()),
                               std::memory_order_relaxed);
    changes.clear();
    for (size_t i = 0; i < callbacks.size(); ++i) {
      std::move(callbacks[i])(std::move(statuses[i]));
    }
    callbacks.clear();
  }
  current_writer = nullptr;
}

}  // namespace caipan::store
