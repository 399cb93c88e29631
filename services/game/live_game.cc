// One live game (see live_game.h).
#include "services/game/live_game.h"

#include <algorithm>
#include <thread>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "rpc/error_status.h"
#include "services/call_control.h"
#include "services/game/domain_sides.h"
#include "services/game/game_fold.h"
#include "services/game/player_tokens.h"
#include "services/game/side_name.h"
#include "services/game/stored_move.h"
#include "services/game_kinds.h"
#include "store/change_check.h"

namespace caipan::services::game {
namespace {

// The most time since an event that a copy read from a shared store charges
// to the clocks (a wrong wall clock elsewhere cannot take more).
constexpr int64_t kMaxLagMs = 10 * 60 * 1000;

absl::Status GameOver(const v1::Game& game) {
  return rpc::WithReason(
      absl::FailedPreconditionError(
          absl::StrCat("the game is over: ", game.verdict().explanation())),
      rpc::kReasonGameOver);
}

}  // namespace

LiveGame::LiveGame(const v1::StoredGameSpec& spec, const GameContext* context)
    : spec_(spec), kind_(FindGameKind(spec.game().kind())), context_(context) {}

LiveGame::~LiveGame() { Disarm(); }

absl::StatusOr<std::shared_ptr<LiveGame>> LiveGame::Create(
    const v1::StoredGameSpec& spec, const GameContext* context) {
  auto control = clock::ParseTimeControl(spec.game().time_control());
  if (!control.ok()) return control.status();
  std::shared_ptr<LiveGame> game(new LiveGame(spec, context));
  absl::MutexLock lock(&game->mu_);
  game->control_ = *control;
  CAIPAN_RETURN_IF_ERROR(game->StartBoard());
  const int64_t now = context->time->SteadyMs();
  const int64_t unix_now = context->time->UnixMs();
  const int64_t start =
      now + std::max<int64_t>(0, spec.game().start_time_unix_ms() - unix_now);
  if (game->AwaitingFirstMoves()) {
    // No time is charged until both sides have made their first move.
    game->clock_.emplace(*control, std::max(0, game->PlayerToAct()), now);
    game->clock_->Pause(now);
    game->turn_started_ms_ = now;
  } else {
    game->clock_.emplace(*control, std::max(0, game->PlayerToAct()), start);
    game->turn_started_ms_ = start;
  }
  v1::GameEvent event = game->NewEvent();
  *event.mutable_created()->mutable_game() = spec.game();
  *game->state_.mutable_verdict() = v1::Verdict();
  game->state_.mutable_verdict()->set_result(v1::RESULT_ONGOING);
  game->state_.mutable_verdict()->set_reason(v1::VERDICT_REASON_NONE);
  game->Seal(&event, now);
  game->log_.clear();
  game->pending_create_ = std::move(event);
  return game;
}

absl::StatusOr<std::shared_ptr<LiveGame>> LiveGame::Restore(
    const v1::StoredGameSpec& spec, std::vector<v1::GameEvent> events,
    const GameContext* context) {
  auto control = clock::ParseTimeControl(spec.game().time_control());
  if (!control.ok()) return control.status();
  if (events.empty() || !events.front().has_created())
    return absl::DataLossError(
        absl::StrCat(spec.game().name(), ": the event log has no creation"));
  std::shared_ptr<LiveGame> game(new LiveGame(spec, context));
  absl::MutexLock lock(&game->mu_);
  game->control_ = *control;
  for (size_t i = 0; i < events.size(); ++i) {
    if (events[i].sequence() != static_cast<int64_t>(i) + 1)
      return absl::DataLossError(absl::StrCat(spec.game().name(), ": event ",
                                              i + 1, " has sequence ",
                                              events[i].sequence()));
    FoldEvent(events[i], &game->committed_);
  }
  game->log_ = std::move(events);
  // On a shared store other servers kept the game going: its clocks ran
  // since the last event. Alone, the server was down: they did not.
  const int64_t lag =
      context->store->Shared() ? game->LagMs(game->log_.back()) : 0;
  CAIPAN_RETURN_IF_ERROR(game->Rebuild(context->time->SteadyMs() - lag));
  return game;
}

absl::Status LiveGame::StartBoard() {
  if (kind_ == nullptr) {
    return absl::DataLossError(
        absl::StrCat(spec_.game().name(), ": the stored game has no kind"));
  }
  absl::StatusOr<std::unique_ptr<domain::GameBoard>> board =
      kind_->start_board(spec_.game());
  if (!board.ok()) return board.status();
  board_ = *std::move(board);
  plies_ = 0;
  return absl::OkStatus();
}

absl::Status LiveGame::Replay(const v1::GameEvent& event) {
  absl::StatusOr<domain::TypedMove> move =
      ReadStoredMove(event.move(), spec_.game().kind());
  if (!move.ok()) {
    return absl::DataLossError(
        absl::StrCat(name(), ": ", move.status().message()));
  }
  plays_.push_back({event.move().side(), *std::move(move), event.sequence()});
  return absl::OkStatus();
}

absl::Status LiveGame::ReplayPlays() {
  CAIPAN_RETURN_IF_ERROR(StartBoard());
  for (size_t ply = 0; ply < plays_.size(); ++ply) {
    if (!board_->Play(plays_[ply].move)) {
      return absl::DataLossError(
          absl::StrCat(name(), ": stored move ", ply + 1, " does not replay"));
    }
  }
  plies_ = board_->plies();
  return absl::OkStatus();
}

void LiveGame::SetBoardFacts(v1::Game* game) const {
  game->clear_legal_move_codes();
  game->clear_gomoku_turn();
  game->clear_forbidden_points();
  if (game->status() == v1::GAME_STATUS_LIVE)
    kind_->describe_board(*board_, game);
}

absl::Status LiveGame::Rebuild(int64_t now) {
  facts_in_flight_.clear();
  if (absl::Status s = StartBoard(); !s.ok()) {
    return absl::DataLossError(
        absl::StrCat(name(), ": the stored game's ", s.message()));
  }
  plays_.clear();
  for (const v1::GameEvent& event : log_) {
    if (event.has_move()) {
      CAIPAN_RETURN_IF_ERROR(Replay(event));
    } else if (event.has_takeback_answered()) {
      const int undone = event.takeback_answered().plies();
      if (undone < 0 || undone > static_cast<int>(plays_.size())) {
        return absl::DataLossError(
            absl::StrCat(name(), ": event ", event.sequence(), " takes back ",
                         undone, " plies of ", plays_.size()));
      }
      plays_.resize(plays_.size() - undone);
    }
  }
  if (absl::Status s = ReplayPlays(); !s.ok()) return s;
  SetBoardFacts(&committed_);
  state_ = committed_;
  stored_sequence_ = committed_.last_sequence();
  RestoreClocks(now);
  return absl::OkStatus();
}

void LiveGame::RestoreClocks(int64_t now) {
  // Before the first move, a start time still ahead holds: the first clock
  // starts then (as in Create).
  // (`now` may lie in the past: a copy read from a shared store is charged
  // the time since the last event, but never before the start.)
  if (plies_ == 0) {
    now =
        std::max(now, context_->time->SteadyMs() + state_.start_time_unix_ms() -
                          context_->time->UnixMs());
  }
  turn_started_ms_ = now;
  // The clocks resume from the last event's readings: time between that
  // event and now (a server restart, a failed write) is charged to no one.
  const v1::Clocks& c = committed_.clocks();
  clock::Reading reading;
  for (int p = 0; p < 2; ++p) {
    const v1::Side side = SideOfPlayer(p);
    reading.remaining_ms[p] = side == v1::SIDE_RED     ? c.red_ms()
                              : side == v1::SIDE_BLACK ? c.black_ms()
                                                       : c.white_ms();
  }
  reading.shared_remaining_ms = c.shared_ms();
  reading.to_move = std::max(0, PlayerToAct());
  reading.paused = c.paused() || AwaitingFirstMoves();
  reading.stopped = committed_.status() != v1::GAME_STATUS_LIVE;
  if (!control_.timed) {
    clock_.emplace(control_, reading.to_move, now);
    if (reading.stopped) clock_->Stop(now);
  } else {
    clock_.emplace(clock::GameClock::Restore(control_, reading, now));
  }
}

void LiveGame::CommitCreate(store::GameRow row, Done done) {
  absl::MutexLock lock(&mu_);
  std::vector<v1::GameEvent> events;
  events.push_back(std::move(*pending_create_));
  pending_create_.reset();
  Commit(std::move(events), std::move(done), std::move(row));
}

// --- Identity -------------------------------------------------------------

absl::StatusOr<int> LiveGame::PlayerOf(const std::string& token) const {
  if (token.empty())
    return rpc::WithReason(
        absl::UnauthenticatedError("token: missing (a player's token)"),
        rpc::kReasonTokenMissing);
  const std::string hash = HashToken(token);
  for (int p = 0; p < spec_.token_hashes_size() && p < 2; ++p) {
    if (SameHash(hash, spec_.token_hashes(p))) return p;
  }
  if (context_->arbiters != nullptr &&
      context_->arbiters->CheckHeader(absl::StrCat("Bearer ", token)).ok()) {
    return absl::PermissionDeniedError(
        "token: an arbiter's token cannot act for a player");
  }
  return rpc::WithReason(
      absl::UnauthenticatedError("token: not a token of this game"),
      rpc::kReasonTokenUnknown);
}

absl::Status LiveGame::CheckArbiter(const std::string& token) const {
  if (token.empty())
    return rpc::WithReason(
        absl::UnauthenticatedError("token: missing (an arbiter's token)"),
        rpc::kReasonTokenMissing);
  if (context_->arbiters != nullptr &&
      context_->arbiters->CheckHeader(absl::StrCat("Bearer ", token)).ok()) {
    return absl::OkStatus();
  }
  const std::string hash = HashToken(token);
  for (int p = 0; p < spec_.token_hashes_size(); ++p) {
    if (SameHash(hash, spec_.token_hashes(p)))
      return absl::PermissionDeniedError(
          "token: a player's token cannot make an arbiter's ruling");
  }
  return rpc::WithReason(
      absl::UnauthenticatedError("token: not an arbiter's token"),
      rpc::kReasonTokenUnknown);
}

bool LiveGame::KnowsToken(const std::string& token) const {
  return PlayerOf(token).ok() || CheckArbiter(token).ok();
}

absl::Status LiveGame::CheckLive() const {
  if (state_.status() != v1::GAME_STATUS_LIVE) return GameOver(state_);
  return absl::OkStatus();
}

absl::Status LiveGame::CheckEventRoom() const {
  if (state_.last_sequence() >= context_->max_events) {
    return rpc::WithReason(
        absl::ResourceExhaustedError(absl::StrCat(
            "the game reached the limit of ", context_->max_events, " events")),
        rpc::kReasonLimitReached);
  }
  return absl::OkStatus();
}

// --- Sides ----------------------------------------------------------------

v1::Side LiveGame::SideOfPlayer(int player) const {
  // The first player moves first unless the session swapped the sides
  // (gomoku's swap after move 3).
  const bool first_mover = (player == 0) != board_->Swapped();
  return kind_->sides[first_mover ? 0 : 1];
}

int LiveGame::PlayerOfSide(v1::Side side) const {
  for (int p = 0; p < 2; ++p) {
    if (SideOfPlayer(p) == side) return p;
  }
  return kNoPlayer;
}

int LiveGame::PlayerToAct() const {
  if (state_.status() != v1::GAME_STATUS_LIVE &&
      state_.status() != v1::GAME_STATUS_UNSPECIFIED)
    return kNoPlayer;
  const v1::Side side = ToProto(board_->SideToAct());
  return side == v1::SIDE_UNSPECIFIED ? kNoPlayer : PlayerOfSide(side);
}

// --- Events ---------------------------------------------------------------

v1::Clocks LiveGame::ReadClocks(int64_t now) const {
  v1::Clocks c;
  c.set_read_unix_ms(context_->time->UnixMs());
  if (!control_.timed || !clock_) return c;
  c.set_timed(true);
  const clock::Reading r = clock_->Read(now);
  for (int p = 0; p < 2; ++p) {
    const int64_t ms = std::max<int64_t>(0, r.remaining_ms[p]);
    switch (SideOfPlayer(p)) {
      case v1::SIDE_RED:
        c.set_red_ms(ms);
        break;
      case v1::SIDE_BLACK:
        c.set_black_ms(ms);
        break;
      default:
        c.set_white_ms(ms);
        break;
    }
  }
  c.set_shared_ms(std::max<int64_t>(0, r.shared_remaining_ms));
  if (AwaitingFirstMoves() && !r.stopped) {
    c.set_waiting_for_first_moves(true);
    return c;
  }
  // A start time still ahead: no clock runs yet (it starts then).
  if (plies_ == 0 && !r.stopped &&
      state_.start_time_unix_ms() > c.read_unix_ms()) {
    c.set_waiting_for_start_time(true);
    return c;
  }
  c.set_paused(r.paused);
  if (!r.paused && !r.stopped) c.set_running(SideOfPlayer(r.to_move));
  return c;
}

bool LiveGame::AwaitingFirstMoves() const {
  return plies_ < PliesToStart() &&
         spec_.game().clock_start() == v1::CLOCK_START_AFTER_FIRST_MOVES;
}

int LiveGame::PliesToStart() const {
  return spec_.game().clock_start() == v1::CLOCK_START_AFTER_FIRST_MOVES ? 2
                                                                         : 1;
}

v1::GameEvent LiveGame::NewEvent() {
  v1::GameEvent event;
  event.set_sequence(state_.last_sequence() + 1);
  event.set_time_unix_ms(context_->time->UnixMs());
  return event;
}

void LiveGame::Seal(v1::GameEvent* event, int64_t now) {
  event->set_ply(plies_);
  *event->mutable_clocks() = ReadClocks(now);
  *event->mutable_verdict() = state_.verdict();
  const bool live = state_.verdict().result() == v1::RESULT_ONGOING;
  event->set_side_to_act(live ? ToProto(board_->SideToAct())
                              : v1::SIDE_UNSPECIFIED);
  event->set_fen(board_->Fen());
  event->set_swapped(board_->Swapped());
  FoldEvent(*event, &state_);
  // The facts go to the committed state with the event (the tentative one
  // is only checked against, and never shown).
  v1::Game facts;
  facts.set_status(state_.status());
  SetBoardFacts(&facts);
  facts_in_flight_.emplace_back(event->sequence(), std::move(facts));
  if (state_.has_winner()) *event->mutable_winner() = state_.winner();
}

void LiveGame::EndGame(v1::Verdict verdict, int64_t now,
                       bool armageddon_applies) {
  if (armageddon_applies && control_.armageddon &&
      verdict.result() == v1::RESULT_DRAW) {
    const v1::Side second = SideOfPlayer(1);
    verdict.set_result(v1::RESULT_WIN);
    verdict.set_winner(second);
    SetExplanations(
        absl::StrCat("Armageddon: a draw counts as a win for ",
                     SideName(second), " (", verdict.explanation(), ")"),
        absl::StrCat("必胜局：和棋判", SideName(second, Language::kChinese),
                     "胜（", ExplanationIn(verdict, Language::kChinese), "）"),
        &verdict);
  }
  *state_.mutable_verdict() = std::move(verdict);
  if (clock_) clock_->Stop(now);
}

bool LiveGame::FlagFallIfDue(int64_t now, std::vector<v1::GameEvent>* events) {
  if (state_.status() != v1::GAME_STATUS_LIVE || !clock_ ||
      !clock_->Flagged(now))
    return false;
  const int loser = clock_->to_move();
  const v1::Side side = SideOfPlayer(loser);
  v1::GameEvent event = NewEvent();
  event.mutable_flag_fell()->set_side(side);
  EndGame(
      MakeVerdict(v1::RESULT_WIN, SideOfPlayer(1 - loser),
                  v1::VERDICT_REASON_TIME_FORFEIT, plies_,
                  absl::StrCat(SideName(side), "'s flag fell: out of time"),
                  absl::StrCat(SideName(side, Language::kChinese), "超时判负")),
      now, /*armageddon_applies=*/false);
  Seal(&event, now);
  events->push_back(std::move(event));
  return true;
}

// --- Commits --------------------------------------------------------------

store::Change LiveGame::TakeCreateChange(store::GameRow row) {
  absl::MutexLock lock(&mu_);
  pending_create_events_.push_back(std::move(*pending_create_));
  pending_create_.reset();
  return ChangeOf(pending_create_events_, std::move(row));
}

void LiveGame::CreateStored(const absl::Status& status) {
  std::vector<v1::GameEvent> events;
  uint64_t epoch;
  {
    absl::MutexLock lock(&mu_);
    events = std::move(pending_create_events_);
    pending_create_events_.clear();
    epoch = epoch_;
  }
  OnCommitted(std::move(events), epoch, status);
}

store::Change LiveGame::ChangeOf(const std::vector<v1::GameEvent>& events,
                                 std::optional<store::GameRow> create) {
  store::Change change;
  change.game = name();
  change.expected_last_sequence = stored_sequence_;
  change.create = std::move(create);
  for (const v1::GameEvent& e : events)
    change.events.push_back({e.sequence(), e.SerializeAsString()});
  stored_sequence_ = events.back().sequence();
  if (state_.status() != v1::GAME_STATUS_LIVE || change.create) {
    change.status = StoreStatusName(state_.status());
    change.snapshot = state_.SerializeAsString();
    if (change.create) {
      change.create->status = *change.status;
      change.create->snapshot = *change.snapshot;
    }
  }
  return change;
}

void LiveGame::Commit(std::vector<v1::GameEvent> events, Done done,
                      std::optional<store::GameRow> create) {
  store::Change change = ChangeOf(events, std::move(create));
  ArmLocked();
  // A store that is closed answers at once, on this thread, which holds the
  // lock: the callback must then not take it again.
  committing_thread_ = std::this_thread::get_id();
  if (context_->commits) context_->commits->Begin();
  context_->store->Commit(
      std::move(change),
      [self = shared_from_this(), events = std::move(events), epoch = epoch_,
       done = std::move(done)](absl::Status status) mutable {
        if (self->committing_thread_ == std::this_thread::get_id() &&
            !status.ok()) {
          self->RollBackLocked(epoch);
        } else {
          self->OnCommitted(std::move(events), epoch, status);
        }
        if (store::IsGameMoved(status)) {
          // Another server claimed the game: the client's retry reaches it.
          if (self->context_->on_moved) self->context_->on_moved(self.get());
          status = absl::UnavailableError(absl::StrCat(
              self->name(), " moved to another server; retry the call"));
        } else if (absl::IsAborted(status)) {
          // Another server changed the game first: read what it stored.
          (void)self->CatchUp();
          status = absl::AbortedError(
              absl::StrCat("the game changed on another server (",
                           status.message(), "); retry"));
        } else if (!status.ok()) {
          status = absl::UnavailableError(
              absl::StrCat("the change could not be stored and was not made (",
                           status.message(), "); retry"));
        }
        done(std::move(status));
        if (self->context_->commits) self->context_->commits->End();
      });
  committing_thread_ = std::thread::id();
}

void LiveGame::RollBackLocked(uint64_t epoch) {
  if (epoch != epoch_) return;
  // Later changes built on this one fail in the store too (their expected
  // sequence no longer matches); one rebuild covers them all.
  ++epoch_;
  (void)Rebuild(context_->time->SteadyMs());
  ArmLocked();
}

void LiveGame::OnCommitted(std::vector<v1::GameEvent> events, uint64_t epoch,
                           const absl::Status& status) {
  std::vector<std::shared_ptr<GameWatcher>> watchers;
  bool finished = false;
  bool catch_up = false;
  {
    absl::MutexLock lock(&mu_);
    if (status.ok()) {
      const bool was_live = committed_.status() == v1::GAME_STATUS_LIVE ||
                            committed_.status() == v1::GAME_STATUS_UNSPECIFIED;
      for (v1::GameEvent& e : events) {
        FoldEvent(e, &committed_);
        TakeFactsOf(e.sequence());
        log_.push_back(std::move(e));
      }
      finished = was_live && committed_.status() != v1::GAME_STATUS_LIVE;
      watchers = LiveWatchersLocked();
    } else {
      RollBackLocked(epoch);
    }
    catch_up = catch_up_wanted_ && !finished &&
               stored_sequence_ == committed_.last_sequence();
    if (catch_up) catch_up_wanted_ = false;
  }
  for (const auto& w : watchers) w->OnGameChanged();
  if (finished && context_->on_finished) context_->on_finished(name());
  if (catch_up) (void)CatchUp();
}

void LiveGame::TakeFactsOf(int64_t sequence) {
  while (!facts_in_flight_.empty() &&
         facts_in_flight_.front().first < sequence) {
    facts_in_flight_.pop_front();
  }
  if (facts_in_flight_.empty() || facts_in_flight_.front().first != sequence)
    return;
  v1::Game& facts = facts_in_flight_.front().second;
  committed_.mutable_legal_move_codes()->Swap(facts.mutable_legal_move_codes());
  committed_.mutable_gomoku_turn()->Swap(facts.mutable_gomoku_turn());
  committed_.mutable_forbidden_points()->Swap(facts.mutable_forbidden_points());
  facts_in_flight_.pop_front();
}

std::vector<std::shared_ptr<GameWatcher>> LiveGame::LiveWatchersLocked() {
  std::vector<std::shared_ptr<GameWatcher>> watchers;
  for (auto it = watchers_.begin(); it != watchers_.end();) {
    if (auto w = it->lock()) {
      watchers.push_back(std::move(w));
      ++it;
    } else {
      it = watchers_.erase(it);
    }
  }
  return watchers;
}

// --- Other servers' changes ------------------------------------------------

int64_t LiveGame::committed_sequence() const {
  absl::MutexLock lock(&mu_);
  return committed_.last_sequence();
}

int64_t LiveGame::sent_sequence() const {
  absl::MutexLock lock(&mu_);
  return stored_sequence_;
}

bool LiveGame::released() const {
  absl::MutexLock lock(&mu_);
  return released_;
}

void LiveGame::Release() {
  std::vector<std::shared_ptr<GameWatcher>> watchers;
  {
    absl::MutexLock lock(&mu_);
    released_ = true;
    if (alarm_) alarm_->Cancel();
    watchers = LiveWatchersLocked();
  }
  for (const auto& w : watchers) w->OnGameMoved();
}

bool LiveGame::live() const {
  absl::MutexLock lock(&mu_);
  return committed_.status() == v1::GAME_STATUS_LIVE;
}

absl::StatusOr<bool> LiveGame::CatchUp() {
  int64_t from = 0;
  {
    absl::MutexLock lock(&mu_);
    from = committed_.last_sequence();
  }
  absl::StatusOr<std::vector<store::EventRow>> rows =
      context_->store->LoadEvents(name(), from, context_->max_events);
  if (!rows.ok()) return rows.status();
  if (rows->empty()) return false;
  std::vector<v1::GameEvent> events(rows->size());
  for (size_t i = 0; i < rows->size(); ++i) {
    if (!events[i].ParseFromString((*rows)[i].payload)) {
      return absl::DataLossError(
          absl::StrCat(name(), ": unreadable event ", (*rows)[i].sequence));
    }
  }
  std::vector<std::shared_ptr<GameWatcher>> watchers;
  bool finished = false;
  {
    absl::MutexLock lock(&mu_);
    // Folded meanwhile by another caller.
    if (committed_.last_sequence() != from) return true;
    if (stored_sequence_ != committed_.last_sequence()) {
      catch_up_wanted_ = true;
      return false;
    }
    const bool was_live = committed_.status() == v1::GAME_STATUS_LIVE;
    if (!FoldStoredLocked(std::move(events))) {
      return absl::DataLossError(absl::StrCat(
          name(), ": stored events do not follow sequence ", from));
    }
    finished = was_live && committed_.status() != v1::GAME_STATUS_LIVE;
    watchers = LiveWatchersLocked();
  }
  for (const auto& w : watchers) w->OnGameChanged();
  if (finished && context_->on_finished) context_->on_finished(name());
  return true;
}

int64_t LiveGame::LagMs(const v1::GameEvent& event) const {
  // Read on another machine's clock, perhaps: never negative, and bounded.
  return std::clamp<int64_t>(context_->time->UnixMs() - event.time_unix_ms(), 0,
                             kMaxLagMs);
}

bool LiveGame::FoldStoredLocked(std::vector<v1::GameEvent> events) {
  int64_t next = committed_.last_sequence() + 1;
  for (const v1::GameEvent& e : events) {
    if (e.sequence() != next++) return false;
  }
  // Moves are replayed on the board, which is at the committed state (no
  // change of ours is in flight); any trouble rebuilds it from the start.
  bool replayed = true;
  facts_in_flight_.clear();
  for (v1::GameEvent& e : events) {
    FoldEvent(e, &committed_);
    if (e.has_move() && replayed) {
      replayed = Replay(e).ok() && board_->Play(plays_.back().move);
      plies_ = board_->plies();
    }
    // A takeback replays the game from the start: Rebuild does that.
    if (e.has_takeback_answered() && e.takeback_answered().plies() > 0)
      replayed = false;
    log_.push_back(std::move(e));
  }
  // The clocks resume from the last event's readings, charged the time since
  // it was made.
  const int64_t now = context_->time->SteadyMs() - LagMs(log_.back());
  if (!replayed) {
    (void)Rebuild(now);
  } else {
    SetBoardFacts(&committed_);
    state_ = committed_;
    stored_sequence_ = committed_.last_sequence();
    RestoreClocks(now);
  }
  ArmLocked();
  return true;
}

void LiveGame::CommitOne(v1::GameEvent event, v1::Game* response, Done done) {
  Seal(&event, context_->time->SteadyMs());
  std::vector<v1::GameEvent> events;
  events.push_back(std::move(event));
  Commit(std::move(events), [self = shared_from_this(), response,
                             done = std::move(done)](absl::Status status) {
    if (status.ok()) *response = self->Snapshot();
    done(std::move(status));
  });
}

// --- Alarm ----------------------------------------------------------------

void LiveGame::ArmClock() {
  absl::MutexLock lock(&mu_);
  ArmLocked();
}

void LiveGame::Disarm() {
  absl::MutexLock lock(&mu_);
  if (alarm_) alarm_->Cancel();
}

void LiveGame::ArmLocked() {
  if (released_) return;
  if (!alarm_) alarm_ = context_->time->NewAlarm();
  std::optional<int64_t> due;
  if (state_.status() == v1::GAME_STATUS_LIVE && clock_)
    due = clock_->FlagFallTime();
  if (!due) {
    alarm_->Cancel();
    return;
  }
  alarm_->Set(*due, [weak = weak_from_this()] {
    if (auto game = weak.lock()) game->OnAlarm();
  });
}

void LiveGame::OnAlarm() {
  absl::MutexLock lock(&mu_);
  std::vector<v1::GameEvent> events;
  if (FlagFallIfDue(context_->time->SteadyMs(), &events)) {
    Commit(std::move(events), [](absl::Status) {});
  } else {
    ArmLocked();
  }
}

// --- Reads ----------------------------------------------------------------

v1::Game LiveGame::Snapshot(bool with_moves) const {
  absl::MutexLock lock(&mu_);
  return SnapshotLocked(with_moves);
}

v1::Game LiveGame::SnapshotLocked(bool with_moves, bool read_clocks) const {
  v1::Game game;
  if (with_moves) {
    game = committed_;
  } else {
    // Copy everything but the moves: swap them out and back (O(1)).
    google::protobuf::RepeatedPtrField<std::string> moves;
    auto& committed = const_cast<v1::Game&>(committed_);
    committed.mutable_moves()->Swap(&moves);
    game = committed_;
    committed.mutable_moves()->Swap(&moves);
  }
  // Clocks read now, unless a change is still being stored (its clocks
  // would run ahead of the committed moves).
  if (read_clocks && stored_sequence_ == committed_.last_sequence() &&
      committed_.status() == v1::GAME_STATUS_LIVE) {
    *game.mutable_clocks() = ReadClocks(context_->time->SteadyMs());
  }
  return game;
}

std::vector<v1::GameEvent> LiveGame::EventsAfter(int64_t after, int limit,
                                                 bool* over,
                                                 v1::Game* state) const {
  absl::MutexLock lock(&mu_);
  std::vector<v1::GameEvent> events;
  for (int64_t i = std::max<int64_t>(after, 0);
       i < static_cast<int64_t>(log_.size()) &&
       static_cast<int>(events.size()) < limit;
       ++i) {
    events.push_back(log_[i]);
  }
  const bool to_the_end = after + static_cast<int64_t>(events.size()) >=
                          static_cast<int64_t>(log_.size());
  *over = committed_.status() != v1::GAME_STATUS_LIVE && to_the_end;
  if (state != nullptr) {
    state->Clear();
    if (to_the_end && !events.empty())
      *state = SnapshotLocked(/*with_moves=*/false, /*read_clocks=*/false);
  }
  return events;
}

void LiveGame::AddWatcher(std::weak_ptr<GameWatcher> watcher) {
  absl::MutexLock lock(&mu_);
  watchers_.push_back(std::move(watcher));
}

void LiveGame::RemoveWatcher(const GameWatcher* watcher) {
  absl::MutexLock lock(&mu_);
  watchers_.erase(
      std::remove_if(watchers_.begin(), watchers_.end(),
                     [watcher](const std::weak_ptr<GameWatcher>& w) {
                       auto p = w.lock();
                       return p == nullptr || p.get() == watcher;
                     }),
      watchers_.end());
}

int LiveGame::watcher_count() const {
  absl::MutexLock lock(&mu_);
  return static_cast<int>(watchers_.size());
}

int LiveGame::seated_watcher_count() const {
  absl::MutexLock lock(&mu_);
  int seated = 0;
  for (const std::weak_ptr<GameWatcher>& w : watchers_) {
    if (auto watcher = w.lock(); watcher != nullptr && watcher->seated)
      ++seated;
  }
  return seated;
}

}  // namespace caipan::services::game
