// Group commit under a closed loop: 8 threads each wait for their change to be
// durable before sending the next, as game sessions do. Prints the throughput
// and the mean group size for FULL and NORMAL sync.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "store/game_store.h"
#include "store/sqlite_store.h"
#include "tests/store/store_test_util.h"

namespace caipan::store {
namespace {

using ::caipan::store::testing::Append;
using ::caipan::store::testing::CommitAndWait;
using ::caipan::store::testing::Create;
using ::caipan::store::testing::Row;
using ::caipan::store::testing::TempDir;

void ClosedLoop(bool full_sync) {
  constexpr int kThreads = 8;
  constexpr int kChanges = 500;
  TempDir dir;
  SqliteOptions options;
  options.full_sync = full_sync;
  absl::StatusOr<std::unique_ptr<SqliteStore>> store =
      SqliteStore::Open(dir.File("games.db"), options);
  ASSERT_TRUE(store.ok()) << store.status();
  for (int t = 0; t < kThreads; ++t) {
    ASSERT_TRUE(
        CommitAndWait(**store, Create(Row(absl::StrCat("games/t", t)))).ok());
  }
  const int64_t groups_before = (*store)->groups_written();
  std::vector<int> failures(kThreads, 0);
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      const std::string game = absl::StrCat("games/t", t);
      for (int i = 0; i < kChanges; ++i) {
        absl::Status status =
            CommitAndWait(**store, Append(game, i, {std::string(200, 'm')},
                                          std::nullopt, std::string(300, 's')));
        if (!status.ok()) ++failures[t];
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  const int64_t groups = (*store)->groups_written() - groups_before;
  std::printf(
      "[ sqlite   ] closed loop, %s sync, %d threads: %d changes in %.2f s "
      "= %.0f changes/s, %lld groups (%.1f changes/group)\n",
      full_sync ? "FULL" : "NORMAL", kThreads, kThreads * kChanges, seconds,
      kThreads * kChanges / seconds, static_cast<long long>(groups),
      static_cast<double>(kThreads * kChanges) / static_cast<double>(groups));
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(failures[t], 0);
    absl::StatusOr<std::optional<GameRow>> row =
        (*store)->FindGame(absl::StrCat("games/t", t));
    ASSERT_TRUE(row.ok() && row->has_value());
    EXPECT_EQ((*row)->last_sequence, kChanges);
  }
}

TEST(GroupCommitSlowTest, ClosedLoopFullSync) { ClosedLoop(true); }
TEST(GroupCommitSlowTest, ClosedLoopNormalSync) { ClosedLoop(false); }

}  // namespace
}  // namespace caipan::store
