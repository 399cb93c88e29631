// Thin RAII wrappers over the SQLite C API: a connection, a prepared
// statement, and the mapping of SQLite errors to absl::Status.
#ifndef CAIPAN_STORE_SQLITE_DB_H_
#define CAIPAN_STORE_SQLITE_DB_H_

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace caipan::store::sqlite {

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;

// UNAVAILABLE for errors of the environment (busy, locked, I/O, disk full,
// cannot open), INTERNAL otherwise; the message names `what` and SQLite's
// own message.
absl::Status Error(sqlite3* db, int code, std::string_view what);

// Opens (creating if needed) the database at `path`, with extended result
// codes and a busy timeout.
absl::StatusOr<Db> Open(const std::string& path);

// Runs `sql` (one or more statements, no results).
absl::Status Exec(sqlite3* db, const char* sql);

// A prepared statement. Bind indexes are 1-based, column indexes 0-based.
class Statement {
 public:
  static absl::StatusOr<Statement> Prepare(sqlite3* db, std::string_view sql);

  Statement() = default;
  Statement(Statement&&) = default;
  Statement& operator=(Statement&&) = default;

  void BindInt(int index, int64_t value);
  void BindText(int index, std::string_view value);
  void BindBlob(int index, std::string_view value);
  void BindNull(int index);

  // True for a row, false when done.
  absl::StatusOr<bool> Step();
  // Steps once and expects no row.
  absl::Status Run();

  int64_t Int(int column) const;
  std::string Text(int column) const;
  std::string Blob(int column) const;
  bool IsNull(int column) const;

  // Ready to run again, bindings cleared. Every use ends with it, so that no
  // statement keeps a read transaction open.
  void Reset();

 private:
  struct Finalizer {
    void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
  };
  explicit Statement(sqlite3_stmt* stmt) : stmt_(stmt) {}

  std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
};

// Resets a statement when it goes out of scope.
class ResetOnExit {
 public:
  explicit ResetOnExit(Statement& statement) : statement_(statement) {}
  ResetOnExit(const ResetOnExit&) = delete;
  ResetOnExit& operator=(const ResetOnExit&) = delete;
  ~ResetOnExit() { statement_.Reset(); }

 private:
  Statement& statement_;
};

}  // namespace caipan::store::sqlite

#endif  // CAIPAN_STORE_SQLITE_DB_H_
