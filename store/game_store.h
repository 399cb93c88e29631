// Durable state of live games behind one interface: a game's row (what it is,
// who plays it, its latest snapshot) and its append-only event log. Backends:
// SQLite (embedded default), an in-memory store (tests, benchmarks) and
// PostgreSQL (several servers on one database).
//
// Contract:
// - Commit() queues a change and returns at once; `done` runs on the store's
//   own writer thread once the change is durable (OK) or has failed, in the
//   order changes were queued. The writer takes every change waiting and
//   writes them in one transaction (group commit), each change atomically:
//   all of it or none of it is stored.
// - A change to an existing game names the sequence number of the last event
//   it builds on; if the stored game has a different one the change fails
//   with ABORTED and nothing of it is stored (other changes of the same group
//   are unaffected).
// - A create whose name or (non-empty) request_id exists fails with
//   ALREADY_EXISTS. A change to a game that does not exist (and does not
//   create it) fails with NOT_FOUND, a malformed change with
//   INVALID_ARGUMENT; nothing of either is stored.
// - Reads are blocking and see every change whose `done` has run.
// - A shared store (PostgreSQL) may be changed by other processes too: its
//   Watch() feed reports their changes, and expected_last_sequence is what
//   keeps two writers of one game from both appending.
// The store knows nothing of games' rules: payloads are opaque bytes. It also
// keeps tournaments the same way (kind kTournamentKind, their own log of
// changes); listings keep the two apart.
#ifndef CAIPAN_STORE_GAME_STORE_H_
#define CAIPAN_STORE_GAME_STORE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/functional/any_invocable.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace caipan::store {

// The kind of a row that holds a tournament rather than a game.
inline constexpr char kTournamentKind[] = "tournament";

// One game's row.
struct GameRow {
  std::string name;        // "games/…", unique
  std::string request_id;  // the creator's idempotency key; "" for none
  std::string kind;        // "xiangqi" | "gomoku" | kTournamentKind
  std::string status;      // "live" | "finished" | "aborted" (filterable)
  std::string event;       // event label, "" for none (filterable)
  // Player names and ids, each matched exactly by a player filter.
  std::vector<std::string> players;
  int64_t create_time_unix_ms = 0;
  std::string spec;           // opaque: the game's definition, never changed
  std::string snapshot;       // opaque: the game's latest state
  int64_t last_sequence = 0;  // sequence of the last event (0: none yet)
};

// One entry of a game's event log. Sequences start at 1 and have no gaps.
struct EventRow {
  int64_t sequence = 0;
  std::string payload;  // opaque
};

// One atomic change to one game.
struct Change {
  std::string game;  // the game's name
  // Set to create the game (with its first events, if any); `row.name` must
  // equal `game`, and expected_last_sequence must be 0.
  std::optional<GameRow> create;
  // The stored last_sequence this change builds on.
  int64_t expected_last_sequence = 0;
  // Appended in order; their sequences continue expected_last_sequence + 1….
  // (A sequence left 0 is filled in; any other must be the right one.)
  std::vector<EventRow> events;
  // New status and snapshot of the row (unchanged when absent).
  std::optional<std::string> status;
  std::optional<std::string> snapshot;
  // Changes to other games stored in the same transaction: this change and
  // every one of these are stored, or none of them (a tournament's round and
  // its tables' games). Each names a different game and has no `together` of
  // its own; the first failure among them is the whole change's status.
  std::vector<Change> together;
};

using CommitCallback = absl::AnyInvocable<void(absl::Status) &&>;

// What a shared store tells this server about the games it owns. Every
// member runs on one of the store's own threads, one call at a time.
struct ChangeFeed {
  // Another server claimed `game`: this server's copy is out of date and its
  // writes to the game are refused from now on.
  std::function<void(const std::string& game)> moved;
  // This server claimed `games`, live games whose owner's lease ran out (a
  // server that died): load them and run their clocks.
  std::function<void(const std::vector<std::string>& games)> adopted;
  // How many more games this server takes by adoption (its room for live
  // games); none are adopted while it is 0 or less.
  std::function<int()> room;
  // Notices may have been lost (the listening connection dropped and is
  // back): check which games this server still owns.
  std::function<void()> resync;
};

struct ListQuery {
  std::string status;  // "" for any
  std::string player;  // "" for any
  std::string event;   // "" for any
  // False: games of any kind; true: tournaments only.
  bool tournaments = false;
  int page_size = 50;  // 1..1000
  // "" for the first page; else a token from the previous page.
  std::string page_token;
};

struct ListPage {
  std::vector<GameRow> games;   // in creation order
  std::string next_page_token;  // "" when there is no more
};

class GameStore {
 public:
  virtual ~GameStore() = default;

  // Queues `change`; see the contract above. After Close() every change
  // fails with UNAVAILABLE, its `done` run at once on the calling thread.
  virtual void Commit(Change change, CommitCallback done) = 0;

  virtual absl::StatusOr<std::optional<GameRow>> FindGame(
      std::string_view name) = 0;
  virtual absl::StatusOr<std::optional<GameRow>> FindByRequestId(
      std::string_view request_id) = 0;
  // Every game with status "live".
  virtual absl::StatusOr<std::vector<GameRow>> LoadLiveGames() = 0;
  // Up to `limit` events of `game` with sequence > after_sequence, in order.
  // NOT_FOUND for an unknown game, INVALID_ARGUMENT for a limit below 1.
  virtual absl::StatusOr<std::vector<EventRow>> LoadEvents(
      std::string_view game, int64_t after_sequence, int limit) = 0;
  // INVALID_ARGUMENT (naming page_size or page_token) for a bad query.
  virtual absl::StatusOr<ListPage> ListGames(const ListQuery& query) = 0;

  // Refuses new changes (UNAVAILABLE), except those that callbacks of queued
  // changes make, and waits for every queued change to be done. Reads still
  // work after Close().
  virtual void Close() = 0;

  // Whether other processes (servers) share the store. Games are then
  // partitioned: each live game has one owner at a time, and only its owner
  // may change it (a change from another server fails with ABORTED, see
  // IsGameMoved). A store that is not shared owns every game.
  virtual bool Shared() const { return false; }
  // Makes this server the owner of live game `game`, taking it from any
  // other owner (who hears of it through its feed's `moved`; its writes to
  // the game are refused from then on): true once this server owns it,
  // false if `game` is not a live game.
  virtual absl::StatusOr<bool> Claim(std::string_view game) {
    (void)game;
    return true;
  }
  // Claim() only if `game` has no owner holding a lease (or is this
  // server's already): false too when another live server owns it.
  virtual absl::StatusOr<bool> ClaimIfOrphaned(std::string_view game) {
    (void)game;
    return true;
  }
  // Whether this server's last claim on `game` still holds, as far as it
  // has heard (no notice of another server's claim since).
  virtual bool StillClaimed(std::string_view game) {
    (void)game;
    return true;
  }
  // The live games this server owns.
  virtual absl::StatusOr<std::vector<std::string>> OwnedGames() {
    return std::vector<std::string>();
  }
  // Sets the feed (an empty one stops it); waits for a call in progress to
  // return. A store that is not shared never calls it.
  virtual void Watch(ChangeFeed feed) { (void)feed; }
};

struct SqliteOptions {
  // PRAGMA synchronous: true = FULL (an acknowledged change survives a power
  // loss), false = NORMAL (it survives a process crash).
  bool full_sync = true;
  // Most changes written in one transaction.
  int max_group = 1024;
};

// The in-memory store: the same queue and writer thread, no disk.
std::unique_ptr<GameStore> NewMemoryStore();

// Opens (creating if needed) the SQLite database at `path` in WAL mode and
// brings its schema to the current version (migrations run in a
// transaction; a database newer than this build is refused).
absl::StatusOr<std::unique_ptr<GameStore>> OpenSqliteStore(
    const std::string& path, const SqliteOptions& options = {});

struct PostgresOptions {
  // Most changes written in one transaction.
  int max_group = 1024;
  // This server's name among the servers sharing the database; "" for a
  // fresh random one (a restarted server is a new owner).
  std::string server_id;
  // How long the server's lease lasts without renewal (it is renewed every
  // third of that): its games are adopted by other servers this long after
  // it died.
  int lease_ms = 3000;
  // Most games adopted per renewal.
  int max_adopt = 64;
};

// Connects to PostgreSQL (`conninfo`: "key=value …" or a postgresql:// URI;
// connect and statement timeouts are added unless it sets them) and brings
// the schema to the current version (several servers may start at once: the
// migration runs under an advisory lock). A lost connection makes the calls
// of the moment fail with UNAVAILABLE and is opened again on the next one.
absl::StatusOr<std::unique_ptr<GameStore>> OpenPostgresStore(
    const std::string& conninfo, const PostgresOptions& options = {});

// "memory", "sqlite:PATH" or "postgres:CONNINFO"; "" means
// "sqlite:<data_dir>/caipan.db" (the directory is created if missing).
// INVALID_ARGUMENT names the flag value.
absl::StatusOr<std::unique_ptr<GameStore>> OpenStore(
    std::string_view spec, const std::string& data_dir,
    const SqliteOptions& options = {});

}  // namespace caipan::store

#endif  // CAIPAN_STORE_GAME_STORE_H_
