// A registry's Shutdown waits for the changes the store has not answered
// yet: their answers run on the store's thread and call back into the
// registry, which must still exist then.
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "tests/services/game/game_test_env.h"

namespace caipan::services::game::testing {
namespace {

// A memory store whose answers to Commit are held until Release().
class HeldAnswersStore final : public store::GameStore {
 public:
  HeldAnswersStore() : inner_(store::NewMemoryStore()) {}
  ~HeldAnswersStore() override { inner_->Close(); }

  void Commit(store::Change change, store::CommitCallback done) override {
    inner_->Commit(std::move(change), [this, done = std::move(done)](
                                          absl::Status status) mutable {
      absl::MutexLock lock(&mu_);
      held_.push_back([done = std::move(done), status]() mutable {
        std::move(done)(status);
      });
    });
  }
  // Runs the answers held so far (on the calling thread).
  void Release() {
    std::vector<absl::AnyInvocable<void() &&>> answers;
    {
      absl::MutexLock lock(&mu_);
      answers.swap(held_);
    }
    for (auto& answer : answers) std::move(answer)();
  }
  bool Holding() {
    absl::MutexLock lock(&mu_);
    return !held_.empty();
  }

  absl::StatusOr<std::optional<store::GameRow>> FindGame(
      std::string_view name) override {
    return inner_->FindGame(name);
  }
  absl::StatusOr<std::optional<store::GameRow>> FindByRequestId(
      std::string_view request_id) override {
    return inner_->FindByRequestId(request_id);
  }
  absl::StatusOr<std::vector<store::GameRow>> LoadLiveGames() override {
    return inner_->LoadLiveGames();
  }
  absl::StatusOr<std::vector<store::EventRow>> LoadEvents(
      std::string_view game, int64_t after_sequence, int limit) override {
    return inner_->LoadEvents(game, after_sequence, limit);
  }
  absl::StatusOr<store::ListPage> ListGames(
      const store::ListQuery& query) override {
    return inner_->ListGames(query);
  }
  void Close() override { inner_->Close(); }

 private:
  std::unique_ptr<store::GameStore> inner_;
  absl::Mutex mu_;
  std::vector<absl::AnyInvocable<void() &&>> held_ ABSL_GUARDED_BY(mu_);
};

TEST(RegistryShutdownTest, WaitsForTheStoresAnswers) {
  HeldAnswersStore store;
  ManualTimeSource time;
  auto env = std::make_unique<RegistryEnv>(&store, &time);
  absl::Notification created;
  v1::CreateGameResponse response;
  env->registry().Create(XiangqiRequest("600+5"), TestCreator(), &response,
                         [&](absl::Status) { created.Notify(); });
  ASSERT_TRUE(Eventually([&] { return store.Holding(); }));

  absl::Notification shut_down;
  std::thread closer([&] {
    env.reset();
    shut_down.Notify();
  });
  EXPECT_FALSE(
      shut_down.WaitForNotificationWithTimeout(absl::Milliseconds(300)))
      << "the registry went away with a change unanswered";
  store.Release();
  EXPECT_TRUE(created.HasBeenNotified());
  EXPECT_TRUE(shut_down.WaitForNotificationWithTimeout(absl::Seconds(30)));
  closer.join();
}

}  // namespace
}  // namespace caipan::services::game::testing
