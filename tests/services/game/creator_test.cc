// Who may create games and what a creator gets back: a request_id is the
// creator's own (a stranger's retry never returns another creator's tokens),
// live games per creator are limited, and games nobody starts are aborted
// after the unstarted expiry, freeing their creator's slots.
#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "tests/services/game/game_test_env.h"

namespace caipan::services::game::testing {
namespace {

class CreatorTest : public ::testing::Test {
 protected:
  explicit CreatorTest(CreatePolicy policy = Policy())
      : store_(store::NewMemoryStore()),
        env_(std::make_unique<RegistryEnv>(store_.get(), &time_, 100, policy)) {
  }
  ~CreatorTest() override {
    env_.reset();
    store_->Close();
  }

  static CreatePolicy Policy() {
    CreatePolicy policy;
    policy.max_live_per_creator = 3;
    policy.unstarted_expiry_ms = 60'000;
    return policy;
  }

  absl::StatusOr<v1::CreateGameResponse> Create(const Creator& creator,
                                                const std::string& request_id) {
    v1::CreateGameRequest request = XiangqiRequest("600+5");
    request.set_request_id(request_id);
    v1::CreateGameResponse response;
    absl::Status status = Await([&](Done done) {
      env_->registry().Create(request, creator, &response, std::move(done));
    });
    if (!status.ok()) return status;
    return response;
  }

  absl::Status Move(const v1::CreateGameResponse& game, const std::string& move,
                    int player) {
    absl::StatusOr<std::shared_ptr<LiveGame>> live =
        env_->registry().Find(game.game().name());
    if (!live.ok()) return live.status();
    v1::SubmitMoveRequest request;
    request.set_name(game.game().name());
    request.set_token(game.tokens(player).token());
    request.set_move(move);
    v1::SubmitMoveResponse response;
    return Await([&](Done done) {
      (*live)->SubmitMove(request, &response, std::move(done));
    });
  }

  v1::GameStatus Status(const std::string& name) {
    absl::StatusOr<std::shared_ptr<LiveGame>> live =
        env_->registry().Find(name);
    EXPECT_TRUE(live.ok()) << live.status();
    return live.ok() ? (*live)->Snapshot().status()
                     : v1::GAME_STATUS_UNSPECIFIED;
  }

  const Creator alice_{"alice-key", "alice"};
  const Creator mallory_{"mallory-key", "mallory"};
  ManualTimeSource time_;
  std::unique_ptr<store::GameStore> store_;
  std::unique_ptr<RegistryEnv> env_;
};

TEST_F(CreatorTest, ARetryReturnsTheGameToItsCreatorOnly) {
  absl::StatusOr<v1::CreateGameResponse> first = Create(alice_, "board-7");
  ASSERT_TRUE(first.ok()) << first.status();
  absl::StatusOr<v1::CreateGameResponse> retry = Create(alice_, "board-7");
  ASSERT_TRUE(retry.ok()) << retry.status();
  EXPECT_EQ(retry->game().name(), first->game().name());
  EXPECT_EQ(retry->tokens(0).token(), first->tokens(0).token());

  absl::StatusOr<v1::CreateGameResponse> stranger = Create(mallory_, "board-7");
  ASSERT_TRUE(stranger.ok()) << stranger.status();
  EXPECT_NE(stranger->game().name(), first->game().name());
  for (int p = 0; p < 2; ++p) {
    EXPECT_NE(stranger->tokens(p).token(), first->tokens(0).token());
    EXPECT_NE(stranger->tokens(p).token(), first->tokens(1).token());
  }
  // The stranger's tokens do not move on the creator's game.
  v1::CreateGameResponse forged = *first;
  *forged.mutable_tokens() = stranger->tokens();
  EXPECT_EQ(Move(forged, "h2e2", 0).code(), absl::StatusCode::kUnauthenticated);
}

TEST_F(CreatorTest, LiveGamesPerCreatorAreLimited) {
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(Create(alice_, "").ok());
  absl::StatusOr<v1::CreateGameResponse> fourth = Create(alice_, "");
  EXPECT_EQ(fourth.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(fourth.status().message().find("limit of 3"), std::string::npos)
      << fourth.status();
  // Another creator is not held back by alice's games.
  EXPECT_TRUE(Create(mallory_, "").ok());
}

TEST_F(CreatorTest, UnstartedGamesExpireAndFreeTheirSlots) {
  absl::StatusOr<v1::CreateGameResponse> idle = Create(alice_, "");
  absl::StatusOr<v1::CreateGameResponse> played = Create(alice_, "");
  absl::StatusOr<v1::CreateGameResponse> third = Create(alice_, "");
  ASSERT_TRUE(idle.ok() && played.ok() && third.ok());
  ASSERT_TRUE(Move(*played, "h2e2", 0).ok());
  EXPECT_EQ(Create(alice_, "").status().code(),
            absl::StatusCode::kResourceExhausted);

  time_.Advance(59'000);
  EXPECT_EQ(Status(idle->game().name()), v1::GAME_STATUS_LIVE);
  time_.Advance(2'000);
  ASSERT_TRUE(Eventually([&] {
    return Status(idle->game().name()) == v1::GAME_STATUS_ABORTED &&
           Status(third->game().name()) == v1::GAME_STATUS_ABORTED;
  }));
  EXPECT_EQ(Status(played->game().name()), v1::GAME_STATUS_LIVE);
  // The two aborted games' slots are free again.
  ASSERT_TRUE(Eventually([&] { return env_->registry().live_count() == 1; }));
  EXPECT_TRUE(Create(alice_, "").ok());
  EXPECT_TRUE(Create(alice_, "").ok());
}

TEST_F(CreatorTest, ExpiryAndQuotaSurviveARestart) {
  absl::StatusOr<v1::CreateGameResponse> a = Create(alice_, "");
  ASSERT_TRUE(Create(alice_, "").ok());
  ASSERT_TRUE(Create(alice_, "").ok());
  ASSERT_TRUE(a.ok());
  env_.reset();
  env_ = std::make_unique<RegistryEnv>(store_.get(), &time_, 100, Policy());
  ASSERT_TRUE(env_->registry().Recover().ok());
  EXPECT_EQ(Create(alice_, "").status().code(),
            absl::StatusCode::kResourceExhausted);
  time_.Advance(61'000);
  ASSERT_TRUE(Eventually(
      [&] { return Status(a->game().name()) == v1::GAME_STATUS_ABORTED; }));
  ASSERT_TRUE(Eventually([&] { return env_->registry().live_count() == 0; }));
  EXPECT_TRUE(Create(alice_, "").ok());
}

}  // namespace
}  // namespace caipan::services::game::testing
