// Helpers shared by the store tests: a temporary directory, synchronous
// commits, and changes built in one line.
#ifndef CAIPAN_TESTS_STORE_STORE_TEST_UTIL_H_
#define CAIPAN_TESTS_STORE_STORE_TEST_UTIL_H_

#include <stdlib.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/synchronization/notification.h"
#include "gtest/gtest.h"
#include "store/game_store.h"

namespace caipan::store::testing {

// A fresh directory, removed with everything in it on destruction.
class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "caipan_store_XXXXXX")
            .string();
    const char* made = mkdtemp(pattern.data());
    EXPECT_NE(made, nullptr);
    path_ = pattern;
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }

  const std::filesystem::path& path() const { return path_; }
  std::string File(const std::string& name) const {
    return (path_ / name).string();
  }

 private:
  std::filesystem::path path_;
};

// Commits `change` and waits for its callback.
inline absl::Status CommitAndWait(GameStore& store, Change change) {
  absl::Status result;
  absl::Notification done;
  store.Commit(std::move(change), [&](absl::Status status) {
    result = std::move(status);
    done.Notify();
  });
  done.WaitForNotification();
  return result;
}

inline GameRow Row(const std::string& name, std::string request_id = "",
                   std::vector<std::string> players = {"alice", "bob"},
                   std::string status = "live", std::string event = "") {
  GameRow row;
  row.name = name;
  row.request_id = std::move(request_id);
  row.kind = "xiangqi";
  row.status = std::move(status);
  row.event = std::move(event);
  row.players = std::move(players);
  row.create_time_unix_ms = 1700000000000;
  row.spec = "spec of " + name;
  row.snapshot = "start";
  return row;
}

// Creates `row` with `payloads` as its first events.
inline Change Create(GameRow row, std::vector<std::string> payloads = {}) {
  Change change;
  change.game = row.name;
  change.create = std::move(row);
  for (std::string& payload : payloads) {
    change.events.push_back(EventRow{0, std::move(payload)});
  }
  return change;
}

// Appends `payloads` to `game`, building on `expected`.
inline Change Append(const std::string& game, int64_t expected,
                     std::vector<std::string> payloads,
                     std::optional<std::string> status = std::nullopt,
                     std::optional<std::string> snapshot = std::nullopt) {
  Change change;
  change.game = game;
  change.expected_last_sequence = expected;
  for (std::string& payload : payloads) {
    change.events.push_back(EventRow{0, std::move(payload)});
  }
  change.status = std::move(status);
  change.snapshot = std::move(snapshot);
  return change;
}

}  // namespace caipan::store::testing

#endif  // CAIPAN_TESTS_STORE_STORE_TEST_UTIL_H_
