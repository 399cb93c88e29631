#include "store/migrations.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"
#include "store/sqlite_db.h"

namespace caipan::store::sqlite {
namespace {

// Never edit a step once released: add one.
constexpr Migration kMigrations[] = {
    {1, R"sql(
CREATE TABLE games (
  id INTEGER PRIMARY KEY,                  -- creation order
  name TEXT NOT NULL UNIQUE,
  request_id TEXT,                         -- NULL for none
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  event TEXT NOT NULL,
  create_time_unix_ms INTEGER NOT NULL,
  spec BLOB NOT NULL,
  snapshot BLOB NOT NULL,
  last_sequence INTEGER NOT NULL
);
CREATE UNIQUE INDEX games_by_request_id ON games (request_id)
  WHERE request_id IS NOT NULL;
CREATE INDEX games_by_status ON games (status, id);
CREATE INDEX games_by_event ON games (event, id);

CREATE TABLE game_players (
  game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  player TEXT NOT NULL,
  PRIMARY KEY (game, position)
) WITHOUT ROWID;
CREATE INDEX game_players_by_player ON game_players (player, game);

CREATE TABLE events (
  game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  sequence INTEGER NOT NULL,
  payload BLOB NOT NULL,
  PRIMARY KEY (game, sequence)
) WITHOUT ROWID;
)sql"},
};

}  // namespace

absl::Span<const Migration> Migrations() { return kMigrations; }

int CurrentSchemaVersion() { return Migrations().back().version; }

absl::StatusOr<int> SchemaVersion(sqlite3* db) {
  absl::StatusOr<Statement> statement =
      Statement::Prepare(db, "PRAGMA user_version");
  if (!statement.ok()) return statement.status();
  absl::StatusOr<bool> row = statement->Step();
  if (!row.ok()) return row.status();
  if (!*row) return absl::InternalError("sqlite: PRAGMA user_version: no row");
  return static_cast<int>(statement->Int(0));
}

namespace {

absl::Status NewerThanBuild(int version) {
  return absl::FailedPreconditionError(absl::StrFormat(
      "database schema version %d is newer than this build (%d)", version,
      CurrentSchemaVersion()));
}

}  // namespace

absl::Status CheckNotNewer(sqlite3* db) {
  absl::StatusOr<int> version = SchemaVersion(db);
  if (!version.ok()) return version.status();
  if (*version > CurrentSchemaVersion()) return NewerThanBuild(*version);
  return absl::OkStatus();
}

absl::Status Migrate(sqlite3* db) {
  absl::StatusOr<int> current = SchemaVersion(db);
  if (!current.ok()) return current.status();
  if (*current > CurrentSchemaVersion()) return NewerThanBuild(*current);
  if (*current == CurrentSchemaVersion()) return absl::OkStatus();
  for (const Migration& step : Migrations()) {
    // The version is read again inside the transaction: another process may
    // have run the step meanwhile.
    CAIPAN_RETURN_IF_ERROR(Exec(db, "BEGIN IMMEDIATE"));
    absl::Status status = [&]() -> absl::Status {
      absl::StatusOr<int> version = SchemaVersion(db);
      if (!version.ok()) return version.status();
      if (*version > CurrentSchemaVersion()) return NewerThanBuild(*version);
      if (*version >= step.version) return absl::OkStatus();
      CAIPAN_RETURN_IF_ERROR(Exec(db, step.sql));
      const std::string set_version =
          absl::StrCat("PRAGMA user_version = ", step.version);
      return Exec(db, set_version.c_str());
    }();
    if (!status.ok()) {
      if (!sqlite3_get_autocommit(db)) Exec(db, "ROLLBACK").IgnoreError();
      return status;
    }
    if (absl::Status s = Exec(db, "COMMIT"); !s.ok()) {
      if (!sqlite3_get_autocommit(db)) Exec(db, "ROLLBACK").IgnoreError();
      return s;
    }
  }
  return absl::OkStatus();
}

}  // namespace caipan::store::sqlite
