#include "store/postgres_store.h"

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "store/change_check.h"
#include "store/postgres_migrations.h"
#include "store/read_checks.h"

namespace caipan::store {

using pg::BytesAt;
using pg::IntAt;
using pg::Params;
using pg::Result;

namespace {

// The columns read into a GameRow by Rows(), of a games row aliased `g`,
// followed by one of its players (or NULL).
constexpr char kRowColumns[] =
    "g.id, g.name, g.request_id, g.kind, g.status, g.event, "
    "g.create_time_unix_ms, g.spec, g.snapshot, g.last_sequence, p.player";
constexpr char kWithPlayers[] = " LEFT JOIN game_players p ON p.game = g.id ";

// Changes written in one round trip at most (their statements and answers
// must fit the connection's buffers).
constexpr size_t kMaxPipeline = 256;

absl::Status Unavailable(const absl::Status& cause) {
  if (absl::IsUnavailable(cause)) return cause;
  return absl::UnavailableError(
      absl::StrCat("postgres: the group was not stored: ", cause.message()));
}

}  // namespace

absl::StatusOr<std::unique_ptr<PostgresStore>> PostgresStore::Open(
    const std::string& conninfo, const PostgresOptions& options) {
  const std::string server_id =
      options.server_id.empty() ? pg::NewServerId() : options.server_id;
  CAIPAN_RETURN_IF_ERROR(pg::CheckServerId(server_id));
  absl::StatusOr<pg::Connection> writer = pg::Connection::Open(conninfo);
  if (!writer.ok()) return writer.status();
  CAIPAN_RETURN_IF_ERROR(pg::Migrate(*writer));
  absl::StatusOr<pg::Connection> reader = pg::Connection::Open(conninfo);
  if (!reader.ok()) return reader.status();
  auto store = std::unique_ptr<PostgresStore>(new PostgresStore(
      options, server_id, *std::move(writer), *std::move(reader)));
  pg::ListenerOptions listening;
  listening.server_id = server_id;
  listening.lease = absl::Milliseconds(std::max(options.lease_ms, 100));
  listening.max_adopt = options.max_adopt;
  absl::StatusOr<std::unique_ptr<pg::Listener>> listener =
      pg::Listener::Start(conninfo, std::move(listening), store->Hooks());
  if (!listener.ok()) return listener.status();
  store->listener_ = *std::move(listener);
  return store;
}

PostgresStore::PostgresStore(const PostgresOptions& options,
                             std::string server_id, pg::Connection writer,
                             pg::Connection reader)
    : QueuedStore(options.max_group),
      server_id_(std::move(server_id)),
      writer_(std::move(writer)),
      reader_(std::move(reader)) {
  StartWriter();
}

PostgresStore::~PostgresStore() {
  Close();
  // After the last write: gives the lease and this server's games up.
  listener_.reset();
}

std::vector<absl::Status> PostgresStore::WriteGroup(
    std::vector<Change>& changes) {
  std::vector<absl::Status> statuses(changes.size());
  // Every change not already failed fails: nothing of the group is stored
  // (or, when the connection died during COMMIT, it is unknown whether it
  // was: the caller treats it as not stored and rereads).
  auto fail_all = [&](const absl::Status& error) {
    if (writer_.ok()) writer_.Run("ROLLBACK").IgnoreError();
    const absl::Status unavailable = Unavailable(error);
    for (absl::Status& status : statuses) {
      if (status.ok()) status = unavailable;
    }
    return std::move(statuses);
  };
  if (absl::Status s = writer_.EnsureOpen(); !s.ok()) return fail_all(s);
  // Rows are locked in name order, so that two servers' groups never wait
  // for each other in a cycle; one game's changes keep their queue order.
  std::vector<size_t> order(changes.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return changes[a].game < changes[b].game;
  });
  // The common group, moves and other changes to existing games that fit
  // one batch: the whole transaction in one round trip.
  const bool one_trip =
      changes.size() <= kMaxPipeline &&
      std::all_of(changes.begin(), changes.end(), [](const Change& change) {
        return !change.create.has_value() && change.together.empty() &&
               CheckChange(change).ok();
      });
  if (one_trip) {
    if (absl::Status s = WriteInOneTrip(changes, order, statuses); !s.ok())
      return fail_all(s);
    ForgetFinished(changes, statuses);
    return statuses;
  }
  if (absl::Status s = writer_.Run("BEGIN"); !s.ok()) return fail_all(s);
  // Changes to existing games go in batches, each in one round trip; an
  // error of a statement itself (not a refusal) breaks the transaction:
  // nothing of the group is stored.
  std::vector<size_t> batch;
  for (size_t i : order) {
    const Change& change = changes[i];
    if (absl::Status s = CheckChange(change); !s.ok()) {
      statuses[i] = std::move(s);
      continue;
    }
    const bool alone = !change.create.has_value() && change.together.empty();
    if (alone) {
      batch.push_back(i);
      if (batch.size() < kMaxPipeline) continue;
    }
    if (absl::Status s = WriteBatch(changes, batch, statuses); !s.ok()) {
      return fail_all(s);
    }
    if (alone) continue;
    // A create may lose a race for its name or request_id, and changes
    // stored together fail as one: under a savepoint, so that the rest of
    // the group goes on.
    if (absl::Status s = writer_.Run("SAVEPOINT change"); !s.ok()) {
      return fail_all(s);
    }
    absl::Status status = WriteTogether(change);
    if (!status.ok()) {
      if (!writer_.ok()) return fail_all(status);
      if (absl::Status s = writer_.Run("ROLLBACK TO SAVEPOINT change");
          !s.ok()) {
        return fail_all(s);
      }
      statuses[i] = std::move(status);
    }
    if (absl::Status s = writer_.Run("RELEASE SAVEPOINT change"); !s.ok()) {
      return fail_all(s);
    }
  }
  if (absl::Status s = WriteBatch(changes, batch, statuses); !s.ok()) {
    return fail_all(s);
  }
  if (absl::Status s = writer_.Run("COMMIT"); !s.ok()) return fail_all(s);
  ForgetFinished(changes, statuses);
  return statuses;
}

void PostgresStore::ForgetFinished(const std::vector<Change>& changes,
                                   const std::vector<absl::Status>& statuses) {
  for (size_t i = 0; i < changes.size(); ++i) {
    if (statuses[i].ok() && changes[i].status.has_value() &&
        *changes[i].status != "live") {
      DropClaim(changes[i].game);
    }
  }
}

absl::Status PostgresStore::WriteInOneTrip(
    const std::vector<Change>& changes, const std::vector<size_t>& order,
    std::vector<absl::Status>& statuses) {
  // BEGIN, each change's statement, COMMIT: sent together, answered
  // together. A statement's error makes COMMIT roll back: nothing stored.
  CAIPAN_RETURN_IF_ERROR(writer_.Prepare("caipan_begin", "BEGIN", Params()));
  CAIPAN_RETURN_IF_ERROR(writer_.Prepare("caipan_commit", "COMMIT", Params()));
  const Params none;
  std::vector<Params> params(order.size());
  std::vector<std::pair<std::string, const Params*>> statements;
  statements.emplace_back("caipan_begin", &none);
  for (size_t j = 0; j < order.size(); ++j) {
    CAIPAN_RETURN_IF_ERROR(
        PrepareWrite(changes[order[j]], params[j], statements));
  }
  statements.emplace_back("caipan_commit", &none);
  std::vector<Result> results;
  CAIPAN_RETURN_IF_ERROR(writer_.Pipeline(statements, &results));
  if (results.size() != statements.size())
    return absl::InternalError("postgres: the group's answers are missing");
  for (size_t j = 0; j < order.size(); ++j)
    statuses[order[j]] = WriteOutcome(changes[order[j]], results[j + 1].get());
  return absl::OkStatus();
}

absl::Status PostgresStore::WriteTogether(const Change& change) {
  absl::Status status = WriteAlone(change);
  for (size_t i = 0; status.ok() && i < change.together.size(); ++i) {
    status = WriteAlone(change.together[i]);
  }
  return status;
}

absl::Status PostgresStore::WriteAlone(const Change& change) {
  absl::Status status;
  if (change.create.has_value()) status = Create(*change.create);
  if (status.ok()) {
    if (absl::Status s = Write(change, &status); !s.ok()) status = s;
  }
  return status;
}

absl::StatusOr<bool> PostgresStore::Taken(const char* column,
                                          const std::string& value) {
  Params params;
  params.Text(value);
  absl::StatusOr<Result> taken = writer_.Query(
      absl::StrCat("SELECT 1 FROM games WHERE ", column, " = $1"), params);
  if (!taken.ok()) return taken.status();
  return PQntuples(taken->get()) > 0;
}

absl::Status PostgresStore::Create(const GameRow& row) {
  absl::StatusOr<bool> taken = Taken("name", row.name);
  if (!taken.ok()) return taken.status();
  if (*taken) return NameTaken(row.name);
  if (!row.request_id.empty()) {
    taken = Taken("request_id", row.request_id);
    if (!taken.ok()) return taken.status();
    if (*taken) return RequestIdTaken(row.request_id);
  }
  Params params;
  params.Text(row.name);
  if (row.request_id.empty()) {
    params.Null();
  } else {
    params.Text(row.request_id);
  }
  params.Text(row.kind).Text(row.status).Text(row.event);
  params.Int(row.create_time_unix_ms).Bytes(row.spec).Bytes(row.snapshot);
  // A game is owned by the server that creates it (epoch 1); a tournament
  // has no owner: every server changes it, the sequence check between them.
  const bool owned = row.kind != kTournamentKind;
  if (owned) {
    params.Text(server_id_);
  } else {
    params.Null();
  }
  absl::StatusOr<Result> inserted = writer_.Query(
      "INSERT INTO games (name, request_id, kind, status, event, "
      "create_time_unix_ms, spec, snapshot, last_sequence, owner, "
      "owner_epoch) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, "
      "CASE WHEN $9 IS NULL THEN 0 ELSE 1 END) RETURNING id",
      params);
  if (absl::IsAlreadyExists(inserted.status())) {
    // Another server created it since the check above.
    return absl::StrContains(inserted.status().message(), "request_id")
               ? RequestIdTaken(row.request_id)
               : NameTaken(row.name);
  }
  if (!inserted.ok()) return inserted.status();
  if (owned) SetClaim(row.name, 1);
  if (row.players.empty()) return absl::OkStatus();
  Params players;
  players.Int(IntAt(inserted->get(), 0, 0));
  std::string sql = "INSERT INTO game_players (game, position, player) VALUES ";
  for (size_t i = 0; i < row.players.size(); ++i) {
    players.Text(row.players[i]);
    absl::StrAppend(&sql, i == 0 ? "" : ", ", "($1, ", i, ", $", i + 2, ")");
  }
  return writer_.Run(sql, players);
}

std::string PostgresStore::WriteSql(const Change& change, int64_t epoch,
                                    Params& params) const {
  // One statement, one round trip: lock the game's row (another server's
  // change to it waits, then sees this one's sequence), check the sequence
  // and this server's claim, and only if both match append the events and
  // update the row. Its answer: the stored sequence (NULL: no such game),
  // whether the change was made, and whether the claim holds.
  const int64_t expected = change.expected_last_sequence;
  const int64_t new_last =
      expected + static_cast<int64_t>(change.events.size());
  params.Text(change.game).Int(expected).Int(new_last);
  if (change.status.has_value()) {
    params.Text(*change.status);
  } else {
    params.Null();
  }
  if (change.snapshot.has_value()) {
    params.Bytes(*change.snapshot);
  } else {
    params.NullBytes();
  }
  // $6 and $7: this server's claim (epoch 0: none). A game is changed by
  // its owner only; a tournament by any server.
  params.Text(server_id_).Int(epoch);
  std::string sql = absl::StrCat(
      "WITH g AS (SELECT id, last_sequence, (kind = '", kTournamentKind,
      "' OR (owner = $6 AND owner_epoch = $7)) AS held FROM games "
      "WHERE name = $1 FOR UPDATE), "
      "ok AS (SELECT id FROM g WHERE last_sequence = $2 AND held), ");
  if (!change.events.empty()) {
    sql +=
        "appended AS (INSERT INTO events (game, sequence, payload) "
        "SELECT ok.id, v.sequence, v.payload FROM ok, (VALUES ";
    for (size_t i = 0; i < change.events.size(); ++i) {
      params.Int(expected + static_cast<int64_t>(i) + 1);
      params.Bytes(change.events[i].payload);
      absl::StrAppend(&sql, i == 0 ? "" : ", ", "($", 8 + 2 * i, "::bigint, $",
                      9 + 2 * i, "::bytea)");
    }
    sql += ") AS v (sequence, payload)), ";
  }
  absl::StrAppend(&sql,
                  "updated AS (UPDATE games SET last_sequence = $3, "
                  "status = coalesce($4, games.status), "
                  "snapshot = coalesce($5, games.snapshot) FROM ok "
                  "WHERE games.id = ok.id RETURNING games.id) "
                  "SELECT (SELECT last_sequence FROM g), "
                  "(SELECT count(*) FROM updated), "
                  "(SELECT CASE WHEN held THEN 1 ELSE 0 END FROM g)::bigint");
  return sql;
}

absl::Status PostgresStore::WriteOutcome(const Change& change,
                                         const PGresult* r) {
  if (PQntuples(r) != 1) {
    return absl::InternalError("postgres: the change's answer has no row");
  }
  if (pg::IsNullAt(r, 0, 0)) return GameNotFound(change.game);
  if (IntAt(r, 0, 1) != 1) {
    if (IntAt(r, 0, 2) != 1) return GameMoved(change.game);
    return SequenceMismatch(change.game, change.expected_last_sequence,
                            IntAt(r, 0, 0));
  }
  return absl::OkStatus();
}

absl::Status PostgresStore::Write(const Change& change, absl::Status* outcome) {
  Params params;
  const std::string sql = WriteSql(change, ClaimEpoch(change.game), params);
  absl::StatusOr<Result> result = writer_.Query(sql, params);
  if (!result.ok()) return result.status();
  *outcome = WriteOutcome(change, result->get());
  return absl::OkStatus();
}

absl::Status PostgresStore::PrepareWrite(
    const Change& change, Params& params,
    std::vector<std::pair<std::string, const Params*>>& statements) {
  // One prepared statement per number of events.
  const std::string sql = WriteSql(change, ClaimEpoch(change.game), params);
  std::string name = absl::StrCat("caipan_write_", change.events.size());
  CAIPAN_RETURN_IF_ERROR(writer_.Prepare(name, sql, params));
  statements.emplace_back(std::move(name), &params);
  return absl::OkStatus();
}

absl::Status PostgresStore::WriteBatch(std::vector<Change>& changes,
                                       std::vector<size_t>& batch,
                                       std::vector<absl::Status>& statuses) {
  if (batch.empty()) return absl::OkStatus();
  std::vector<Params> params(batch.size());
  std::vector<std::pair<std::string, const Params*>> statements;
  for (size_t j = 0; j < batch.size(); ++j) {
    CAIPAN_RETURN_IF_ERROR(
        PrepareWrite(changes[batch[j]], params[j], statements));
  }
  std::vector<Result> results;
  CAIPAN_RETURN_IF_ERROR(writer_.Pipeline(statements, &results));
  for (size_t j = 0; j < batch.size(); ++j) {
    statuses[batch[j]] = WriteOutcome(changes[batch[j]], results[j].get());
  }
  batch.clear();
  return absl::OkStatus();
}

absl::StatusOr<std::vector<GameRow>> PostgresStore::Rows(
    std::string_view sql, const Params& params, std::vector<int64_t>* ids) {
  CAIPAN_RETURN_IF_ERROR(reader_.EnsureOpen());
  absl::StatusOr<Result> result = reader_.Query(sql, params);
  if (!result.ok()) return result.status();
  const PGresult* r = result->get();
  std::vector<GameRow> rows;
  int64_t current = -1;
  for (int i = 0; i < PQntuples(r); ++i) {
    const int64_t id = IntAt(r, i, 0);
    if (id != current) {
      current = id;
      GameRow row;
      row.name = BytesAt(r, i, 1);
      row.request_id = BytesAt(r, i, 2);  // NULL reads as ""
      row.kind = BytesAt(r, i, 3);
      row.status = BytesAt(r, i, 4);
      row.event = BytesAt(r, i, 5);
      row.create_time_unix_ms = IntAt(r, i, 6);
      row.spec = BytesAt(r, i, 7);
      row.snapshot = BytesAt(r, i, 8);
      row.last_sequence = IntAt(r, i, 9);
      rows.push_back(std::move(row));
      if (ids != nullptr) ids->push_back(id);
    }
    if (!pg::IsNullAt(r, i, 10))
      rows.back().players.push_back(BytesAt(r, i, 10));
  }
  return rows;
}

absl::StatusOr<std::optional<GameRow>> PostgresStore::One(
    const char* where, std::string_view key) {
  Params params;
  params.Text(key);
  absl::MutexLock lock(&read_mu_);
  absl::StatusOr<std::vector<GameRow>> rows =
      Rows(absl::StrCat("SELECT ", kRowColumns, " FROM games g", kWithPlayers,
                        "WHERE ", where, " ORDER BY p.position"),
           params, nullptr);
  if (!rows.ok()) return rows.status();
  if (rows->empty()) return std::nullopt;
  return std::move(rows->front());
}

absl::StatusOr<std::optional<GameRow>> PostgresStore::FindGame(
    std::string_view name) {
  return One("g.name = $1", name);
}

absl::StatusOr<std::optional<GameRow>> PostgresStore::FindByRequestId(
    std::string_view request_id) {
  if (request_id.empty()) return std::nullopt;
  return One("g.request_id = $1", request_id);
}

absl::StatusOr<std::vector<GameRow>> PostgresStore::LoadLiveGames() {
  absl::MutexLock lock(&read_mu_);
  return Rows(
      absl::StrCat("SELECT ", kRowColumns, " FROM games g", kWithPlayers,
                   "WHERE g.status = 'live' ORDER BY g.id, p.position"),
      Params(), nullptr);
}

absl::StatusOr<std::vector<EventRow>> PostgresStore::LoadEvents(
    std::string_view game, int64_t after_sequence, int limit) {
  CAIPAN_RETURN_IF_ERROR(CheckEventLimit(limit));
  Params params;
  params.Text(game).Int(after_sequence).Int(limit);
  absl::MutexLock lock(&read_mu_);
  CAIPAN_RETURN_IF_ERROR(reader_.EnsureOpen());
  // One row with NULLs: the game exists, with no events after the sequence.
  absl::StatusOr<Result> result = reader_.Query(
      "SELECT e.sequence, e.payload FROM games g LEFT JOIN events e "
      "ON e.game = g.id AND e.sequence > $2 WHERE g.name = $1 "
      "ORDER BY e.sequence LIMIT $3",
      params);
  if (!result.ok()) return result.status();
  const PGresult* r = result->get();
  if (PQntuples(r) == 0) return GameNotFound(game);
  std::vector<EventRow> events;
  for (int i = 0; i < PQntuples(r); ++i) {
    if (pg::IsNullAt(r, i, 0)) continue;
    events.push_back(EventRow{IntAt(r, i, 0), BytesAt(r, i, 1)});
  }
  return events;
}

absl::StatusOr<ListPage> PostgresStore::ListGames(const ListQuery& query) {
  absl::StatusOr<int64_t> after = PageStart(query);
  if (!after.ok()) return after.status();
  // $1 the id after which the page starts, $2 status, $3 event, $4 player,
  // $5 the limit, $6 1 for tournaments, 0 for games: every one is bound.
  std::string page =
      absl::StrCat("SELECT * FROM games WHERE id > $1 AND (kind = '",
                   kTournamentKind, "') = ($6 = 1)");
  if (!query.status.empty()) absl::StrAppend(&page, " AND status = $2");
  if (!query.event.empty()) absl::StrAppend(&page, " AND event = $3");
  if (!query.player.empty()) {
    absl::StrAppend(&page,
                    " AND id IN (SELECT game FROM game_players "
                    "WHERE player = $4 AND game > $1)");
  }
  absl::StrAppend(&page, " ORDER BY id LIMIT $5");
  Params params;
  params.Int(*after).Text(query.status).Text(query.event).Text(query.player);
  // One more than the page: whether another page follows.
  params.Int(query.page_size + 1).Int(query.tournaments ? 1 : 0);
  std::vector<int64_t> ids;
  absl::MutexLock lock(&read_mu_);
  absl::StatusOr<std::vector<GameRow>> rows = Rows(
      absl::StrCat("WITH page AS (", page, ") SELECT ", kRowColumns,
                   " FROM page g", kWithPlayers, "ORDER BY g.id, p.position"),
      params, &ids);
  if (!rows.ok()) return rows.status();
  return PageOf(*std::move(rows), ids, query.page_size);
}

absl::StatusOr<std::unique_ptr<GameStore>> OpenPostgresStore(
    const std::string& conninfo, const PostgresOptions& options) {
  absl::StatusOr<std::unique_ptr<PostgresStore>> store =
      PostgresStore::Open(conninfo, options);
  if (!store.ok()) return store.status();
  return std::unique_ptr<GameStore>(*std::move(store));
}

}  // namespace caipan::store
