// The SQLite store: one database file in WAL mode. The writer thread owns one
// connection and writes each group in one transaction, each change under its
// own savepoint; reads share a second connection, guarded by a mutex, and run
// while the writer writes; a third connection checkpoints the log.
#ifndef CAIPAN_STORE_SQLITE_STORE_H_
#define CAIPAN_STORE_SQLITE_STORE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "store/game_store.h"
#include "store/queued_store.h"
#include "store/sqlite_checkpointer.h"

namespace caipan::store {

class SqliteStore final : public QueuedStore {
 public:
  // See OpenSqliteStore().
  static absl::StatusOr<std::unique_ptr<SqliteStore>> Open(
      const std::string& path, const SqliteOptions& options = {});
  ~SqliteStore() override;

  absl::StatusOr<std::optional<GameRow>> FindGame(
      std::string_view name) override;
  absl::StatusOr<std::optional<GameRow>> FindByRequestId(
      std::string_view request_id) override;
  absl::StatusOr<std::vector<GameRow>> LoadLiveGames() override;
  absl::StatusOr<std::vector<EventRow>> LoadEvents(std::string_view game,
                                                   int64_t after_sequence,
                                                   int limit) override;
  absl::StatusOr<ListPage> ListGames(const ListQuery& query) override;

 private:
  struct Writer;  // the writer's connection and statements
  struct Reader;  // the readers' connection and statements

  SqliteStore(const SqliteOptions& options, std::unique_ptr<Writer> writer,
              std::unique_ptr<Reader> reader);

  std::vector<absl::Status> WriteGroup(std::vector<Change>& changes) override;
  // Writes `change` and the changes stored together with it (inside the
  // caller's savepoint, which undoes all of them on an error).
  absl::Status Apply(Change& change);
  absl::Status ApplyOne(Change& change);

  // Used by the writer thread only (and by Open before it starts).
  std::unique_ptr<Writer> writer_;
  absl::Mutex read_mu_;
  std::unique_ptr<Reader> reader_ ABSL_PT_GUARDED_BY(read_mu_);
  std::unique_ptr<SqliteCheckpointer> checkpointer_;
};

}  // namespace caipan::store

#endif  // CAIPAN_STORE_SQLITE_STORE_H_
