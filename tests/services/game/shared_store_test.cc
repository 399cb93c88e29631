// Two servers' registries on one PostgreSQL database (the store the test
// starts itself), games partitioned between them: a game moves to the server
// it is asked about (the former owner lets go, its watchers are told, its
// stale copy's changes are refused), two servers taking a game over at once
// never both apply a move, and the games of a server that stopped are
// adopted by the other, whose clock then lets the flag fall once.
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
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
      store::PostgresOptions options;
      options.lease_ms = 1200;  // orphans looked for every 400 ms
      absl::StatusOr<std::unique_ptr<store::GameStore>> store =
          store::OpenPostgresStore(conninfo, options);
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

class CountingWatcher : public GameWatcher {
 public:
  void OnGameChanged() override { ++changes; }
  void OnGameMoved() override { ++moves; }
  std::atomic<int> changes{0};
  std::atomic<int> moves{0};
};

// Every event of `name` as stored, parsed.
std::vector<v1::GameEvent> StoredEvents(store::GameStore& store,
                                        const std::string& name) {
  absl::StatusOr<std::vector<store::EventRow>> rows =
      store.LoadEvents(name, 0, 1000);
  EXPECT_TRUE(rows.ok()) << rows.status();
  std::vector<v1::GameEvent> events;
  if (!rows.ok()) return events;
  for (const store::EventRow& row : *rows) {
    events.emplace_back();
    EXPECT_TRUE(events.back().ParseFromString(row.payload));
  }
  return events;
}

TEST_F(SharedStoreTest, AGameMovesToTheServerItIsAskedAbout) {
  const CreatedGame g = Create(0, "none");
  v1::SubmitMoveResponse response;
  ASSERT_TRUE(Move(0, g, "h2e2", 1, &response).ok());
  std::shared_ptr<LiveGame> old_copy = Find(0, g.name);
  ASSERT_NE(old_copy, nullptr);
  auto watcher = std::make_shared<CountingWatcher>();
  old_copy->AddWatcher(watcher);
  EXPECT_EQ(envs_[0]->registry().live_count(), 1);
  EXPECT_EQ(envs_[1]->registry().live_count(), 0);

  // A caller whose token is not the game's does not move it.
  absl::StatusOr<std::shared_ptr<LiveGame>> stranger =
      envs_[1]->registry().FindFor(g.name, "not-a-token-of-this-game");
  ASSERT_TRUE(stranger.ok()) << stranger.status();
  EXPECT_EQ(envs_[1]->registry().live_count(), 0);
  EXPECT_EQ(envs_[0]->registry().live_count(), 1);
  // Asked about the game by a player, server 1 takes it over, as stored.
  absl::StatusOr<std::shared_ptr<LiveGame>> claimed =
      envs_[1]->registry().FindFor(g.name, g.token[1]);
  ASSERT_TRUE(claimed.ok()) << claimed.status();
  std::shared_ptr<LiveGame> new_copy = Find(1, g.name);
  EXPECT_EQ(new_copy, *claimed);
  ASSERT_NE(new_copy, nullptr);
  EXPECT_EQ(new_copy->committed_sequence(), 2);
  EXPECT_EQ(envs_[1]->registry().live_count(), 1);
  // Server 0 hears of it: it lets go, and its watchers are told.
  ASSERT_TRUE(Eventually([&] { return watcher->moves.load() == 1; }));
  EXPECT_EQ(envs_[0]->registry().live_count(), 0);
  EXPECT_TRUE(old_copy->released());

  ASSERT_TRUE(Move(1, g, "h9g7", 2, &response).ok());
  EXPECT_EQ(response.sequence(), 3);
  // A call still holding the old copy is refused, as retryable, and the
  // move is not stored.
  v1::SubmitMoveRequest late;
  late.set_name(g.name);
  late.set_token(g.token[1]);
  late.set_move("b9c7");
  late.set_ply(2);  // the next ply as the old copy sees the game
  v1::SubmitMoveResponse refused;
  const absl::Status status = Await([&](Done done) {
    old_copy->SubmitMove(late, &refused, std::move(done));
  });
  EXPECT_EQ(status.code(), absl::StatusCode::kUnavailable) << status;
  EXPECT_THAT(std::string(status.message()),
              ::testing::HasSubstr("moved to another server"));
  const std::vector<v1::GameEvent> events = StoredEvents(*stores_[1], g.name);
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[1].move().move(), "h2e2");
  EXPECT_EQ(events[2].move().move(), "h9g7");
  // The retry reaches the owner (here: server 0 asked again takes the game
  // back) and is applied once.
  ASSERT_TRUE(Move(0, g, "h0g2", 3, &response).ok());
  EXPECT_EQ(response.sequence(), 4);
  EXPECT_EQ(StoredEvents(*stores_[0], g.name).size(), 4u);
}

// Both servers are asked to play a ply at the same moment, so both claim the
// game at once. With two different moves for the ply, one is applied, never
// both. With the same move (a client retrying on the other server), both
// may be answered, with the one stored move's sequence. Either way the log
// holds one move per ply, at the sequence its acknowledgement gave.
TEST_F(SharedStoreTest, TwoServersTakingAGameOverAtOnceNeverBothApplyAMove) {
  const CreatedGame g = Create(0, "none");
  struct Ply {
    std::string moves[2];  // what each server is asked to play
  };
  const std::vector<Ply> plies = {{{"h2e2", "h2d2"}}, {{"h9g7", "h9i7"}},
                                  {{"h0g2", "h0g2"}}, {{"i9h9", "i9h9"}},
                                  {{"i0h0", "i0h0"}}, {{"a9a8", "a9a8"}}};
  std::vector<std::string> played;
  for (size_t k = 0; k < plies.size(); ++k) {
    const int ply = static_cast<int>(k) + 1;
    std::string stored_move;
    for (int attempt = 0; stored_move.empty(); ++attempt) {
      ASSERT_LT(attempt, 20) << "ply " << ply << " never applied";
      absl::Status statuses[2];
      v1::SubmitMoveResponse responses[2];
      std::thread racers[2];
      for (int i = 0; i < 2; ++i) {
        racers[i] = std::thread([&, i] {
          statuses[i] = Move(i, g, plies[k].moves[i], ply, &responses[i]);
        });
      }
      for (std::thread& racer : racers) racer.join();
      if (statuses[0].ok() && statuses[1].ok()) {
        ASSERT_EQ(plies[k].moves[0], plies[k].moves[1])
            << "ply " << ply << ": two different moves both applied";
        EXPECT_EQ(responses[0].sequence(), responses[1].sequence());
      }
      for (int i = 0; i < 2; ++i) {
        if (!statuses[i].ok()) continue;
        ASSERT_TRUE(responses[i].check().legal())
            << plies[k].moves[i] << ": " << responses[i].check().reason();
        EXPECT_EQ(responses[i].sequence(), ply + 1);
        stored_move = plies[k].moves[i];
      }
    }
    played.push_back(stored_move);
  }
  const std::vector<v1::GameEvent> events = StoredEvents(*stores_[0], g.name);
  ASSERT_EQ(events.size(), plies.size() + 1);
  for (size_t k = 0; k < plies.size(); ++k) {
    EXPECT_EQ(events[k + 1].sequence(), static_cast<int64_t>(k) + 2);
    EXPECT_EQ(events[k + 1].move().move(), played[k]);
  }
}

// A spectator's watch does not take a game from a live server (a request
// sent to the wrong server would move it away from its players); a player's
// does; a spectator takes over a game whose server stopped.
TEST_F(SharedStoreTest, ASpectatorsWatchMovesOnlyAnOrphanedGame) {
  const CreatedGame g = Create(0, "none");
  absl::StatusOr<std::shared_ptr<LiveGame>> watched =
      envs_[1]->registry().FindToWatch(g.name, "");
  EXPECT_EQ(watched.status().code(), absl::StatusCode::kUnavailable)
      << watched.status();
  EXPECT_EQ(envs_[0]->registry().live_count(), 1);
  EXPECT_EQ(envs_[1]->registry().live_count(), 0);
  // Server 0 holds it: a spectator watches it there.
  watched = envs_[0]->registry().FindToWatch(g.name, "");
  ASSERT_TRUE(watched.ok()) << watched.status();
  // A player's watch on server 1 takes it over.
  watched = envs_[1]->registry().FindToWatch(g.name, g.token[0]);
  ASSERT_TRUE(watched.ok()) << watched.status();
  EXPECT_EQ(envs_[1]->registry().live_count(), 1);
  ASSERT_TRUE(
      Eventually([&] { return envs_[0]->registry().live_count() == 0; }));
  // Server 1 stops and gives the game up: a spectator's watch on server 0
  // takes it over.
  envs_[1].reset();
  stores_[1]->Close();
  stores_[1].reset();
  watched = envs_[0]->registry().FindToWatch(g.name, "");
  ASSERT_TRUE(watched.ok()) << watched.status();
  EXPECT_TRUE((*watched)->live());
  EXPECT_EQ(envs_[0]->registry().live_count(), 1);
}

TEST_F(SharedStoreTest, AStoppedServersGameIsAdoptedAndItsFlagFallsOnce) {
  const CreatedGame g = Create(0, "60");
  EXPECT_EQ(envs_[1]->registry().live_count(), 0);
  // Server 0 stops: it gives its games up; server 1 adopts them.
  envs_[0].reset();
  stores_[0]->Close();
  stores_[0].reset();
  ASSERT_TRUE(
      Eventually([&] { return envs_[1]->registry().live_count() == 1; }));
  std::shared_ptr<LiveGame> adopted = Find(1, g.name);
  ASSERT_NE(adopted, nullptr);
  time_.Advance(61'000);
  ASSERT_TRUE(Eventually([&] { return !adopted->live(); }));
  int flag_falls = 0;
  for (const v1::GameEvent& event : StoredEvents(*stores_[1], g.name))
    flag_falls += event.has_flag_fell() ? 1 : 0;
  EXPECT_EQ(flag_falls, 1);
}

}  // namespace
}  // namespace caipan::services::game::testing
