// The SQLite schema, as an ordered list of versioned steps. A database's
// version is its PRAGMA user_version; opening it runs every step above that
// version, each in its own transaction.
#ifndef CAIPAN_STORE_MIGRATIONS_H_
#define CAIPAN_STORE_MIGRATIONS_H_

#include <sqlite3.h>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace caipan::store::sqlite {

struct Migration {
  int version;      // 1, 2, …: the schema version once the step has run
  const char* sql;  // the step's statements
};

// Every step, in version order.
absl::Span<const Migration> Migrations();

// The version of the newest step.
int CurrentSchemaVersion();

// The database's PRAGMA user_version.
absl::StatusOr<int> SchemaVersion(sqlite3* db);

// FAILED_PRECONDITION when the database is newer than this build.
absl::Status CheckNotNewer(sqlite3* db);

// Brings `db` to the current version. FAILED_PRECONDITION, touching nothing,
// when the database is newer than this build.
absl::Status Migrate(sqlite3* db);

}  // namespace caipan::store::sqlite

#endif  // CAIPAN_STORE_MIGRATIONS_H_
