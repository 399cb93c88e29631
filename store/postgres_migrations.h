// The PostgreSQL schema, as an ordered list of versioned steps. The version
// is the one row of caipan_schema; Migrate() runs every step above it in one
// transaction that holds an advisory lock, so several servers starting at
// once run each step exactly once.
#ifndef CAIPAN_STORE_POSTGRES_MIGRATIONS_H_
#define CAIPAN_STORE_POSTGRES_MIGRATIONS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "store/postgres_conn.h"

namespace caipan::store::pg {

struct Migration {
  int version;      // 1, 2, …: the schema version once the step has run
  const char* sql;  // the step's statements
};

// Every step, in version order.
absl::Span<const Migration> Migrations();
int CurrentSchemaVersion();

// The database's version (0 for an empty database).
absl::StatusOr<int> SchemaVersion(Connection& connection);

// Brings the database to the current version. FAILED_PRECONDITION, touching
// nothing, when it is newer than this build.
absl::Status Migrate(Connection& connection);

}  // namespace caipan::store::pg

#endif  // CAIPAN_STORE_POSTGRES_MIGRATIONS_H_
