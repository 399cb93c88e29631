// The server's games: live ones held in memory (recovered from the store at
// start), finished ones rebuilt from the store when asked for; creation with
// idempotent retries, listing, and the limit on live games. On a store shared
// by several servers games are partitioned: a server holds the live games it
// owns, claims a game it is asked about (the balancer routes each game's
// calls to one server), adopts the games of servers that died, and lets go
// of a game another server claimed (docs/scaling.md).
#ifndef CAIPAN_SERVICES_GAME_GAME_REGISTRY_H_
#define CAIPAN_SERVICES_GAME_GAME_REGISTRY_H_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "caipan/v1/game_service.pb.h"
#include "services/game/game_creator.h"
#include "services/game/live_game.h"

namespace caipan::services::game {

class GameRegistry {
 public:
  // `token_key` (32 bytes) derives the players' tokens from a game's name, so
  // a retried create can hand them out again; it must be kept secret and
  // stay the same for the life of the store.
  GameRegistry(GameContext context, int max_live_games, std::string token_key,
               CreatePolicy policy = {});
  ~GameRegistry();

  // Follows the store's feed (a shared store), then loads every live game
  // from the store and starts its clock.
  absl::Status Recover();

  // A game for `creator`: a retry with the same request_id by the same
  // creator returns the same game and tokens; another creator's request_id is
  // another game.
  void Create(const v1::CreateGameRequest& request, const Creator& creator,
              v1::CreateGameResponse* response, Done done);

  // The rematch of a finished game (see GameService.Rematch): created by the
  // first of its players to ask, under RematchName, counted against that
  // caller's quota; the second gets the same game. Each gets their seat's
  // token.
  void Rematch(const v1::RematchRequest& request, const Creator& creator,
               v1::RematchResponse* response, Done done);

  // A tournament table's game, ready to be stored together with the round
  // (no request_id, no creator, no unstarted deadline): the game (not yet
  // held) and the change that creates it.
  struct PreparedGame {
    std::shared_ptr<LiveGame> game;
    store::Change change;
  };
  absl::StatusOr<PreparedGame> PrepareTableGame(
      const v1::CreateGameRequest& request, const v1::TableLink& table);
  // Room for the prepared `games` among the live games (RESOURCE_EXHAUSTED
  // if there is none), held until TableGamesStored.
  absl::Status ReserveTableGames(
      const std::vector<std::shared_ptr<LiveGame>>& games);
  // The store's answer for the reserved games, stored together (OK: they are
  // now held and their clocks run); frees their reservation.
  void TableGamesStored(const std::vector<std::shared_ptr<LiveGame>>& games,
                        const absl::Status& status);
  // The players' tokens of game `name`.
  std::string PlayerToken(const std::string& name, int player) const;
  // A game by name, to act on; NOT_FOUND if there is none. On a shared store
  // this server claims a live game it does not hold.
  absl::StatusOr<std::shared_ptr<LiveGame>> Find(const std::string& name);
  // A game by name, to read only: the copy held here, or the game as stored
  // (never claimed).
  absl::StatusOr<std::shared_ptr<LiveGame>> Peek(const std::string& name);
  // A game by name for a caller with `token`: claimed (as Find) only when
  // the token is one of the game's (a player's or an arbiter's), so that a
  // stranger cannot move games between servers; otherwise as Peek (the
  // action then refuses the token).
  absl::StatusOr<std::shared_ptr<LiveGame>> FindFor(const std::string& name,
                                                    const std::string& token);
  // A game by name for a watch by the holder of `token` (empty for a
  // spectator): a player or an arbiter claims it (as Find); a spectator
  // watches the copy held here, or takes over a live game whose server
  // died; a live game another server serves is refused (UNAVAILABLE).
  absl::StatusOr<std::shared_ptr<LiveGame>> FindToWatch(
      const std::string& name, const std::string& token);
  absl::Status List(const v1::ListGamesRequest& request,
                    v1::ListGamesResponse* response);

  // Called with each game's final state once its end is durable (from the
  // store's thread, no registry lock held). Set it before Recover(). Once
  // this returns, the listener it replaced is not running and never runs
  // again (so its owner may go); it must not be called from a listener.
  void SetFinishListener(std::function<void(const v1::Game&)> listener);

  int live_count() const;
  const GameContext& context() const { return context_; }
  const CreatePolicy& create_policy() const { return policy_; }
  // Stops following the store and every game's alarm (before the time source
  // and store go away).
  void Shutdown();

 private:
  absl::StatusOr<std::shared_ptr<LiveGame>> Load(const std::string& name);
  // Reads and holds `name`, which this server has just claimed.
  absl::StatusOr<std::shared_ptr<LiveGame>> HoldClaimed(
      const std::string& name);
  // Holds `game` if it is live and no copy is held yet; the copy held.
  std::shared_ptr<LiveGame> Hold(std::shared_ptr<LiveGame> game);
  // Lets go of the copy of `name` held here (`only` that copy, if given):
  // another server owns the game now.
  void Drop(const std::string& name, const LiveGame* only);
  // Holds the games this server adopted (their owner died).
  void Adopt(const std::vector<std::string>& names);
  // Notices may have been lost: lets go of the games no longer owned here.
  void CheckOwnership();
  void AnswerCreated(const std::string& name, const v1::Game& game,
                     v1::CreateGameResponse* response) const;
  // A new game's definition and in-memory game; `request` checked.
  // A new game (not yet stored) named `name`, or a fresh name if empty;
  // `complete` adds what the request does not say (creator, table…).
  absl::StatusOr<std::shared_ptr<LiveGame>> NewGame(
      const v1::CreateGameRequest& request,
      const std::function<void(v1::StoredGameSpec*)>& complete,
      std::string name = "");
  // Creates and stores a game for `creator` within the server's and the
  // creator's quotas; `stored` gets the store's answer and the game.
  void CreateAs(
      const v1::CreateGameRequest& request, const std::string& name,
      const Creator& creator, const std::string& request_id,
      std::function<void(absl::Status, const std::shared_ptr<LiveGame>&)>
          stored);
  // A held live game's creator quota and unstarted deadline.
  void CountLiveLocked(const LiveGame& game) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void UncountLiveLocked(const LiveGame& game)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Keeps `game`'s unstarted deadline, if it has one, for the expiry alarm.
  void WatchDeadlineLocked(std::shared_ptr<LiveGame> game)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Aborts the games whose unstarted deadline has passed, then sets the
  // alarm for the next deadline.
  void ExpireUnstarted();
  void ArmExpiryLocked() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  CommitsInFlight commits_;
  GameContext context_;
  const int max_live_games_;
  const std::string token_key_;
  mutable absl::Mutex mu_;
  absl::flat_hash_map<std::string, std::shared_ptr<LiveGame>> live_
      ABSL_GUARDED_BY(mu_);
  absl::flat_hash_set<std::string> creating_ ABSL_GUARDED_BY(mu_);
  // Names of games being created here.
  absl::flat_hash_set<std::string> creating_names_ ABSL_GUARDED_BY(mu_);
  // Readers: calls of the listener in progress; the writer replaces it.
  absl::Mutex listener_mu_;
  std::function<void(const v1::Game&)> finish_listener_
      ABSL_GUARDED_BY(listener_mu_);
  int pending_creates_ ABSL_GUARDED_BY(mu_) = 0;
  const CreatePolicy policy_;
  // Live and pending games of each creator (by Creator::key).
  absl::flat_hash_map<std::string, int> creator_games_ ABSL_GUARDED_BY(mu_);
  // Games with an unstarted deadline, by deadline (unix ms).
  std::multimap<int64_t, std::weak_ptr<LiveGame>> deadlines_
      ABSL_GUARDED_BY(mu_);
  std::unique_ptr<Alarm> expiry_alarm_ ABSL_GUARDED_BY(mu_);
  int64_t expiry_alarm_at_ ABSL_GUARDED_BY(mu_) = 0;
  bool shut_down_ ABSL_GUARDED_BY(mu_) = false;
};

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_GAME_REGISTRY_H_
