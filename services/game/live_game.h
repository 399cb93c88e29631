// One live game held by the server: the board (the game domain's typed
// GameBoard, on which moves are played and restarts replay them), the clocks,
// offers, fouls and rulings, and the game's committed event log. Every change
// is made in memory under the game's lock, written to the store, and
// acknowledged (and shown to GetGame and watchers) only once it is durable; a
// change the store could not write is rolled back by rebuilding the game from
// its committed events.
//
// Operations answer through `done`, exactly once: at once for a refusal, or
// from the store's thread after the commit. The response they fill must stay
// alive until then.
#ifndef CAIPAN_SERVICES_GAME_LIVE_GAME_H_
#define CAIPAN_SERVICES_GAME_LIVE_GAME_H_

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "caipan/v1/game_service.pb.h"
#include "domain/game_board.h"
#include "engine/clock/game_clock.h"
#include "engine/clock/time_control.h"
#include "rpc/token_authenticator.h"
#include "services/game/commits_in_flight.h"
#include "services/game/time_source.h"
#include "services/game_kinds.h"
#include "services/service_options.h"
#include "store/game_store.h"

namespace caipan::services::game {

// What every game of a server shares.
class LiveGame;

struct GameContext {
  store::GameStore* store = nullptr;
  TimeSource* time = nullptr;
  // Arbiter tokens (null: no arbiters configured).
  const rpc::TokenAuthenticator* arbiters = nullptr;
  // Moves one game may have: the stateless services' history limit
  // (--max-history-plies).
  int max_plies = ServiceOptions().max_history_plies;
  // Events one game may have (moves are bounded by the history limit).
  int max_events = 4096;
  // Called (from the store's thread) when a game's final event is durable.
  std::function<void(const std::string& name)> on_finished;
  // Called when the store refused a change because another server owns the
  // game now (a shared store): this copy is out of date.
  std::function<void(LiveGame* game)> on_moved;
  // Changes sent to the store and not yet answered (null: not counted).
  CommitsInFlight* commits = nullptr;
};

using Done = std::function<void(absl::Status)>;

// Notified after each commit; pulls events with EventsAfter().
class GameWatcher {
 public:
  virtual ~GameWatcher() = default;
  virtual void OnGameChanged() = 0;
  // Another server owns the game now: this copy hears of nothing more.
  virtual void OnGameMoved() {}
  // A player or an arbiter (they have seats of their own), set before the
  // watcher is added.
  bool seated = false;
};

class LiveGame : public std::enable_shared_from_this<LiveGame> {
 public:
  // A new game from its definition (spec.game holds the creation fields);
  // the first side's clock runs from spec.game.start_time_unix_ms. Returns the
  // game and its `created` event, not yet stored (see CommitCreate).
  static absl::StatusOr<std::shared_ptr<LiveGame>> Create(
      const v1::StoredGameSpec& spec, const GameContext* context);
  // A game rebuilt from its stored definition and committed events; a live
  // game's clocks resume from the readings of its last event, now.
  static absl::StatusOr<std::shared_ptr<LiveGame>> Restore(
      const v1::StoredGameSpec& spec, std::vector<v1::GameEvent> events,
      const GameContext* context);
  ~LiveGame();

  // Stores the game's creation (`row` describes it for the store's index).
  void CommitCreate(store::GameRow row, Done done);
  // For a creation stored together with other changes (a tournament's round
  // and its tables' games): the change that stores it, then, once the store
  // has answered, CreateStored with the answer.
  store::Change TakeCreateChange(store::GameRow row);
  void CreateStored(const absl::Status& status);

  // Aborts the game if it is live, still without a move, not paused by an
  // arbiter, and its unstarted deadline (spec) has passed at `unix_now`.
  void ExpireIfUnstarted(int64_t unix_now);

  const std::string& name() const { return spec_.game().name(); }
  const v1::StoredGameSpec& spec() const { return spec_; }

  // The committed game, clocks read now. Without `moves` when `with_moves`
  // is false (answers to moves: the list grows with the game).
  v1::Game Snapshot(bool with_moves = true) const;

  void SubmitMove(const v1::SubmitMoveRequest& request,
                  v1::SubmitMoveResponse* response, Done done);
  void Resign(const v1::ResignRequest& request, v1::Game* response, Done done);
  void OfferDraw(const v1::OfferDrawRequest& request, v1::Game* response,
                 Done done);
  void RespondToDrawOffer(const v1::RespondToDrawOfferRequest& request,
                          v1::Game* response, Done done);
  void RequestTakeback(const v1::RequestTakebackRequest& request,
                       v1::Game* response, Done done);
  void RespondToTakeback(const v1::RespondToTakebackRequest& request,
                         v1::Game* response, Done done);
  void ClaimDraw(const v1::ClaimDrawRequest& request,
                 v1::ClaimDrawResponse* response, Done done);
  void RecordFoul(const v1::RecordFoulRequest& request, v1::Game* response,
                  Done done);
  void SetResult(const v1::SetResultRequest& request, v1::Game* response,
                 Done done);
  void PauseClocks(const v1::PauseClocksRequest& request, v1::Game* response,
                   Done done);
  void ResumeClocks(const v1::ResumeClocksRequest& request, v1::Game* response,
                    Done done);
  void AdjustClock(const v1::AdjustClockRequest& request, v1::Game* response,
                   Done done);
  void AbortGame(const v1::AbortGameRequest& request, v1::Game* response,
                 Done done);
  // The arbiter starts the clocks of a game still waiting for its start
  // time.
  void StartClocks(const v1::StartClocksRequest& request, v1::Game* response,
                   Done done);

  // Whether `token` belongs to a player of this game or an arbiter.
  bool KnowsToken(const std::string& token) const;
  // The player (0 or 1) whose token `token` is, or an error naming the field.
  absl::StatusOr<int> SeatOf(const std::string& token) const {
    return PlayerOf(token);
  }

  // Committed events with sequence > after (at most `limit`), and whether the
  // game is over as of the last of them. When `state` is given and the last
  // event returned is the game's last committed one, `state` gets the game
  // as of it (without moves; its clocks as the event left them); otherwise
  // it is cleared.
  std::vector<v1::GameEvent> EventsAfter(int64_t after, int limit, bool* over,
                                         v1::Game* state = nullptr) const;
  // Watchers are held weakly; one that is gone is dropped.
  void AddWatcher(std::weak_ptr<GameWatcher> watcher);
  void RemoveWatcher(const GameWatcher* watcher);
  int watcher_count() const;
  // Watchers that are players or arbiters.
  int seated_watcher_count() const;

  // The sequence of the last committed event, and of the last one sent to
  // the store (beyond it while a change is being stored).
  int64_t committed_sequence() const;
  int64_t sent_sequence() const;
  bool live() const;
  // Another server owns the game now (a shared store): the clock's alarm
  // stops for good and watchers are told (they watch again, and reach the
  // new owner).
  void Release();
  bool released() const;

  // Reads the events other servers stored after this copy's last one (a
  // shared store) and folds them in, as if committed here: watchers hear of
  // them, the clocks resume from the last one's readings (charged the time
  // since it was made), a finished game leaves the registry. True if there
  // were any. While a change of this server is being stored it waits for
  // that change's answer instead (false).
  absl::StatusOr<bool> CatchUp();

  // Starts the flag-fall alarm of a live game (after Create or Restore).
  void ArmClock();
  // Stops the alarm (server shutdown).
  void Disarm();

 private:
  LiveGame(const v1::StoredGameSpec& spec, const GameContext* context);

  // Who a token belongs to: a player index, or an error status.
  absl::StatusOr<int> PlayerOf(const std::string& token) const;
  absl::Status CheckArbiter(const std::string& token) const;
  // A player's token and a live game: the player's index.
  absl::StatusOr<int> PlayerMayAct(const std::string& token) const
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // An arbiter's token, a live game, and (when `reason` is given) a reason.
  absl::Status ArbiterMayAct(const std::string& token,
                             const std::string* reason) const
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Refuses changes to a game that is over.
  absl::Status CheckLive() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  // Whether the clocks wait for both sides' first moves (they start then).
  bool AwaitingFirstMoves() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Plies after which the game has started (an unstarted one may expire).
  int PliesToStart() const;

  // The player acting next, or -1 once over.
  int PlayerToAct() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  v1::Side SideOfPlayer(int player) const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  int PlayerOfSide(v1::Side side) const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  // Starts an event at `now` with the next sequence number.
  v1::GameEvent NewEvent() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Ends the game with `verdict` (an Armageddon draw becomes a win for the
  // second player); stops the clocks.
  void EndGame(v1::Verdict verdict, int64_t now, bool armageddon_applies = true)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Completes an event (ply, clocks, verdict, side to act) and folds it into
  // the tentative state.
  void Seal(v1::GameEvent* event, int64_t now)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // If the side to act has run out of time at `now`, ends the game on time and
  // adds the flag_fell event.
  bool FlagFallIfDue(int64_t now, std::vector<v1::GameEvent>* events)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Sends `events` to the store; `done` runs after the commit (and after the
  // committed state is updated).
  void Commit(std::vector<v1::GameEvent> events, Done done,
              std::optional<store::GameRow> create = std::nullopt)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // The store's change for `events` (the tentative state's status and
  // snapshot when the game ends or is created); marks them sent.
  store::Change ChangeOf(const std::vector<v1::GameEvent>& events,
                         std::optional<store::GameRow> create)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void OnCommitted(std::vector<v1::GameEvent> events, uint64_t epoch,
                   const absl::Status& status);
  // Undoes the changes of `epoch` after a failed commit (once per epoch).
  void RollBackLocked(uint64_t epoch) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Rebuilds the tentative state (board, clocks) from the committed events;
  // the clocks resume from the last event's readings at `now`.
  absl::Status Rebuild(int64_t now) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // The clocks from the last committed event's readings, resumed at `now`.
  void RestoreClocks(int64_t now) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Folds `events` (read from the store, following the committed ones) into
  // the committed and tentative state; false if they do not follow.
  bool FoldStoredLocked(std::vector<v1::GameEvent> events)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Time since `event` was made, by the wall clock.
  int64_t LagMs(const v1::GameEvent& event) const;
  // The watchers still alive (the others are dropped).
  // Gives committed_ the board facts sealed with event `sequence`.
  void TakeFactsOf(int64_t sequence) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  std::vector<std::shared_ptr<GameWatcher>> LiveWatchersLocked()
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // A fresh board at the game's start position; an error names the
  // definition's field at fault.
  absl::Status StartBoard() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Reads a stored move event's typed move into plays_ (recovery).
  absl::Status Replay(const v1::GameEvent& event)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // A fresh board with plays_ played on it (after recovery or a takeback).
  absl::Status ReplayPlays() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Plies of the moves a takeback by `side` undoes: its last move and all
  // after it (0: it has no move to take back).
  int PliesToTakeBack(v1::Side side) const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Undoes the last `plies` moves (plays_ and the board).
  absl::Status TakeBack(int plies) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Hands the turn (and the running clock, without charging or adding
  // anything) to `player` at `now`, as a takeback leaves it.
  void GiveTurnTo(int player, int64_t now) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // What the side to act may do now (legal moves; gomoku's turn and
  // forbidden points), from the board, into `game`, which must be the state
  // the board stands in; cleared once the game is over.
  void SetBoardFacts(v1::Game* game) const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // The committed game; its clocks read now, or (`read_clocks` false) as the
  // last event left them, so every watcher is sent the same state.
  v1::Game SnapshotLocked(bool with_moves, bool read_clocks = true) const
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void ArmLocked() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void OnAlarm();
  // A one-event arbiter or player action answered with the game.
  void CommitOne(v1::GameEvent event, v1::Game* response, Done done)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  absl::Status CheckEventRoom() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  v1::Clocks ReadClocks(int64_t now) const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  const v1::StoredGameSpec spec_;
  // The game's plug-in; nullptr only for a stored game of no known kind,
  // which StartSession refuses.
  const GameKindPlugin* const kind_;
  const GameContext* const context_;
  clock::TimeControl control_;

  mutable absl::Mutex mu_;
  // Tentative state: what new requests are checked against. The board and
  // state_ run ahead of committed_ while a change is being stored; both game
  // states are built by the one fold (FoldEvent) of the same events.
  std::unique_ptr<domain::GameBoard> board_ ABSL_GUARDED_BY(mu_);
  std::optional<clock::GameClock> clock_ ABSL_GUARDED_BY(mu_);
  v1::Game state_ ABSL_GUARDED_BY(mu_);
  // Each ply's move as played: its side, the typed move (what a takeback
  // replays) and its event's sequence number (for retried submissions).
  struct Play {
    v1::Side side;
    domain::TypedMove move;
    int64_t sequence;
  };
  std::vector<Play> plays_ ABSL_GUARDED_BY(mu_);
  // Steady time of the start of the current move (for elapsed_ms).
  int64_t turn_started_ms_ ABSL_GUARDED_BY(mu_) = 0;
  int64_t stored_sequence_ ABSL_GUARDED_BY(mu_) = 0;  // last sent to the store
  // Bumped at each rollback: commits of an older epoch are ignored.
  uint64_t epoch_ ABSL_GUARDED_BY(mu_) = 0;
  // Committed state.
  v1::Game committed_ ABSL_GUARDED_BY(mu_);
  // The board facts (SetBoardFacts) as of each event sent to the store and
  // not yet committed, oldest first: committed_ takes them with the event.
  std::deque<std::pair<int64_t, v1::Game>> facts_in_flight_
      ABSL_GUARDED_BY(mu_);
  std::vector<v1::GameEvent> log_ ABSL_GUARDED_BY(mu_);
  std::vector<std::weak_ptr<GameWatcher>> watchers_ ABSL_GUARDED_BY(mu_);
  int plies_ ABSL_GUARDED_BY(mu_) = 0;
  std::unique_ptr<Alarm> alarm_ ABSL_GUARDED_BY(mu_);
  // A notice came while a change was being stored: read the store once that
  // change is answered.
  bool catch_up_wanted_ ABSL_GUARDED_BY(mu_) = false;
  // Another server owns the game now (see Release).
  bool released_ ABSL_GUARDED_BY(mu_) = false;
  // The thread inside store->Commit (to notice an answer given inline).
  std::atomic<std::thread::id> committing_thread_{};
  // The creation event, between Create and CommitCreate.
  std::optional<v1::GameEvent> pending_create_ ABSL_GUARDED_BY(mu_);
  // The creation event, between TakeCreateChange and CreateStored.
  std::vector<v1::GameEvent> pending_create_events_ ABSL_GUARDED_BY(mu_);
};

// Player index 0 is xiangqi red / gomoku's first black; 1 the other.
inline constexpr int kNoPlayer = -1;

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_LIVE_GAME_H_
