// The queue and single writer thread shared by every backend. Commit() queues
// a change; the writer takes every change waiting (up to max_group), hands
// them to WriteGroup() as one group, then runs their callbacks in queue
// order, holding no lock (a callback may Commit again).
#ifndef CAIPAN_STORE_QUEUED_STORE_H_
#define CAIPAN_STORE_QUEUED_STORE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/synchronization/mutex.h"
#include "store/game_store.h"

namespace caipan::store {

class QueuedStore : public GameStore {
 public:
  QueuedStore(const QueuedStore&) = delete;
  QueuedStore& operator=(const QueuedStore&) = delete;
  ~QueuedStore() override;

  void Commit(Change change, CommitCallback done) final;
  // Refuses changes from other threads than the writer's, writes every
  // queued one (with those its callbacks queue) and runs its callback, then
  // stops the writer thread. Called from a callback, it returns at once; the
  // writer stops once the queue is drained. The store must not be destroyed
  // from one of its callbacks.
  void Close() final;

  // Groups (transactions) and changes written so far.
  int64_t groups_written() const {
    return groups_written_.load(std::memory_order_relaxed);
  }
  int64_t changes_written() const {
    return changes_written_.load(std::memory_order_relaxed);
  }

 protected:
  // At most `max_group` changes per group (at least 1).
  explicit QueuedStore(int max_group);

  // Starts the writer; a subclass calls it once it can write. A subclass's
  // destructor calls Close() first, so that the writer stops before the
  // subclass's members are destroyed.
  void StartWriter();

  // Writes `changes` as one group, each change atomically; runs on the writer
  // thread only. Returns one status per change, in order.
  virtual std::vector<absl::Status> WriteGroup(
      std::vector<Change>& changes) = 0;

 private:
  struct Pending {
    Change change;
    CommitCallback done;
  };

  void RunWriter();
  bool HasWorkOrClosing() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    return !queue_.empty() || closing_;
  }

  const size_t max_group_;
  absl::Mutex mu_;
  std::deque<Pending> queue_ ABSL_GUARDED_BY(mu_);
  bool closing_ ABSL_GUARDED_BY(mu_) = false;
  absl::Mutex join_mu_;
  std::thread writer_ ABSL_GUARDED_BY(join_mu_);
  std::atomic<int64_t> groups_written_{0};
  std::atomic<int64_t> changes_written_{0};
};

}  // namespace caipan::store

#endif  // CAIPAN_STORE_QUEUED_STORE_H_
