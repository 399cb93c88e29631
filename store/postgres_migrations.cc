#include "store/postgres_migrations.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"

namespace caipan::store::pg {
namespace {

// The advisory lock key of migrations (any constant the database's other
// users do not take: the bytes of "caipan" as a number).
constexpr char kLockKey[] = "109270031950190";

// Never edit a step once released: add one.
constexpr Migration kMigrations[] = {
    {1, R"sql(
CREATE TABLE games (
  id bigserial PRIMARY KEY,               -- creation order (of inserts)
  name text NOT NULL UNIQUE,
  request_id text UNIQUE,                 -- NULL for none
  kind text NOT NULL,
  status text NOT NULL,
  event text NOT NULL,
  create_time_unix_ms bigint NOT NULL,
  spec bytea NOT NULL,
  snapshot bytea NOT NULL,
  last_sequence bigint NOT NULL
);
CREATE INDEX games_by_status ON games (status, id);
CREATE INDEX games_by_event ON games (event, id);

CREATE TABLE game_players (
  game bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  position integer NOT NULL,
  player text NOT NULL,
  PRIMARY KEY (game, position)
);
CREATE INDEX game_players_by_player ON game_players (player, game);

CREATE TABLE events (
  game bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  sequence bigint NOT NULL,
  payload bytea NOT NULL,
  PRIMARY KEY (game, sequence)
);
)sql"},
    // Games partitioned across servers (docs/scaling.md): each live game has
    // one owner, a server whose lease is in `servers`; owner_epoch grows with
    // every claim, so a server's write is fenced by the claim it holds.
    {2, R"sql(
CREATE TABLE servers (
  id text PRIMARY KEY,
  lease_until timestamptz NOT NULL
);
ALTER TABLE games ADD COLUMN owner text;
ALTER TABLE games ADD COLUMN owner_epoch bigint NOT NULL DEFAULT 0;
CREATE INDEX games_live_by_owner ON games (owner) WHERE status = 'live';
)sql"},
};

absl::Status NewerThanBuild(int version) {
  return absl::FailedPreconditionError(absl::StrFormat(
      "database schema version %d is newer than this build (%d)", version,
      CurrentSchemaVersion()));
}

}  // namespace

absl::Span<const Migration> Migrations() { return kMigrations; }

int CurrentSchemaVersion() { return Migrations().back().version; }

absl::StatusOr<int> SchemaVersion(Connection& connection) {
  absl::StatusOr<Result> exists =
      connection.Query("SELECT to_regclass('caipan_schema') IS NOT NULL");
  if (!exists.ok()) return exists.status();
  if (PQntuples(exists->get()) != 1 ||
      BytesAt(exists->get(), 0, 0) != std::string(1, '\1')) {
    return 0;
  }
  absl::StatusOr<Result> version =
      connection.Query("SELECT max(version)::bigint FROM caipan_schema");
  if (!version.ok()) return version.status();
  if (PQntuples(version->get()) != 1) return 0;
  return static_cast<int>(IntAt(version->get(), 0, 0));
}

absl::Status Migrate(Connection& connection) {
  CAIPAN_RETURN_IF_ERROR(connection.Run("BEGIN"));
  absl::Status status = [&]() -> absl::Status {
    // Every server starting at once waits here; the first runs the steps,
    // the others then find the version current.
    CAIPAN_RETURN_IF_ERROR(connection.Run(
        absl::StrCat("SELECT pg_advisory_xact_lock(", kLockKey, ")")));
    absl::StatusOr<int> version = SchemaVersion(connection);
    if (!version.ok()) return version.status();
    if (*version > CurrentSchemaVersion()) return NewerThanBuild(*version);
    if (*version == 0) {
      CAIPAN_RETURN_IF_ERROR(connection.Run(
          "CREATE TABLE caipan_schema (version integer NOT NULL)"));
    }
    for (const Migration& step : Migrations()) {
      if (step.version <= *version) continue;
      CAIPAN_RETURN_IF_ERROR(connection.RunScript(step.sql));
      if (absl::Status s = connection.RunScript(
              absl::StrCat("DELETE FROM caipan_schema; INSERT INTO "
                           "caipan_schema VALUES (",
                           step.version, ")"));
          !s.ok()) {
        return s;
      }
    }
    return absl::OkStatus();
  }();
  if (!status.ok()) {
    if (connection.ok()) connection.Run("ROLLBACK").IgnoreError();
    return status;
  }
  return connection.Run("COMMIT");
}

}  // namespace caipan::store::pg
