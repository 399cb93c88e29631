// Takeback by agreement (see live_game.h): a player asks to take back their
// last move; the opponent accepts or declines. Accepted, the requester's last
// move and any reply to it are undone and the board is replayed without them;
// the clocks keep the time already used, and the requester's clock runs.
#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "rpc/error_status.h"
#include "services/game/domain_sides.h"
#include "services/game/live_game.h"
#include "services/game/live_game_guards.h"
#include "services/game/side_name.h"

namespace caipan::services::game {

int LiveGame::PliesToTakeBack(v1::Side side) const {
  for (int ply = static_cast<int>(plays_.size()) - 1; ply >= 0; --ply) {
    if (plays_[ply].side == side) return static_cast<int>(plays_.size()) - ply;
  }
  return 0;
}

absl::Status LiveGame::TakeBack(int plies) {
  plays_.resize(plays_.size() - plies);
  return ReplayPlays();
}

void LiveGame::GiveTurnTo(int player, int64_t now) {
  turn_started_ms_ = now;
  if (!control_.timed) {
    clock_.emplace(control_, player, now);
    return;
  }
  clock::Reading reading = clock_->Read(now);
  reading.to_move = player;
  // Back before both first moves, the clocks wait for them again.
  reading.paused = reading.paused || AwaitingFirstMoves();
  clock_.emplace(clock::GameClock::Restore(control_, reading, now));
}

void LiveGame::RequestTakeback(const v1::RequestTakebackRequest& request,
                               v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  absl::StatusOr<int> player = PlayerMayAct(request.token());
  if (!player.ok()) return lock.Release(), done(player.status());
  const int64_t now = context_->time->SteadyMs();
  CAIPAN_RETURN_IF_FLAG_FELL(now, done);
  if (!spec_.game().allow_takebacks()) {
    return lock.Release(),
           done(absl::FailedPreconditionError(
               "takebacks are not allowed in this game (it was created "
               "without allow_takebacks)"));
  }
  const v1::Side side = SideOfPlayer(*player);
  if (state_.takeback_request() != v1::SIDE_UNSPECIFIED) {
    return lock.Release(),
           done(absl::FailedPreconditionError(absl::StrCat(
               "a takeback request by ", SideName(state_.takeback_request()),
               " is already pending")));
  }
  if (PliesToTakeBack(side) == 0) {
    return lock.Release(), done(absl::FailedPreconditionError(absl::StrCat(
                               SideName(side), " has no move to take back")));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  v1::GameEvent event = NewEvent();
  event.mutable_takeback_requested()->set_side(side);
  CommitOne(std::move(event), response, std::move(done));
}

void LiveGame::RespondToTakeback(const v1::RespondToTakebackRequest& request,
                                 v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  absl::StatusOr<int> player = PlayerMayAct(request.token());
  if (!player.ok()) return lock.Release(), done(player.status());
  const int64_t now = context_->time->SteadyMs();
  CAIPAN_RETURN_IF_FLAG_FELL(now, done);
  const v1::Side side = SideOfPlayer(*player);
  const v1::Side requester = state_.takeback_request();
  if (requester == v1::SIDE_UNSPECIFIED || requester == side) {
    return lock.Release(),
           done(absl::FailedPreconditionError(
               "no takeback request from the opponent is pending"));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  const int plies = request.accept() ? PliesToTakeBack(requester) : 0;
  if (plies > 0) {
    if (absl::Status s = TakeBack(plies); !s.ok()) {
      // The moves kept replayed once already: a board that refuses them is
      // a fault of the server, and the committed state is rebuilt.
      RollBackLocked(epoch_);
      return lock.Release(), done(absl::InternalError(s.message()));
    }
    GiveTurnTo(PlayerOfSide(requester), now);
    state_.mutable_verdict()->set_explanation(
        kind_->explain_verdict(*board_, Language::kEnglish));
  }
  v1::GameEvent event = NewEvent();
  v1::TakebackAnswer* answer = event.mutable_takeback_answered();
  answer->set_side(side);
  answer->set_accepted(request.accept());
  answer->set_plies(plies);
  CommitOne(std::move(event), response, std::move(done));
}

}  // namespace caipan::services::game
