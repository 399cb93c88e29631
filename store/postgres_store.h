// The PostgreSQL store, for several servers on one database, each owning
// the live games it serves (docs/scaling.md). The writer thread owns one
// connection and writes each group in one transaction; each change is one
// statement that locks the game's row (SELECT … FOR UPDATE), checks its
// sequence, and for a game this server claimed, that the claim still holds
// (owner and epoch: a server that lost the game to another cannot append),
// and writes only if all match. Creates run under a savepoint (they may lose
// a race for a name or request_id); a created game is owned by its creator.
// Claims and reads share a second connection, guarded by a mutex; a Listener
// keeps the server's lease, adopts orphaned games and hears of claims on
// this server's games (claims and the feed: postgres_ownership.cc).
#ifndef CAIPAN_STORE_POSTGRES_STORE_H_
#define CAIPAN_STORE_POSTGRES_STORE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "store/game_store.h"
#include "store/postgres_conn.h"
#include "store/postgres_listener.h"
#include "store/queued_store.h"

namespace caipan::store {

class PostgresStore final : public QueuedStore {
 public:
  // See OpenPostgresStore().
  static absl::StatusOr<std::unique_ptr<PostgresStore>> Open(
      const std::string& conninfo, const PostgresOptions& options = {});
  ~PostgresStore() override;

  absl::StatusOr<std::optional<GameRow>> FindGame(
      std::string_view name) override;
  absl::StatusOr<std::optional<GameRow>> FindByRequestId(
      std::string_view request_id) override;
  absl::StatusOr<std::vector<GameRow>> LoadLiveGames() override;
  absl::StatusOr<std::vector<EventRow>> LoadEvents(std::string_view game,
                                                   int64_t after_sequence,
                                                   int limit) override;
  absl::StatusOr<ListPage> ListGames(const ListQuery& query) override;

  bool Shared() const override { return true; }
  absl::StatusOr<bool> Claim(std::string_view game) override;
  absl::StatusOr<bool> ClaimIfOrphaned(std::string_view game) override;
  bool StillClaimed(std::string_view game) override;
  absl::StatusOr<std::vector<std::string>> OwnedGames() override;
  void Watch(ChangeFeed feed) override;

  const std::string& server_id() const { return server_id_; }

 private:
  PostgresStore(const PostgresOptions& options, std::string server_id,
                pg::Connection writer, pg::Connection reader);
  // The hooks of the Listener: they keep claims_ and call the feed.
  pg::ListenerHooks Hooks();
  // The epoch of this server's claim on `game`, 0 for none.
  int64_t ClaimEpoch(const std::string& game);
  // Claim() of a live game whose row also meets `condition` (SQL ANDed to
  // the row's filter; "" for none).
  absl::StatusOr<bool> ClaimWhere(std::string_view game,
                                  std::string_view condition);
  void SetClaim(const std::string& game, int64_t epoch);
  void DropClaim(const std::string& game);
  // Drops the claim if it is older than `epoch` (another server's claim);
  // false if this server's claim is as new (the notice came late).
  bool DropClaimBefore(const std::string& game, int64_t epoch);

  std::vector<absl::Status> WriteGroup(std::vector<Change>& changes) override;
  // Whether a game has `value` in `column` (name or request_id).
  absl::StatusOr<bool> Taken(const char* column, const std::string& value);
  // Inserts the row of a game to create (and its players).
  absl::Status Create(const GameRow& row);
  // The statement that writes a change to an existing (or just created)
  // game, its parameters added to `params`; and its answer: OK, or the
  // change's refusal (NOT_FOUND, ABORTED).
  // `epoch`: this server's claim on the game (0: none).
  std::string WriteSql(const Change& change, int64_t epoch,
                       pg::Params& params) const;
  static absl::Status WriteOutcome(const Change& change, const PGresult* r);
  // Runs that statement; its refusal goes to `outcome`, an error of the
  // statement is returned.
  absl::Status Write(const Change& change, absl::Status* outcome);
  // One change (creating its game first, if it does), then one with those
  // stored together with it; the first error, the statement's or the
  // change's own refusal.
  absl::Status WriteAlone(const Change& change);
  absl::Status WriteTogether(const Change& change);
  // Prepares `change`'s statement (its parameters into `params`) and adds
  // it to `statements`, to be run in a pipeline.
  absl::Status PrepareWrite(
      const Change& change, pg::Params& params,
      std::vector<std::pair<std::string, const pg::Params*>>& statements);
  // Writes `changes` (all to existing games, at most one batch), in `order`,
  // as one transaction in one round trip; their outcomes into `statuses`.
  absl::Status WriteInOneTrip(const std::vector<Change>& changes,
                              const std::vector<size_t>& order,
                              std::vector<absl::Status>& statuses);
  // Drops the claims of the games that `changes` ended.
  void ForgetFinished(const std::vector<Change>& changes,
                      const std::vector<absl::Status>& statuses);
  // Writes the changes of `batch` (indices into `changes`) in one round
  // trip, their outcomes into `statuses`; empties `batch`.
  absl::Status WriteBatch(std::vector<Change>& changes,
                          std::vector<size_t>& batch,
                          std::vector<absl::Status>& statuses);
  // The rows (with their players) of a query whose columns are kRowColumns
  // followed by one player per result row.
  absl::StatusOr<std::vector<GameRow>> Rows(std::string_view sql,
                                            const pg::Params& params,
                                            std::vector<int64_t>* ids)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(read_mu_);
  absl::StatusOr<std::optional<GameRow>> One(const char* where,
                                             std::string_view key);

  const std::string server_id_;
  pg::Connection writer_;  // the writer thread's only
  absl::Mutex read_mu_;
  pg::Connection reader_ ABSL_GUARDED_BY(read_mu_);
  absl::Mutex claims_mu_;
  // The live games this server claimed, with each claim's epoch.
  absl::flat_hash_map<std::string, int64_t> claims_ ABSL_GUARDED_BY(claims_mu_);
  absl::Mutex feed_mu_;
  ChangeFeed feed_ ABSL_GUARDED_BY(feed_mu_);
  std::unique_ptr<pg::Listener> listener_;
};

}  // namespace caipan::store

#endif  // CAIPAN_STORE_POSTGRES_STORE_H_
