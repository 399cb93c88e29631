// The long-call pool runs every accepted task and refuses past its queue.
#include "services/work_pool.h"

#include <atomic>

#include "absl/synchronization/notification.h"
#include "gtest/gtest.h"

namespace caipan::services {
namespace {

TEST(WorkPoolTest, RunsEveryAcceptedTask) {
  std::atomic<int> ran{0};
  {
    WorkPool pool(2, 100);
    for (int i = 0; i < 50; ++i) ASSERT_TRUE(pool.Submit([&] { ++ran; }));
  }  // the destructor runs what is queued, then joins
  EXPECT_EQ(ran.load(), 50);
}

TEST(WorkPoolTest, RefusesWhenTheQueueIsFull) {
  absl::Notification release;
  absl::Notification started;
  WorkPool pool(1, 2);
  ASSERT_TRUE(pool.Submit([&] {
    started.Notify();
    release.WaitForNotification();
  }));
  started.WaitForNotification();  // the worker is busy; the queue is empty
  EXPECT_TRUE(pool.Submit([] {}));
  EXPECT_TRUE(pool.Submit([] {}));
  EXPECT_FALSE(pool.Submit([] {}));
  release.Notify();
}

}  // namespace
}  // namespace caipan::services
