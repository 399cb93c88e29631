// What only the SQLite store does: durability across reopening, WAL mode,
// schema versions, group commit; and OpenStore's specs.
#include "store/sqlite_store.h"

#include <sqlite3.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/notification.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "store/game_store.h"
#include "store/migrations.h"
#include "tests/store/store_test_util.h"

namespace caipan::store {
namespace {

using ::caipan::store::testing::Append;
using ::caipan::store::testing::CommitAndWait;
using ::caipan::store::testing::Create;
using ::caipan::store::testing::Row;
using ::caipan::store::testing::TempDir;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Runs `sql` on the database at `path` through its own connection; returns
// the first column of the first row, if any.
std::string Query(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  std::string result;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr),
            SQLITE_OK)
      << sqlite3_errmsg(db);
  if (sqlite3_step(statement) == SQLITE_ROW &&
      sqlite3_column_text(statement, 0) != nullptr) {
    result = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return result;
}

std::unique_ptr<SqliteStore> OpenOrDie(const std::string& path,
                                       const SqliteOptions& options = {}) {
  absl::StatusOr<std::unique_ptr<SqliteStore>> store =
      SqliteStore::Open(path, options);
  EXPECT_TRUE(store.ok()) << store.status();
  return store.ok() ? *std::move(store) : nullptr;
}

TEST(SqliteStoreTest, KeepsEverythingAcrossReopening) {
  TempDir dir;
  const std::string path = dir.File("games.db");
  {
    std::unique_ptr<SqliteStore> store = OpenOrDie(path);
    ASSERT_NE(store, nullptr);
    ASSERT_TRUE(
        CommitAndWait(*store, Create(Row("games/1", "req-1"), {"a", "b"}))
            .ok());
    ASSERT_TRUE(
        CommitAndWait(*store, Append("games/1", 2, {"c"}, "finished", "s3"))
            .ok());
    ASSERT_TRUE(CommitAndWait(*store, Create(Row("games/2"))).ok());
    store->Close();
  }
  std::unique_ptr<SqliteStore> store = OpenOrDie(path);
  ASSERT_NE(store, nullptr);
  absl::StatusOr<std::optional<GameRow>> row = store->FindGame("games/1");
  ASSERT_TRUE(row.ok() && row->has_value());
  EXPECT_EQ((*row)->status, "finished");
  EXPECT_EQ((*row)->snapshot, "s3");
  EXPECT_EQ((*row)->last_sequence, 3);
  EXPECT_THAT((*row)->players, ElementsAre("alice", "bob"));
  absl::StatusOr<std::vector<EventRow>> events =
      store->LoadEvents("games/1", 0, 10);
  ASSERT_TRUE(events.ok());
  ASSERT_EQ(events->size(), 3u);
  EXPECT_EQ((*events)[2].payload, "c");
  row = store->FindByRequestId("req-1");
  ASSERT_TRUE(row.ok() && row->has_value());
  EXPECT_EQ((*row)->name, "games/1");
  // The sequence carries on; the old names stay taken; order is kept.
  EXPECT_EQ(CommitAndWait(*store, Append("games/1", 2, {"x"})).code(),
            absl::StatusCode::kAborted);
  EXPECT_TRUE(CommitAndWait(*store, Append("games/1", 3, {"d"})).ok());
  EXPECT_EQ(CommitAndWait(*store, Create(Row("games/2"))).code(),
            absl::StatusCode::kAlreadyExists);
  ASSERT_TRUE(CommitAndWait(*store, Create(Row("games/0"))).ok());
  absl::StatusOr<ListPage> page = store->ListGames(ListQuery());
  ASSERT_TRUE(page.ok());
  ASSERT_EQ(page->games.size(), 3u);
  EXPECT_EQ(page->games[0].name, "games/1");
  EXPECT_EQ(page->games[2].name, "games/0");
}

TEST(SqliteStoreTest, UsesWalMode) {
  TempDir dir;
  const std::string path = dir.File("games.db");
  std::unique_ptr<SqliteStore> store = OpenOrDie(path);
  ASSERT_NE(store, nullptr);
  ASSERT_TRUE(CommitAndWait(*store, Create(Row("games/1"))).ok());
  EXPECT_EQ(Query(path, "PRAGMA journal_mode"), "wal");
  EXPECT_TRUE(std::filesystem::exists(path + "-wal"));
}

TEST(SqliteStoreTest, AFreshDatabaseGetsTheCurrentSchemaVersion) {
  TempDir dir;
  const std::string path = dir.File("games.db");
  ASSERT_NE(OpenOrDie(path), nullptr);
  EXPECT_EQ(Query(path, "PRAGMA user_version"),
            std::to_string(sqlite::CurrentSchemaVersion()));
  // Reopening changes nothing.
  ASSERT_NE(OpenOrDie(path), nullptr);
  EXPECT_EQ(Query(path, "PRAGMA user_version"),
            std::to_string(sqlite::CurrentSchemaVersion()));
}

TEST(SqliteStoreTest, MigrationStepsAreOrdered) {
  int previous = 0;
  for (const sqlite::Migration& step : sqlite::Migrations()) {
    EXPECT_EQ(step.version, previous + 1);
    previous = step.version;
  }
  EXPECT_EQ(previous, sqlite::CurrentSchemaVersion());
}

TEST(SqliteStoreTest, RefusesADatabaseNewerThanTheBuild) {
  TempDir dir;
  const std::string path = dir.File("games.db");
  const int newer = sqlite::CurrentSchemaVersion() + 1;
  Query(path, absl::StrCat("PRAGMA user_version = ", newer));
  absl::StatusOr<std::unique_ptr<GameStore>> store = OpenSqliteStore(path);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(store.status().message(),
            absl::StrCat("database schema version ", newer,
                         " is newer than this build (",
                         sqlite::CurrentSchemaVersion(), ")"));
  EXPECT_EQ(Query(path, "PRAGMA user_version"), std::to_string(newer));
  EXPECT_EQ(Query(path, "SELECT count(*) FROM sqlite_schema"), "0");
}

TEST(SqliteStoreTest, RefusesAPathItCannotOpen) {
  TempDir dir;
  absl::StatusOr<std::unique_ptr<GameStore>> store =
      OpenSqliteStore(dir.File("missing/dir/games.db"));
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), absl::StatusCode::kUnavailable)
      << store.status();
}

// 8 threads × 500 changes, each thread on its own game, pipelined: every
// change succeeds, sequences are contiguous, and changes share transactions.
void CommitFromEightThreads(bool full_sync) {
  constexpr int kThreads = 8;
  constexpr int kChanges = 500;
  TempDir dir;
  SqliteOptions options;
  options.full_sync = full_sync;
  std::unique_ptr<SqliteStore> store = OpenOrDie(dir.File("games.db"), options);
  ASSERT_NE(store, nullptr);
  for (int t = 0; t < kThreads; ++t) {
    ASSERT_TRUE(
        CommitAndWait(*store, Create(Row(absl::StrCat("games/t", t)))).ok());
  }
  const int64_t groups_before = store->groups_written();
  std::vector<int> failures(kThreads, 0);
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      const std::string game = absl::StrCat("games/t", t);
      absl::Notification last_done;
      for (int i = 0; i < kChanges; ++i) {
        store->Commit(Append(game, i, {absl::StrCat(t, ":", i)}, std::nullopt,
                             absl::StrCat("after ", i + 1)),
                      [&, i](absl::Status status) {
                        if (!status.ok()) ++failures[t];
                        if (i == kChanges - 1) last_done.Notify();
                      });
      }
      last_done.WaitForNotification();
    });
  }
  for (std::thread& thread : threads) thread.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  const int64_t groups = store->groups_written() - groups_before;
  std::printf(
      "[ sqlite   ] %s sync: %d changes in %lld groups, %.0f changes/s\n",
      full_sync ? "FULL" : "NORMAL", kThreads * kChanges,
      static_cast<long long>(groups), kThreads * kChanges / seconds);
  EXPECT_LT(groups, kThreads * kChanges);
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(failures[t], 0);
    const std::string game = absl::StrCat("games/t", t);
    absl::StatusOr<std::vector<EventRow>> events =
        store->LoadEvents(game, 0, kChanges + 1);
    ASSERT_TRUE(events.ok());
    ASSERT_EQ(events->size(), static_cast<size_t>(kChanges));
    for (int i = 0; i < kChanges; ++i) {
      ASSERT_EQ((*events)[i].sequence, i + 1);
      ASSERT_EQ((*events)[i].payload, absl::StrCat(t, ":", i));
    }
    absl::StatusOr<std::optional<GameRow>> row = store->FindGame(game);
    ASSERT_TRUE(row.ok() && row->has_value());
    EXPECT_EQ((*row)->last_sequence, kChanges);
    EXPECT_EQ((*row)->snapshot, absl::StrCat("after ", kChanges));
  }
}

TEST(SqliteStoreTest, GroupCommitsFromEightThreadsFullSync) {
  CommitFromEightThreads(true);
}

TEST(SqliteStoreTest, GroupCommitsFromEightThreadsNormalSync) {
  CommitFromEightThreads(false);
}

TEST(SqliteStoreTest, ReadsRunWhileAGroupIsWritten) {
  TempDir dir;
  std::unique_ptr<SqliteStore> store = OpenOrDie(dir.File("games.db"));
  ASSERT_NE(store, nullptr);
  ASSERT_TRUE(CommitAndWait(*store, Create(Row("games/1"))).ok());
  // Another connection holds the write lock: the writer waits in BEGIN,
  // reads still answer.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.File("games.db").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr),
            SQLITE_OK);
  absl::Notification done;
  absl::Status status;
  store->Commit(Append("games/1", 0, {"a"}), [&](absl::Status s) {
    status = s;
    done.Notify();
  });
  absl::StatusOr<std::optional<GameRow>> row = store->FindGame("games/1");
  ASSERT_TRUE(row.ok()) << row.status();
  EXPECT_EQ((*row)->last_sequence, 0);
  EXPECT_FALSE(done.HasBeenNotified());
  ASSERT_EQ(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  done.WaitForNotification();
  EXPECT_TRUE(status.ok()) << status;
}

TEST(OpenStoreTest, OpensEachKindOfSpec) {
  TempDir dir;
  absl::StatusOr<std::unique_ptr<GameStore>> store =
      OpenStore("memory", dir.File("unused"));
  ASSERT_TRUE(store.ok()) << store.status();
  EXPECT_FALSE(std::filesystem::exists(dir.File("unused")));

  store = OpenStore(absl::StrCat("sqlite:", dir.File("x.db")), "");
  ASSERT_TRUE(store.ok()) << store.status();
  EXPECT_TRUE(std::filesystem::exists(dir.File("x.db")));

  const std::string data_dir = dir.File("data/nested");
  store = OpenStore("", data_dir);
  ASSERT_TRUE(store.ok()) << store.status();
  EXPECT_TRUE(CommitAndWait(**store, Create(Row("games/1"))).ok());
  EXPECT_TRUE(std::filesystem::exists(data_dir + "/caipan.db"));

  for (const char* bad : {"sqlite:", "Memory", "sqlite", "postgresql:x"}) {
    store = OpenStore(bad, data_dir);
    ASSERT_FALSE(store.ok()) << bad;
    EXPECT_EQ(store.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(store.status().message(),
              absl::StrCat("--store \"", bad,
                           "\": expected \"memory\", \"sqlite:PATH\" or "
                           "\"postgres:CONNINFO\""));
  }
}

}  // namespace
}  // namespace caipan::store
