// The server's tournaments: each one's committed state held in memory (loaded
// from the store when first asked for, read again before each use on a store
// shared with other servers), changes made one at a time per tournament
// (on a shared store with compare-and-append, made again on the stored state
// when another server's change came first) and acknowledged only once
// durable, rounds paired into live
// games of the GameRegistry, and finished games' results recorded as they
// come (and, at start, for games that ended while the server was down).
//
// Operations answer through `done`, exactly once; the response they fill must
// stay alive until then.
#ifndef CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_REGISTRY_H_
#define CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_REGISTRY_H_

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "caipan/v1/tournament_service.pb.h"
#include "rpc/token_authenticator.h"
#include "services/game/game_registry.h"
#include "services/game/time_source.h"
#include "store/game_store.h"

namespace caipan::services::tournament {

using Done = std::function<void(absl::Status)>;

struct TournamentContext {
  store::GameStore* store = nullptr;
  game::GameRegistry* games = nullptr;
  game::TimeSource* time = nullptr;
  // Arbiter tokens (null: none configured, so no changes can be made).
  const rpc::TokenAuthenticator* arbiters = nullptr;
  // Changes waiting on one tournament; more get RESOURCE_EXHAUSTED.
  int max_queued_changes = 1000;
};

class TournamentRegistry {
 public:
  explicit TournamentRegistry(TournamentContext context);
  ~TournamentRegistry();

  // Listens for finished games, and records the results of games that
  // finished while the server was down. Call after the games' Recover().
  absl::Status Recover();

  // OK for an arbiter's token; UNAUTHENTICATED otherwise.
  absl::Status CheckArbiter(const std::string& token) const;

  void Create(const v1::CreateTournamentRequest& request,
              v1::Tournament* response, Done done);
  void AddPlayers(const v1::AddPlayersRequest& request,
                  v1::Tournament* response, Done done);
  void SetPlayerStatus(const v1::SetPlayerStatusRequest& request,
                       v1::Tournament* response, Done done);
  void PairRound(const v1::PairRoundRequest& request, v1::Round* response,
                 Done done);
  void RecordResult(const v1::RecordResultRequest& request, v1::Round* response,
                    Done done);
  // Starts the clocks of the round's games that wait for its start time
  // (tournament_start_round.cc); answers with the round.
  void StartRound(const v1::StartRoundRequest& request, v1::Round* response,
                  Done done);

  // The committed state; NOT_FOUND naming the tournament.
  absl::StatusOr<v1::StoredTournament> Get(const std::string& name);
  absl::Status List(const v1::ListTournamentsRequest& request,
                    v1::ListTournamentsResponse* response);
  // A round, with the players' game tokens when `with_tokens`.
  absl::StatusOr<v1::Round> GetRound(const std::string& name, int round,
                                     bool with_tokens);

  // An export (TRF, CSV, or a round's games as PGN).
  absl::StatusOr<v1::ExportTournamentResponse> Export(
      const v1::ExportTournamentRequest& request);

  // A game's end (GameRegistry's finish listener).
  void OnGameFinished(const v1::Game& game);

 private:
  struct Entry;
  // A change: runs with the committed state, and calls `finish` once (after
  // its commit, if it makes one).
  using Op = std::function<void(const std::shared_ptr<Entry>&,
                                std::function<void()> finish)>;
  // Changes `state` and describes the change; false: nothing to change.
  using Mutation = std::function<absl::StatusOr<bool>(
      v1::StoredTournament* state, v1::TournamentChange* change)>;
  // Fills a response from the committed state.
  using Answer = std::function<void(const v1::StoredTournament& committed)>;

  // The tournament's entry, its state as stored (read again on a shared
  // store, where other servers change it too).
  absl::StatusOr<std::shared_ptr<Entry>> Find(const std::string& name);
  // Takes the stored state if it is newer than the entry's (a shared store).
  absl::Status Refresh(const std::shared_ptr<Entry>& entry);
  // Runs `op` once the tournament's earlier changes are done.
  void Enqueue(const std::string& name, Op op, const Done& refuse);
  void RunNext(const std::shared_ptr<Entry>& entry);
  // Enqueues a change made by `mutate`; answers after its commit.
  void Change(const std::string& name, Mutation mutate, Answer answer,
              Done done);
  // Makes the change on the entry's state; on a shared store, when another
  // server's change came first, again on the state as stored (`attempts` in
  // all).
  void Attempt(const std::shared_ptr<Entry>& entry, Mutation mutate,
               Answer answer, Done done, std::function<void()> finish,
               int attempts);
  // The committed state.
  static v1::StoredTournament StateOf(const std::shared_ptr<Entry>& entry);
  // Stores `state` as the result of `change`; on success makes it the
  // committed state, then calls `done`.
  // `together`: changes of other games stored in the same transaction.
  void Commit(const std::shared_ptr<Entry>& entry, v1::StoredTournament state,
              v1::TournamentChange change, Done done,
              std::vector<store::Change> together = {});
  // Ends `table`'s game, if it is still being played, as `request` decided
  // the table (an arbiter's result for a game in progress).
  void EndLiveGame(const v1::TablePairing& table,
                   const v1::RecordResultRequest& request);
  // Adds the players' tokens of each table's game.
  void AddTokens(v1::GameKind kind, v1::Round* round) const;
  // The games of a new round's tables (each table's `game` set), to be
  // stored together with the round.
  absl::StatusOr<std::vector<game::GameRegistry::PreparedGame>> PrepareGames(
      const v1::StoredTournament& state, const v1::PairRoundRequest& request,
      v1::Round* round);

  TournamentContext context_;
  absl::Mutex mu_;
  absl::flat_hash_map<std::string, std::shared_ptr<Entry>> entries_
      ABSL_GUARDED_BY(mu_);
  // Pending tables' games stored before games carried their table link
  // (found at Recover), by game name.
  absl::flat_hash_map<std::string, v1::TableLink> unlinked_games_
      ABSL_GUARDED_BY(mu_);
};

}  // namespace caipan::services::tournament

#endif  // CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_REGISTRY_H_
