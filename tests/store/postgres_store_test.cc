// What the PostgreSQL store adds to the common contract (game_store_test.cc
// runs that against it): migrations under concurrent starts, two stores
// racing on one game, notices between stores, lost connections.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
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

  std::unique_ptr<GameStore> Open() {
    absl::StatusOr<std::unique_ptr<GameStore>> store =
        OpenPostgresStore(conninfo_);
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

// Two servers append to one game at once, round after round: each round
// exactly one wins, the other is ABORTED, and the log has no gap.
TEST_F(PostgresStoreTest, TwoStoresRacingOnOneGameNeverBothAppend) {
  std::unique_ptr<GameStore> a = Open();
  std::unique_ptr<GameStore> b = Open();
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  ASSERT_TRUE(CommitAndWait(*a, Create(Row("games/race"), {"created"})).ok());
  constexpr int kRounds = 40;
  int64_t last = 1;
  for (int round = 0; round < kRounds; ++round) {
    absl::Status from_a, from_b;
    std::thread ta(
        [&] { from_a = CommitAndWait(*a, Append("games/race", last, {"a"})); });
    std::thread tb(
        [&] { from_b = CommitAndWait(*b, Append("games/race", last, {"b"})); });
    ta.join();
    tb.join();
    ASSERT_NE(from_a.ok(), from_b.ok()) << from_a << " / " << from_b;
    const absl::Status& loser = from_a.ok() ? from_b : from_a;
    EXPECT_EQ(loser.code(), absl::StatusCode::kAborted) << loser;
    ++last;
  }
  absl::StatusOr<std::vector<EventRow>> events =
      b->LoadEvents("games/race", 0, 1000);
  ASSERT_TRUE(events.ok()) << events.status();
  ASSERT_EQ(events->size(), static_cast<size_t>(kRounds + 1));
  for (size_t i = 0; i < events->size(); ++i) {
    EXPECT_EQ((*events)[i].sequence, static_cast<int64_t>(i) + 1);
  }
}

// A change committed through one store reaches another store's feed.
TEST_F(PostgresStoreTest, AnotherStoreHearsOfEveryCommit) {
  std::unique_ptr<GameStore> a = Open();
  std::unique_ptr<GameStore> b = Open();
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(a->Shared());
  absl::Mutex mu;
  std::vector<std::pair<std::string, int64_t>> heard;
  ChangeFeed feed;
  feed.changed = [&](const std::string& game, int64_t last_sequence) {
    absl::MutexLock lock(&mu);
    heard.emplace_back(game, last_sequence);
  };
  b->Watch(std::move(feed));
  ASSERT_TRUE(CommitAndWait(*a, Create(Row("games/n"), {"e1"})).ok());
  ASSERT_TRUE(CommitAndWait(*a, Append("games/n", 1, {"e2", "e3"})).ok());
  // A failed change sends nothing.
  ASSERT_EQ(CommitAndWait(*a, Append("games/n", 1, {"stale"})).code(),
            absl::StatusCode::kAborted);
  const absl::Time deadline = absl::Now() + absl::Seconds(5);
  auto two_heard = [&] { return heard.size() >= 2; };
  {
    absl::MutexLock lock(&mu);
    mu.AwaitWithDeadline(absl::Condition(&two_heard), deadline);
    ASSERT_EQ(heard.size(), 2u);
    EXPECT_EQ(heard[0], std::make_pair(std::string("games/n"), int64_t{1}));
    EXPECT_EQ(heard[1], std::make_pair(std::string("games/n"), int64_t{3}));
  }
  b->Watch(ChangeFeed());
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

TEST(PostgresNoticeTest, PayloadRoundTrips) {
  std::string game;
  int64_t sequence = 0;
  ASSERT_TRUE(
      pg::ParseNotice(pg::NoticePayload("games/a b", 42), &game, &sequence));
  EXPECT_EQ(game, "games/a b");
  EXPECT_EQ(sequence, 42);
  EXPECT_FALSE(pg::ParseNotice("42", &game, &sequence));
  EXPECT_FALSE(pg::ParseNotice("x games/a", &game, &sequence));
}

}  // namespace
}  // namespace caipan::store
