// A WatchGame stream (see watch_reactor.h).
#include "services/game/watch_reactor.h"

#include <utility>
#include <vector>

#include "rpc/error_status.h"

namespace caipan::services::game {

void WatchReactor::Hook::OnGameChanged() {
  absl::MutexLock lock(&mu);
  if (owner == nullptr) return;
  absl::MutexLock stream_lock(&owner->mu_);
  owner->Pump();
}

void WatchReactor::Hook::OnGameMoved() {
  absl::MutexLock lock(&mu);
  if (owner == nullptr) return;
  absl::MutexLock stream_lock(&owner->mu_);
  owner->moved_ = true;
  owner->Pump();
}

void WatchReactor::Hook::OnIdle() {
  absl::MutexLock lock(&mu);
  if (owner == nullptr) return;
  absl::MutexLock stream_lock(&owner->mu_);
  // Nothing happened for the idle timeout: the client resumes with
  // after_sequence when it wants more.
  if (!owner->writing_) owner->End(grpc::Status::OK);
}

WatchReactor::WatchReactor(std::shared_ptr<LiveGame> game, TimeSource* time,
                           absl::Duration idle_timeout,
                           std::atomic<int>* open_streams)
    : game_(std::move(game)),
      time_(time),
      idle_ms_(absl::ToInt64Milliseconds(idle_timeout)),
      open_streams_(open_streams),
      hook_(std::make_shared<Hook>()),
      idle_alarm_(time->NewAlarm()) {}

WatchReactor* WatchReactor::Start(std::shared_ptr<LiveGame> game,
                                  int64_t after_sequence, TimeSource* time,
                                  absl::Duration idle_timeout,
                                  std::atomic<int>* open_streams, bool seated) {
  auto* reactor =
      new WatchReactor(std::move(game), time, idle_timeout, open_streams);
  {
    absl::MutexLock lock(&reactor->hook_->mu);
    reactor->hook_->owner = reactor;
  }
  reactor->hook_->seated = seated;
  // Registered before the snapshot is taken, so no event falls in between.
  reactor->game_->AddWatcher(reactor->hook_);
  absl::MutexLock lock(&reactor->mu_);
  // Taken over just now: Release told the watchers before this one came.
  reactor->moved_ = reactor->game_->released();
  if (after_sequence == 0) {
    *reactor->response_.mutable_snapshot() = reactor->game_->Snapshot();
    reactor->cursor_ = reactor->response_.snapshot().last_sequence();
    reactor->Write();
  } else {
    reactor->cursor_ = after_sequence;
    reactor->Pump();
  }
  return reactor;
}

void WatchReactor::Write() {
  writing_ = true;
  StartWrite(&response_);
  idle_alarm_->Set(time_->SteadyMs() + idle_ms_,
                   [hook = hook_] { hook->OnIdle(); });
}

void WatchReactor::Pump() {
  if (finished_ || writing_) return;
  if (moved_) {
    End(rpc::ErrorStatus(grpc::StatusCode::UNAVAILABLE,
                         "the game moved to another server; watch again "
                         "with after_sequence"));
    return;
  }
  bool over = false;
  std::vector<v1::GameEvent> next =
      game_->EventsAfter(cursor_, 1, &over, response_.mutable_game());
  if (!next.empty()) {
    cursor_ = next.front().sequence();
    *response_.mutable_event() = std::move(next.front());
    // The game as of the event, when it is the last one: the page takes it
    // as it is.
    if (response_.game().last_sequence() == 0) response_.clear_game();
    Write();
    return;
  }
  if (over) End(grpc::Status::OK);
}

void WatchReactor::End(grpc::Status status) {
  if (finished_) return;
  finished_ = true;
  Finish(std::move(status));
}

void WatchReactor::OnWriteDone(bool ok) {
  absl::MutexLock lock(&mu_);
  writing_ = false;
  if (!ok) {
    End(grpc::Status::OK);  // the client is gone; the call is over anyway
    return;
  }
  Pump();
}

void WatchReactor::OnCancel() {
  absl::MutexLock lock(&mu_);
  End(rpc::ErrorStatus(grpc::StatusCode::CANCELLED, "the watch was cancelled"));
}

void WatchReactor::OnDone() {
  {
    absl::MutexLock lock(&hook_->mu);
    hook_->owner = nullptr;
  }
  idle_alarm_->Cancel();
  game_->RemoveWatcher(hook_.get());
  open_streams_->fetch_sub(1);
  delete this;
}

}  // namespace caipan::services::game
