// Two servers' registries on one PostgreSQL database (the store the test
// starts itself): moves racing on one game apply once and both copies agree,
// a watcher on one server hears of a move made through the other, and a flag
// falls once although both servers' alarms fire.
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "store/game_store.h"
#include "tests/services/game/game_test_env.h"
#include "tests/store/test_postgres.h"

namespace caipan::services::game::testing {
namespace {

class SharedStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store::testing::TestPostgres& server = store::testing::TestPostgres::Get();
    if (server.missing()) GTEST_SKIP() << server.error();
    const std::string conninfo = server.NewDatabase();
    ASSERT_FALSE(conninfo.empty()) << server.error();
    for (int i = 0; i < 2; ++i) {
      absl::StatusOr<std::unique_ptr<store::GameStore>> store =
          store::OpenPostgresStore(conninfo);
      ASSERT_TRUE(store.ok()) << store.status();
      stores_[i] = *std::move(store);
      envs_[i] = std::make_unique<RegistryEnv>(stores_[i].get(), &time_);
      ASSERT_TRUE(envs_[i]->registry().Recover().ok());
    }
  }
  void TearDown() override {
    for (int i = 0; i < 2; ++i) {
      envs_[i].reset();
      if (stores_[i]) stores_[i]->Close();
    }
  }

  std::shared_ptr<LiveGame> Find(int server, const std::string& name) {
    absl::StatusOr<std::shared_ptr<LiveGame>> game =
        envs_[server]->registry().Find(name);
    EXPECT_TRUE(game.ok()) << game.status();
    return game.ok() ? *game : nullptr;
  }

  CreatedGame Create(int server, const std::string& time_control) {
    v1::CreateGameResponse response;
    const v1::CreateGameRequest request = XiangqiRequest(time_control);
    EXPECT_TRUE(Await([&](Done done) {
                  envs_[server]->registry().Create(request, TestCreator(),
                                                   &response, std::move(done));
                }).ok());
    CreatedGame created;
    created.name = response.game().name();
    for (int i = 0; i < response.tokens_size() && i < 2; ++i)
      created.token[i] = response.tokens(i).token();
    return created;
  }

  absl::Status Move(int server, const CreatedGame& g, const std::string& move,
                    int ply, v1::SubmitMoveResponse* response) {
    v1::SubmitMoveRequest request;
    request.set_name(g.name);
    request.set_token(g.token[(ply - 1) % 2]);
    request.set_move(move);
    request.set_ply(ply);
    std::shared_ptr<LiveGame> game = Find(server, g.name);
    return Await([&](Done done) {
      game->SubmitMove(request, response, std::move(done));
    });
  }

  ManualTimeSource time_;
  std::unique_ptr<store::GameStore> stores_[2];
  std::unique_ptr<RegistryEnv> envs_[2];
};

TEST_F(SharedStoreTest, RacingMovesOnOneGameApplyOnceAndBothCopiesAgree) {
  const CreatedGame g = Create(0, "none");
  ASSERT_NE(Find(1, g.name), nullptr);  // server 1 holds it too
  v1::SubmitMoveResponse responses[2];
  absl::Status statuses[2];
  const std::string moves[2] = {"h2e2", "b2e2"};
  std::thread racers[2];
  for (int i = 0; i < 2; ++i) {
    racers[i] = std::thread(
        [&, i] { statuses[i] = Move(i, g, moves[i], 1, &responses[i]); });
  }
  for (std::thread& racer : racers) racer.join();
  // One commit wins. The other server's copy lost the race at the store
  // (ABORTED) and has read the winner's move, or (when it heard of the
  // winner's move first) refused its own: ply 1 was played already.
  ASSERT_NE(statuses[0].ok(), statuses[1].ok())
      << statuses[0] << " / " << statuses[1];
  const int winner = statuses[0].ok() ? 0 : 1;
  const absl::StatusCode lost = statuses[1 - winner].code();
  EXPECT_TRUE(lost == absl::StatusCode::kAborted ||
              lost == absl::StatusCode::kFailedPrecondition)
      << statuses[1 - winner];
  EXPECT_EQ(responses[winner].sequence(), 2);
  for (int server = 0; server < 2; ++server) {
    std::shared_ptr<LiveGame> game = Find(server, g.name);
    ASSERT_TRUE(Eventually([&] { return game->committed_sequence() == 2; }));
    const v1::Game snapshot = game->Snapshot();
    ASSERT_EQ(snapshot.moves_size(), 1);
    EXPECT_EQ(snapshot.moves(0), moves[winner]);
  }
  // The loser's copy goes on from the winner's move.
  v1::SubmitMoveResponse next;
  ASSERT_TRUE(Move(1 - winner, g, "h9g7", 2, &next).ok());
  EXPECT_TRUE(next.check().legal()) << next.check().reason();
  EXPECT_EQ(next.sequence(), 3);
}

class CountingWatcher : public GameWatcher {
 public:
  void OnGameChanged() override { ++changes; }
  std::atomic<int> changes{0};
};

TEST_F(SharedStoreTest, AWatcherOnTheOtherServerHearsOfTheMove) {
  const CreatedGame g = Create(0, "none");
  std::shared_ptr<LiveGame> watched = Find(1, g.name);
  ASSERT_NE(watched, nullptr);
  auto watcher = std::make_shared<CountingWatcher>();
  watched->AddWatcher(watcher);
  v1::SubmitMoveResponse response;
  ASSERT_TRUE(Move(0, g, "h2e2", 1, &response).ok());
  ASSERT_TRUE(Eventually([&] { return watcher->changes.load() > 0; }));
  bool over = false;
  const std::vector<v1::GameEvent> events = watched->EventsAfter(1, 10, &over);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].sequence(), 2);
  EXPECT_EQ(events[0].move().move(), "h2e2");
}

TEST_F(SharedStoreTest, AFlagFallsOnceWhenBothServersAlarmsFire) {
  const CreatedGame g = Create(0, "60");
  ASSERT_NE(Find(1, g.name), nullptr);
  // Both copies' alarms are due; both try to append the flag fall.
  time_.Advance(61'000);
  absl::StatusOr<std::vector<store::EventRow>> rows;
  ASSERT_TRUE(Eventually([&] {
    rows = stores_[0]->LoadEvents(g.name, 0, 100);
    return rows.ok() && rows->size() >= 2;
  }));
  for (int server = 0; server < 2; ++server) {
    std::shared_ptr<LiveGame> game = Find(server, g.name);
    ASSERT_TRUE(Eventually([&] { return !game->live(); }));
  }
  rows = stores_[1]->LoadEvents(g.name, 0, 100);
  ASSERT_TRUE(rows.ok()) << rows.status();
  int flag_falls = 0;
  for (const store::EventRow& row : *rows) {
    v1::GameEvent event;
    ASSERT_TRUE(event.ParseFromString(row.payload));
    flag_falls += event.has_flag_fell() ? 1 : 0;
  }
  EXPECT_EQ(flag_falls, 1);
  EXPECT_EQ(rows->size(), 2u);
}

}  // namespace
}  // namespace caipan::services::game::testing
