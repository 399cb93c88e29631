// A fixed pool of threads for handlers that may run long (adjudicating a whole
// record, searching for mate threats). gRPC's callback threads are few and
// shared by every call, health checks included; work that can take
// milliseconds runs here instead, so it cannot starve them. The queue is
// bounded: when it is full, Submit refuses and the call gets
// RESOURCE_EXHAUSTED.
#ifndef CAIPAN_SERVICES_WORK_POOL_H_
#define CAIPAN_SERVICES_WORK_POOL_H_

#include <deque>
#include <functional>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"

namespace caipan::services {

class WorkPool {
 public:
  // `threads` workers (at least 1); at most `max_queued` tasks waiting.
  WorkPool(int threads, int max_queued);
  // Runs the tasks already queued, then joins the workers.
  ~WorkPool();

  // Queues `task`; false (and `task` dropped) when the queue is full.
  bool Submit(std::function<void()> task);

 private:
  void Work();

  const size_t max_queued_;
  absl::Mutex mu_;
  std::deque<std::function<void()>> queue_ ABSL_GUARDED_BY(mu_);
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  std::vector<std::thread> workers_;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_WORK_POOL_H_
