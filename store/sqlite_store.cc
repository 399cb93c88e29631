#include "store/sqlite_store.h"

#include <sqlite3.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "store/change_check.h"
#include "store/migrations.h"
#include "store/read_checks.h"
#include "store/sqlite_db.h"

namespace caipan::store {

using sqlite::Db;
using sqlite::ResetOnExit;
using sqlite::Statement;

namespace {

// The columns read into a GameRow, by RowAt(); `id` first.
constexpr char kRowColumns[] =
    "id, name, request_id, kind, status, event, create_time_unix_ms, spec, "
    "snapshot, last_sequence";

// Filters of ListGames, as bits of the index of its statements.
constexpr int kByStatus = 1;
constexpr int kByEvent = 2;
constexpr int kByPlayer = 4;

std::string ListSql(int filters) {
  // ?1 the id after which the page starts, ?2 status, ?3 event, ?4 player,
  // ?5 the limit, ?6 1 for tournaments, 0 for games: every index is bound,
  // used or not.
  std::string sql = absl::StrCat("SELECT ", kRowColumns,
                                 " FROM games WHERE id > ?1 AND (kind = '",
                                 kTournamentKind, "') = ?6");
  if (filters & kByStatus) absl::StrAppend(&sql, " AND status = ?2");
  if (filters & kByEvent) absl::StrAppend(&sql, " AND event = ?3");
  if (filters & kByPlayer) {
    absl::StrAppend(&sql,
                    " AND id IN (SELECT game FROM game_players "
                    "WHERE player = ?4 AND game > ?1)");
  }
  absl::StrAppend(&sql, " ORDER BY id LIMIT ?5");
  return sql;
}

// The game at the current row of `statement` (columns kRowColumns), without
// its players.
GameRow RowAt(const Statement& statement) {
  GameRow row;
  row.name = statement.Text(1);
  row.request_id = statement.Text(2);  // NULL reads as ""
  row.kind = statement.Text(3);
  row.status = statement.Text(4);
  row.event = statement.Text(5);
  row.create_time_unix_ms = statement.Int(6);
  row.spec = statement.Blob(7);
  row.snapshot = statement.Blob(8);
  row.last_sequence = statement.Int(9);
  return row;
}

// Runs a statement that returns no rows, and resets it.
absl::Status RunOnce(Statement& statement) {
  ResetOnExit reset(statement);
  return statement.Run();
}

// Prepares each (statement, sql) pair, stopping at the first error.
absl::Status PrepareAll(
    sqlite3* db,
    std::initializer_list<std::pair<Statement*, std::string_view>> list) {
  for (const auto& [statement, sql] : list) {
    absl::StatusOr<Statement> prepared = Statement::Prepare(db, sql);
    if (!prepared.ok()) return prepared.status();
    *statement = *std::move(prepared);
  }
  return absl::OkStatus();
}

absl::Status SetJournalModeWal(sqlite3* db) {
  absl::StatusOr<Statement> statement =
      Statement::Prepare(db, "PRAGMA journal_mode = WAL");
  if (!statement.ok()) return statement.status();
  absl::StatusOr<bool> row = statement->Step();
  if (!row.ok()) return row.status();
  const std::string mode =
      *row ? absl::AsciiStrToLower(statement->Text(0)) : "";
  if (mode != "wal") {
    return absl::FailedPreconditionError(absl::StrCat(
        "sqlite: cannot use WAL mode (journal_mode is \"", mode, "\")"));
  }
  return absl::OkStatus();
}

}  // namespace

struct SqliteStore::Writer {
  Db db;
  Statement begin, commit, rollback;
  Statement savepoint, release, rollback_to;
  Statement find_game, find_request_id;
  Statement insert_game, insert_player, insert_event, update_game;

  absl::Status Prepare() {
    return PrepareAll(
        db.get(),
        {
            {&begin, "BEGIN IMMEDIATE"},
            {&commit, "COMMIT"},
            {&rollback, "ROLLBACK"},
            {&savepoint, "SAVEPOINT change"},
            {&release, "RELEASE change"},
            {&rollback_to, "ROLLBACK TO change"},
            {&find_game, "SELECT id, last_sequence FROM games WHERE name = ?1"},
            {&find_request_id, "SELECT 1 FROM games WHERE request_id = ?1"},
            {&insert_game,
             "INSERT INTO games (name, request_id, kind, status, event, "
             "create_time_unix_ms, spec, snapshot, last_sequence) "
             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0)"},
            {&insert_player,
             "INSERT INTO game_players (game, position, player) "
             "VALUES (?1, ?2, ?3)"},
            {&insert_event,
             "INSERT INTO events (game, sequence, payload) VALUES (?1, ?2, "
             "?3)"},
            {&update_game,
             "UPDATE games SET last_sequence = ?2, "
             "status = coalesce(?3, status), snapshot = coalesce(?4, snapshot) "
             "WHERE id = ?1"},
        });
  }

  // Ends the open transaction, if any, without storing it.
  void RollBack() {
    if (!sqlite3_get_autocommit(db.get())) RunOnce(rollback).IgnoreError();
  }
};

struct SqliteStore::Reader {
  Db db;
  Statement begin, commit, rollback;
  Statement game_by_name, game_by_request_id, live_games, game_id, players;
  Statement events;
  std::array<Statement, 8> list;  // by filter bits

  absl::Status Prepare() {
    const std::string row_by_name =
        absl::StrCat("SELECT ", kRowColumns, " FROM games WHERE name = ?1");
    const std::string row_by_request_id = absl::StrCat(
        "SELECT ", kRowColumns, " FROM games WHERE request_id = ?1");
    const std::string live =
        absl::StrCat("SELECT ", kRowColumns,
                     " FROM games WHERE status = 'live' ORDER BY id");
    if (absl::Status s = PrepareAll(
            db.get(),
            {
                {&begin, "BEGIN"},
                {&commit, "COMMIT"},
                {&rollback, "ROLLBACK"},
                {&game_by_name, row_by_name},
                {&game_by_request_id, row_by_request_id},
                {&live_games, live},
                {&game_id, "SELECT id FROM games WHERE name = ?1"},
                {&players,
                 "SELECT player FROM game_players WHERE game = ?1 "
                 "ORDER BY position"},
                {&events,
                 "SELECT sequence, payload FROM events "
                 "WHERE game = ?1 AND sequence > ?2 ORDER BY sequence "
                 "LIMIT ?3"},
            });
        !s.ok()) {
      return s;
    }
    for (int filters = 0; filters < static_cast<int>(list.size()); ++filters) {
      const std::string sql = ListSql(filters);
      if (absl::Status s = PrepareAll(db.get(), {{&list[filters], sql}});
          !s.ok()) {
        return s;
      }
    }
    return absl::OkStatus();
  }

  // Runs `read` in one read transaction, so that it sees one state.
  template <typename Read>
  auto InTransaction(Read read) -> decltype(read()) {
    CAIPAN_RETURN_IF_ERROR(RunOnce(begin));
    auto result = read();
    if (absl::Status s = RunOnce(commit); !s.ok()) {
      if (!sqlite3_get_autocommit(db.get())) RunOnce(rollback).IgnoreError();
      if (result.ok()) return s;
    }
    return result;
  }

  absl::Status AddPlayers(int64_t id, GameRow& row) {
    ResetOnExit reset(players);
    players.BindInt(1, id);
    for (;;) {
      absl::StatusOr<bool> more = players.Step();
      if (!more.ok()) return more.status();
      if (!*more) return absl::OkStatus();
      row.players.push_back(players.Text(0));
    }
  }

  // The games `statement` (bound) returns, with their players; their ids in
  // `ids` if not null.
  absl::StatusOr<std::vector<GameRow>> Rows(
      Statement& statement, std::vector<int64_t>* ids = nullptr) {
    std::vector<std::pair<int64_t, GameRow>> found;
    {
      ResetOnExit reset(statement);
      for (;;) {
        absl::StatusOr<bool> more = statement.Step();
        if (!more.ok()) return more.status();
        if (!*more) break;
        found.emplace_back(statement.Int(0), RowAt(statement));
      }
    }
    std::vector<GameRow> rows;
    rows.reserve(found.size());
    for (auto& [id, row] : found) {
      CAIPAN_RETURN_IF_ERROR(AddPlayers(id, row));
      rows.push_back(std::move(row));
      if (ids != nullptr) ids->push_back(id);
    }
    return rows;
  }

  absl::StatusOr<std::optional<GameRow>> One(Statement& statement,
                                             std::string_view key) {
    return InTransaction([&]() -> absl::StatusOr<std::optional<GameRow>> {
      statement.BindText(1, key);
      absl::StatusOr<std::vector<GameRow>> rows = Rows(statement);
      if (!rows.ok()) return rows.status();
      if (rows->empty()) return std::nullopt;
      return std::move(rows->front());
    });
  }
};

absl::StatusOr<std::unique_ptr<SqliteStore>> SqliteStore::Open(
    const std::string& path, const SqliteOptions& options) {
  auto writer = std::make_unique<Writer>();
  absl::StatusOr<Db> db = sqlite::Open(path);
  if (!db.ok()) return db.status();
  writer->db = *std::move(db);
  // Before anything writes to the file.
  CAIPAN_RETURN_IF_ERROR(sqlite::CheckNotNewer(writer->db.get()));
  CAIPAN_RETURN_IF_ERROR(SetJournalModeWal(writer->db.get()));
  const char* synchronous = options.full_sync ? "PRAGMA synchronous = FULL"
                                              : "PRAGMA synchronous = NORMAL";
  CAIPAN_RETURN_IF_ERROR(sqlite::Exec(writer->db.get(), synchronous));
  CAIPAN_RETURN_IF_ERROR(
      sqlite::Exec(writer->db.get(), "PRAGMA foreign_keys = ON"));
  // Checkpoints run on their own thread (SqliteCheckpointer), not inside
  // the writer's commits.
  CAIPAN_RETURN_IF_ERROR(
      sqlite::Exec(writer->db.get(), "PRAGMA wal_autocheckpoint = 0"));
  CAIPAN_RETURN_IF_ERROR(sqlite::Migrate(writer->db.get()));
  CAIPAN_RETURN_IF_ERROR(writer->Prepare());

  auto reader = std::make_unique<Reader>();
  db = sqlite::Open(path);
  if (!db.ok()) return db.status();
  reader->db = *std::move(db);
  CAIPAN_RETURN_IF_ERROR(
      sqlite::Exec(reader->db.get(), "PRAGMA query_only = ON"));
  CAIPAN_RETURN_IF_ERROR(reader->Prepare());
  absl::StatusOr<std::unique_ptr<SqliteCheckpointer>> checkpointer =
      SqliteCheckpointer::Start(path, absl::Milliseconds(500));
  if (!checkpointer.ok()) return checkpointer.status();
  auto store = std::unique_ptr<SqliteStore>(
      new SqliteStore(options, std::move(writer), std::move(reader)));
  store->checkpointer_ = *std::move(checkpointer);
  return store;
}

SqliteStore::SqliteStore(const SqliteOptions& options,
                         std::unique_ptr<Writer> writer,
                         std::unique_ptr<Reader> reader)
    : QueuedStore(options.max_group),
      writer_(std::move(writer)),
      reader_(std::move(reader)) {
  StartWriter();
}

SqliteStore::~SqliteStore() {
  Close();
  checkpointer_.reset();
}

std::vector<absl::Status> SqliteStore::WriteGroup(
    std::vector<Change>& changes) {
  Writer& w = *writer_;
  std::vector<absl::Status> statuses(changes.size());
  // Every change not already failed fails with `error`: nothing of the group
  // is stored.
  auto fail_all = [&](const absl::Status& error) {
    w.RollBack();
    for (absl::Status& status : statuses) {
      if (status.ok()) status = error;
    }
    return std::move(statuses);
  };
  if (absl::Status s = RunOnce(w.begin); !s.ok()) return fail_all(s);
  for (size_t i = 0; i < changes.size(); ++i) {
    if (absl::Status s = RunOnce(w.savepoint); !s.ok()) return fail_all(s);
    absl::Status status = Apply(changes[i]);
    if (!status.ok()) {
      // A severe error (disk full, I/O) may have rolled the whole
      // transaction back.
      if (sqlite3_get_autocommit(w.db.get())) return fail_all(status);
      if (absl::Status s = RunOnce(w.rollback_to); !s.ok()) {
        return fail_all(s);
      }
      statuses[i] = std::move(status);
    }
    if (absl::Status s = RunOnce(w.release); !s.ok()) return fail_all(s);
  }
  if (absl::Status s = RunOnce(w.commit); !s.ok()) return fail_all(s);
  return statuses;
}

absl::Status SqliteStore::Apply(Change& change) {
  CAIPAN_RETURN_IF_ERROR(CheckChange(change));
  CAIPAN_RETURN_IF_ERROR(ApplyOne(change));
  for (Change& other : change.together) {
    CAIPAN_RETURN_IF_ERROR(ApplyOne(other));
  }
  return absl::OkStatus();
}

absl::Status SqliteStore::ApplyOne(Change& change) {
  Writer& w = *writer_;
  bool found = false;
  int64_t id = 0;
  int64_t last_sequence = 0;
  {
    ResetOnExit reset(w.find_game);
    w.find_game.BindText(1, change.game);
    absl::StatusOr<bool> row = w.find_game.Step();
    if (!row.ok()) return row.status();
    if (*row) {
      found = true;
      id = w.find_game.Int(0);
      last_sequence = w.find_game.Int(1);
    }
  }
  if (change.create.has_value()) {
    const GameRow& row = *change.create;
    if (found) return NameTaken(change.game);
    if (!row.request_id.empty()) {
      ResetOnExit reset(w.find_request_id);
      w.find_request_id.BindText(1, row.request_id);
      absl::StatusOr<bool> taken = w.find_request_id.Step();
      if (!taken.ok()) return taken.status();
      if (*taken) return RequestIdTaken(row.request_id);
    }
    {
      Statement& insert = w.insert_game;
      ResetOnExit reset(insert);
      insert.BindText(1, row.name);
      if (row.request_id.empty()) {
        insert.BindNull(2);
      } else {
        insert.BindText(2, row.request_id);
      }
      insert.BindText(3, row.kind);
      insert.BindText(4, row.status);
      insert.BindText(5, row.event);
      insert.BindInt(6, row.create_time_unix_ms);
      insert.BindBlob(7, row.spec);
      insert.BindBlob(8, row.snapshot);
      CAIPAN_RETURN_IF_ERROR(insert.Run());
      id = sqlite3_last_insert_rowid(w.db.get());
    }
    for (size_t i = 0; i < row.players.size(); ++i) {
      ResetOnExit reset(w.insert_player);
      w.insert_player.BindInt(1, id);
      w.insert_player.BindInt(2, static_cast<int64_t>(i));
      w.insert_player.BindText(3, row.players[i]);
      CAIPAN_RETURN_IF_ERROR(w.insert_player.Run());
    }
  } else if (!found) {
    return GameNotFound(change.game);
  } else if (last_sequence != change.expected_last_sequence) {
    return SequenceMismatch(change.game, change.expected_last_sequence,
                            last_sequence);
  }
  for (const EventRow& event : change.events) {
    ResetOnExit reset(w.insert_event);
    w.insert_event.BindInt(1, id);
    w.insert_event.BindInt(2, ++last_sequence);
    w.insert_event.BindBlob(3, event.payload);
    CAIPAN_RETURN_IF_ERROR(w.insert_event.Run());
  }
  ResetOnExit reset(w.update_game);
  w.update_game.BindInt(1, id);
  w.update_game.BindInt(2, last_sequence);
  if (change.status.has_value()) w.update_game.BindText(3, *change.status);
  if (change.snapshot.has_value()) w.update_game.BindBlob(4, *change.snapshot);
  return w.update_game.Run();
}

absl::StatusOr<std::optional<GameRow>> SqliteStore::FindGame(
    std::string_view name) {
  absl::MutexLock lock(&read_mu_);
  return reader_->One(reader_->game_by_name, name);
}

absl::StatusOr<std::optional<GameRow>> SqliteStore::FindByRequestId(
    std::string_view request_id) {
  if (request_id.empty()) return std::nullopt;
  absl::MutexLock lock(&read_mu_);
  return reader_->One(reader_->game_by_request_id, request_id);
}

absl::StatusOr<std::vector<GameRow>> SqliteStore::LoadLiveGames() {
  absl::MutexLock lock(&read_mu_);
  Reader& r = *reader_;
  return r.InTransaction([&] { return r.Rows(r.live_games); });
}

absl::StatusOr<std::vector<EventRow>> SqliteStore::LoadEvents(
    std::string_view game, int64_t after_sequence, int limit) {
  CAIPAN_RETURN_IF_ERROR(CheckEventLimit(limit));
  absl::MutexLock lock(&read_mu_);
  Reader& r = *reader_;
  return r.InTransaction([&]() -> absl::StatusOr<std::vector<EventRow>> {
    int64_t id = 0;
    {
      ResetOnExit reset(r.game_id);
      r.game_id.BindText(1, game);
      absl::StatusOr<bool> found = r.game_id.Step();
      if (!found.ok()) return found.status();
      if (!*found) return GameNotFound(game);
      id = r.game_id.Int(0);
    }
    ResetOnExit reset(r.events);
    r.events.BindInt(1, id);
    r.events.BindInt(2, after_sequence);
    r.events.BindInt(3, limit);
    std::vector<EventRow> events;
    for (;;) {
      absl::StatusOr<bool> more = r.events.Step();
      if (!more.ok()) return more.status();
      if (!*more) return events;
      events.push_back(EventRow{r.events.Int(0), r.events.Blob(1)});
    }
  });
}

absl::StatusOr<ListPage> SqliteStore::ListGames(const ListQuery& query) {
  absl::StatusOr<int64_t> after = PageStart(query);
  if (!after.ok()) return after.status();
  const int filters = (query.status.empty() ? 0 : kByStatus) |
                      (query.event.empty() ? 0 : kByEvent) |
                      (query.player.empty() ? 0 : kByPlayer);
  absl::MutexLock lock(&read_mu_);
  Reader& r = *reader_;
  return r.InTransaction([&]() -> absl::StatusOr<ListPage> {
    Statement& statement = r.list[filters];
    statement.BindInt(1, *after);
    statement.BindText(2, query.status);
    statement.BindText(3, query.event);
    statement.BindText(4, query.player);
    // One more than the page: whether another page follows.
    statement.BindInt(5, query.page_size + 1);
    statement.BindInt(6, query.tournaments ? 1 : 0);
    std::vector<int64_t> ids;
    absl::StatusOr<std::vector<GameRow>> rows = r.Rows(statement, &ids);
    if (!rows.ok()) return rows.status();
    return PageOf(*std::move(rows), ids, query.page_size);
  });
}

absl::StatusOr<std::unique_ptr<GameStore>> OpenSqliteStore(
    const std::string& path, const SqliteOptions& options) {
  absl::StatusOr<std::unique_ptr<SqliteStore>> store =
      SqliteStore::Open(path, options);
  if (!store.ok()) return store.status();
  return std::unique_ptr<GameStore>(*std::move(store));
}

}  // namespace caipan::store
