// Background WAL checkpoints (see sqlite_checkpointer.h).
#include "store/sqlite_checkpointer.h"

#include <utility>

namespace caipan::store {

absl::StatusOr<std::unique_ptr<SqliteCheckpointer>> SqliteCheckpointer::Start(
    const std::string& path, absl::Duration interval) {
  absl::StatusOr<sqlite::Db> db = sqlite::Open(path);
  if (!db.ok()) return db.status();
  return std::unique_ptr<SqliteCheckpointer>(
      new SqliteCheckpointer(*std::move(db), interval));
}

SqliteCheckpointer::SqliteCheckpointer(sqlite::Db db, absl::Duration interval)
    : db_(std::move(db)), interval_(interval), thread_([this] { Run(); }) {}

SqliteCheckpointer::~SqliteCheckpointer() {
  stop_.Notify();
  thread_.join();
}

void SqliteCheckpointer::Run() {
  while (!stop_.WaitForNotificationWithTimeout(interval_)) {
    // A checkpoint that cannot finish now (a reader holds an old snapshot)
    // finishes at a later turn; nothing to report.
    (void)sqlite::Exec(db_.get(), "PRAGMA wal_checkpoint(PASSIVE)");
  }
}

}  // namespace caipan::store
