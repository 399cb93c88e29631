// Moves the SQLite write-ahead log back into the database file on a thread
// and connection of its own (PASSIVE checkpoints: they never block the
// writer or the readers). The writer's own automatic checkpoints are turned
// off, so a commit never waits for one: they made the slowest commits.
#ifndef CAIPAN_STORE_SQLITE_CHECKPOINTER_H_
#define CAIPAN_STORE_SQLITE_CHECKPOINTER_H_

#include <memory>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "absl/synchronization/notification.h"
#include "absl/time/time.h"
#include "store/sqlite_db.h"

namespace caipan::store {

class SqliteCheckpointer {
 public:
  // Opens its own connection to `path` and checkpoints every `interval`
  // until destroyed.
  static absl::StatusOr<std::unique_ptr<SqliteCheckpointer>> Start(
      const std::string& path, absl::Duration interval);
  ~SqliteCheckpointer();

 private:
  SqliteCheckpointer(sqlite::Db db, absl::Duration interval);
  void Run();

  sqlite::Db db_;
  const absl::Duration interval_;
  absl::Notification stop_;
  std::thread thread_;
};

}  // namespace caipan::store

#endif  // CAIPAN_STORE_SQLITE_CHECKPOINTER_H_
