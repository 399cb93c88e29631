// What the PostgreSQL store adds to the common contract (game_store_test.cc
// runs that against it): migrations under concurrent starts, two stores
// racing on one game, claims that move a game between servers and fence the
// former owner, adoption of games whose owner's lease ran out (two servers
// racing for them), lost connections.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "store/change_check.h"
#include "store/game_store.h"
#include "store/postgres_conn.h"
#include "store/postgres_listener.h"
#include "store/postgres_migrations.h"
#include "tests/store/store_test_util.h"
#include "tests/store/test_postgres.h"

namespace caipan::store {
namespace {

using ::caipan::store::testing::Append;
using ::caipan::store::testing::CommitAndWait;
using ::caipan::store::testing::Create;
using ::caipan::store::testing::Row;
using ::caipan::store::testing::TestPostgres;
using ::testing::HasSubstr;

class PostgresStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    TestPostgres& server = TestPostgres::Get();
    if (server.missing()) GTEST_SKIP() << server.error();
    conninfo_ = server.NewDatabase();
    ASSERT_FALSE(conninfo_.empty()) << server.error();
  }

  std::unique_ptr<GameStore> Open(const PostgresOptions& options = {}) {
    absl::StatusOr<std::unique_ptr<GameStore>> store =
        OpenPostgresStore(conninfo_, options);
    EXPECT_TRUE(store.ok()) << store.status();
    return store.ok() ? *std::move(store) : nullptr;
  }

  pg::Connection Admin() {
    absl::StatusOr<pg::Connection> admin = pg::Connection::Open(conninfo_);
    EXPECT_TRUE(admin.ok()) << admin.status();
    return admin.ok() ? *std::move(admin) : pg::Connection();
  }

  std::string conninfo_;
};

TEST_F(PostgresStoreTest, ServersStartingAtOnceMigrateOnce) {
  constexpr int kServers = 6;
  std::vector<absl::Status> statuses(kServers);
  std::vector<std::thread> threads;
  for (int i = 0; i < kServers; ++i) {
    threads.emplace_back(
        [&, i] { statuses[i] = OpenPostgresStore(conninfo_).status(); });
  }
  for (std::thread& thread : threads) thread.join();
  for (const absl::Status& status : statuses)
    EXPECT_TRUE(status.ok()) << status;
  pg::Connection admin = Admin();
  absl::StatusOr<int> version = pg::SchemaVersion(admin);
  ASSERT_TRUE(version.ok()) << version.status();
  EXPECT_EQ(*version, pg::CurrentSchemaVersion());
  absl::StatusOr<pg::Result> rows =
      admin.Query("SELECT count(*) FROM caipan_schema");
  ASSERT_TRUE(rows.ok()) << rows.status();
  EXPECT_EQ(pg::IntAt(rows->get(), 0, 0), 1);
}

TEST_F(PostgresStoreTest, RefusesADatabaseNewerThanTheBuild) {
  ASSERT_NE(Open(), nullptr);
  pg::Connection admin = Admin();
  ASSERT_TRUE(admin
                  .Run(absl::StrCat("UPDATE caipan_schema SET version = ",
                                    pg::CurrentSchemaVersion() + 1))
                  .ok());
  absl::StatusOr<std::unique_ptr<GameStore>> store =
      OpenPostgresStore(conninfo_);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(store.status().message(), HasSubstr("newer than this build"));
}

// Two servers claim one game and append to it at once, round after round
// (the race of two servers taking a game over at the same moment): each
// round exactly one append is stored, the other is ABORTED (its claim was
// overtaken, or the game moved on), and the log has no gap.
TEST_F(PostgresStoreTest, TwoServersClaimingOneGameAtOnceNeverBothAppend) {
  std::unique_ptr<GameStore> stores[2] = {Open(), Open()};
  ASSERT_NE(stores[0], nullptr);
  ASSERT_NE(stores[1], nullptr);
  ASSERT_TRUE(
      CommitAndWait(*stores[0], Create(Row("games/race"), {"created"})).ok());
  constexpr int kRounds = 40;
  int64_t last = 1;
  int wins[2] = {0, 0};
  for (int round = 0; round < kRounds; ++round) {
    absl::Status statuses[2];
    std::thread racers[2];
    for (int i = 0; i < 2; ++i) {
      racers[i] = std::thread([&, i] {
        absl::StatusOr<bool> claimed = stores[i]->Claim("games/race");
        statuses[i] =
            !claimed.ok() ? claimed.status()
            : !*claimed   ? absl::InternalError("not claimed")
                          : CommitAndWait(*stores[i], Append("games/race", last,
                                                             {absl::StrCat(i)}));
      });
    }
    for (std::thread& racer : racers) racer.join();
    ASSERT_NE(statuses[0].ok(), statuses[1].ok())
        << statuses[0] << " / " << statuses[1];
    const int winner = statuses[0].ok() ? 0 : 1;
    EXPECT_EQ(statuses[1 - winner].code(), absl::StatusCode::kAborted)
        << statuses[1 - winner];
    ++wins[winner];
    ++last;
  }
  absl::StatusOr<std::vector<EventRow>> events =
      stores[1]->LoadEvents("games/race", 0, 1000);
  ASSERT_TRUE(events.ok()) << events.status();
  ASSERT_EQ(events->size(), static_cast<size_t>(kRounds + 1));
  for (size_t i = 0; i < events->size(); ++i) {
    EXPECT_EQ((*events)[i].sequence, static_cast<int64_t>(i) + 1);
  }
  // Both servers won rounds: the game really moved back and forth.
  EXPECT_GT(wins[0], 0);
  EXPECT_GT(wins[1], 0);
}

// Events of a game as stored.
std::vector<std::string> Payloads(GameStore& store, const std::string& game) {
  std::vector<std::string> payloads;
  absl::StatusOr<std::vector<EventRow>> events = store.LoadEvents(game, 0, 100);
  EXPECT_TRUE(events.ok()) << events.status();
  if (events.ok()) {
    for (const EventRow& e : *events) payloads.push_back(e.payload);
  }
  return payloads;
}

PostgresOptions Named(const std::string& id) {
  PostgresOptions options;
  options.server_id = id;
  return options;
}

// A game is owned by the server that created it; another server's claim
// takes it over: the former owner hears of it and can no longer append,
// even on the right sequence.
TEST_F(PostgresStoreTest, AClaimMovesTheGameAndFencesTheFormerOwner) {
  std::unique_ptr<GameStore> a = Open(Named("server_a"));
  std::unique_ptr<GameStore> b = Open(Named("server_b"));
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(a->Shared());
  absl::Mutex mu;
  std::vector<std::string> moved;
  ChangeFeed feed;
  feed.moved = [&](const std::string& game) {
    absl::MutexLock lock(&mu);
    moved.push_back(game);
  };
  a->Watch(std::move(feed));
  ASSERT_TRUE(CommitAndWait(*a, Create(Row("games/n"), {"e1"})).ok());
  ASSERT_TRUE(CommitAndWait(*a, Append("games/n", 1, {"e2"})).ok());
  absl::StatusOr<std::vector<std::string>> owned = a->OwnedGames();
  ASSERT_TRUE(owned.ok()) << owned.status();
  EXPECT_EQ(*owned, std::vector<std::string>{"games/n"});

  absl::StatusOr<bool> claimed = b->Claim("games/n");
  ASSERT_TRUE(claimed.ok()) << claimed.status();
  EXPECT_TRUE(*claimed);
  const absl::Status fenced = CommitAndWait(*a, Append("games/n", 2, {"a3"}));
  EXPECT_EQ(fenced.code(), absl::StatusCode::kAborted) << fenced;
  EXPECT_TRUE(IsGameMoved(fenced)) << fenced;
  ASSERT_TRUE(CommitAndWait(*b, Append("games/n", 2, {"b3"})).ok());
  EXPECT_EQ(Payloads(*b, "games/n"),
            (std::vector<std::string>{"e1", "e2", "b3"}));
  {
    auto heard = [&] { return !moved.empty(); };
    absl::MutexLock lock(&mu);
    mu.AwaitWithTimeout(absl::Condition(&heard), absl::Seconds(5));
    EXPECT_EQ(moved, std::vector<std::string>{"games/n"});
  }
  owned = a->OwnedGames();
  ASSERT_TRUE(owned.ok()) << owned.status();
  EXPECT_TRUE(owned->empty());

  // Claiming back works the same way; a finished or unknown game is not
  // claimed.
  claimed = a->Claim("games/n");
  ASSERT_TRUE(claimed.ok() && *claimed);
  EXPECT_TRUE(IsGameMoved(CommitAndWait(*b, Append("games/n", 3, {"b4"}))));
  Change finish = Append("games/n", 3, {"end"});
  finish.status = "finished";
  ASSERT_TRUE(CommitAndWait(*a, std::move(finish)).ok());
  claimed = b->Claim("games/n");
  ASSERT_TRUE(claimed.ok());
  EXPECT_FALSE(*claimed);
  claimed = b->Claim("games/none");
  ASSERT_TRUE(claimed.ok());
  EXPECT_FALSE(*claimed);
  a->Watch(ChangeFeed());
}

// Games whose owner holds no lease (a server that died) are adopted by the
// servers still alive: each by exactly one of them, although both look for
// such games at the same time, a few at a time.
TEST_F(PostgresStoreTest, OrphanedGamesAreAdoptedByExactlyOneServer) {
  constexpr int kGames = 24;
  {
    std::unique_ptr<GameStore> creator = Open(Named("creator"));
    ASSERT_NE(creator, nullptr);
    for (int i = 0; i < kGames; ++i) {
      ASSERT_TRUE(CommitAndWait(*creator,
                                Create(Row(absl::StrCat("games/o", i)), {"e"}))
                      .ok());
    }
  }
  // Owned by a server that never renews (its lease is long over).
  pg::Connection admin = Admin();
  ASSERT_TRUE(admin
                  .RunScript("INSERT INTO servers VALUES ('dead', now() - "
                             "interval '1 minute'); UPDATE games SET owner = "
                             "'dead'")
                  .ok());
  absl::Mutex mu;
  std::vector<std::string> adopted[2];
  std::unique_ptr<GameStore> servers[2];
  for (int i = 0; i < 2; ++i) {
    PostgresOptions options = Named(absl::StrCat("alive_", i));
    // Renewed (and orphans looked for) every 400 ms; a lease far longer
    // than a renewal takes on a loaded machine, so no live server's games
    // are adopted.
    options.lease_ms = 1200;
    options.max_adopt = 4;
    servers[i] = Open(options);
    ASSERT_NE(servers[i], nullptr);
    ChangeFeed feed;
    feed.adopted = [&, i](const std::vector<std::string>& games) {
      absl::MutexLock lock(&mu);
      adopted[i].insert(adopted[i].end(), games.begin(), games.end());
    };
    feed.room = [] { return 100; };
    servers[i]->Watch(std::move(feed));
  }
  {
    auto all = [&] {
      return adopted[0].size() + adopted[1].size() >= size_t{kGames};
    };
    absl::MutexLock lock(&mu);
    ASSERT_TRUE(mu.AwaitWithTimeout(absl::Condition(&all), absl::Seconds(20)));
  }
  for (int i = 0; i < 2; ++i) servers[i]->Watch(ChangeFeed());
  std::set<std::string> once;
  for (int i = 0; i < 2; ++i) {
    for (const std::string& game : adopted[i])
      EXPECT_TRUE(once.insert(game).second) << game << " adopted twice";
    absl::StatusOr<std::vector<std::string>> owned = servers[i]->OwnedGames();
    ASSERT_TRUE(owned.ok()) << owned.status();
    EXPECT_EQ(std::set<std::string>(owned->begin(), owned->end()),
              std::set<std::string>(adopted[i].begin(), adopted[i].end()));
  }
  EXPECT_EQ(once.size(), size_t{kGames});
  // Each can append to its own games only.
  const std::string mine = adopted[0].empty() ? adopted[1][0] : adopted[0][0];
  const int owner = adopted[0].empty() ? 1 : 0;
  EXPECT_TRUE(CommitAndWait(*servers[owner], Append(mine, 1, {"x"})).ok());
  EXPECT_TRUE(
      IsGameMoved(CommitAndWait(*servers[1 - owner], Append(mine, 1, {"y"}))));
}

// A server that stops gives its games up: another server adopts them at its
// next renewal, long before the stopped server's lease would have run out.
TEST_F(PostgresStoreTest, AStoppedServersGamesAreAdoptedAtOnce) {
  PostgresOptions leaving_options = Named("leaving");
  leaving_options.lease_ms = 120'000;
  std::unique_ptr<GameStore> leaving = Open(leaving_options);
  ASSERT_NE(leaving, nullptr);
  ASSERT_TRUE(CommitAndWait(*leaving, Create(Row("games/l"), {"e"})).ok());
  PostgresOptions options = Named("staying");
  options.lease_ms = 600;  // renewed every 200 ms
  std::unique_ptr<GameStore> staying = Open(options);
  ASSERT_NE(staying, nullptr);
  absl::Notification adopted;
  ChangeFeed feed;
  feed.adopted = [&](const std::vector<std::string>& games) {
    if (games == std::vector<std::string>{"games/l"}) adopted.Notify();
  };
  feed.room = [] { return 10; };
  staying->Watch(std::move(feed));
  // Still owned by a server with a lease: nothing is adopted.
  EXPECT_FALSE(adopted.WaitForNotificationWithTimeout(absl::Seconds(1)));
  leaving->Close();
  leaving.reset();
  EXPECT_TRUE(adopted.WaitForNotificationWithTimeout(absl::Seconds(10)));
  staying->Watch(ChangeFeed());
}

// The server ends every connection: the calls of the moment fail with
// UNAVAILABLE, the next ones reconnect, and the feed is told to resync.
TEST_F(PostgresStoreTest, ALostConnectionIsUnavailableThenReopened) {
  std::unique_ptr<GameStore> store = Open();
  ASSERT_NE(store, nullptr);
  std::atomic<int> resyncs{0};
  ChangeFeed feed;
  feed.resync = [&] { ++resyncs; };
  store->Watch(std::move(feed));
  ASSERT_TRUE(CommitAndWait(*store, Create(Row("games/1"), {"e1"})).ok());
  pg::Connection admin = Admin();
  ASSERT_TRUE(admin
                  .Run("SELECT pg_terminate_backend(pid) FROM "
                       "pg_stat_activity WHERE datname = current_database() "
                       "AND pid <> pg_backend_pid()")
                  .ok());
  const absl::Status lost = CommitAndWait(*store, Append("games/1", 1, {"x"}));
  EXPECT_EQ(lost.code(), absl::StatusCode::kUnavailable) << lost;
  EXPECT_TRUE(CommitAndWait(*store, Append("games/1", 1, {"e2"})).ok());
  absl::StatusOr<std::optional<GameRow>> row = store->FindGame("games/1");
  if (!row.ok()) {
    EXPECT_EQ(row.status().code(), absl::StatusCode::kUnavailable);
    row = store->FindGame("games/1");
  }
  ASSERT_TRUE(row.ok()) << row.status();
  ASSERT_TRUE(row->has_value());
  EXPECT_EQ((*row)->last_sequence, 2);
  const absl::Time deadline = absl::Now() + absl::Seconds(10);
  while (resyncs.load() == 0 && absl::Now() < deadline) {
    absl::SleepFor(absl::Milliseconds(20));
  }
  EXPECT_GE(resyncs.load(), 1);
  store->Watch(ChangeFeed());
}

TEST_F(PostgresStoreTest, BadOrUnreachableConninfo) {
  absl::StatusOr<std::unique_ptr<GameStore>> store = OpenStore("postgres:", "");
  EXPECT_EQ(store.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(store.status().message(), HasSubstr("conninfo is empty"));
  store = OpenStore("postgres:nonsense", "");
  EXPECT_EQ(store.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(store.status().message(), HasSubstr("--store postgres:"));
  // Nothing listens on port 1.
  store = OpenStore("postgres:host=127.0.0.1 port=1 connect_timeout=2", "");
  EXPECT_EQ(store.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_THAT(store.status().message(), HasSubstr("cannot connect"));
}

TEST(PostgresNoticeTest, MovedNoticeRoundTripsAndServerIdsAreChecked) {
  std::string game;
  int64_t epoch = 0;
  ASSERT_TRUE(
      pg::ParseMovedNotice(pg::MovedNotice("games/a b", 7), &game, &epoch));
  EXPECT_EQ(game, "games/a b");
  EXPECT_EQ(epoch, 7);
  EXPECT_FALSE(pg::ParseMovedNotice("moved games/a", &game, &epoch));
  EXPECT_FALSE(pg::ParseMovedNotice("7 games/a", &game, &epoch));
  EXPECT_TRUE(pg::CheckServerId(pg::NewServerId()).ok());
  EXPECT_TRUE(pg::CheckServerId("server_1").ok());
  EXPECT_FALSE(pg::CheckServerId("").ok());
  EXPECT_FALSE(pg::CheckServerId("Server").ok());
  EXPECT_FALSE(pg::CheckServerId("a;drop").ok());
  EXPECT_FALSE(pg::CheckServerId(std::string(41, 'a')).ok());
}

}  // namespace
}  // namespace caipan::store
