// One WatchGame stream: the game's snapshot (unless resuming), then each
// committed event in sequence order, one write at a time; ends after the
// final event of a game that is over, when idle too long, when the client
// goes away, or (UNAVAILABLE) when another server takes the game over.
#ifndef CAIPAN_SERVICES_GAME_WATCH_REACTOR_H_
#define CAIPAN_SERVICES_GAME_WATCH_REACTOR_H_

#include <atomic>
#include <memory>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "caipan/v1/game_service.pb.h"
#include "grpcpp/support/server_callback.h"
#include "services/game/live_game.h"
#include "services/game/time_source.h"

namespace caipan::services::game {

// A watch refused before it started: finishes with `status` at once.
class RefusedWatch : public grpc::ServerWriteReactor<v1::WatchGameResponse> {
 public:
  explicit RefusedWatch(grpc::Status status) { Finish(std::move(status)); }
  void OnDone() override { delete this; }
};

class WatchReactor : public grpc::ServerWriteReactor<v1::WatchGameResponse> {
 public:
  // `open_streams` was counted up by the caller and is counted down when the
  // stream is done. A `seated` watcher is a player or an arbiter.
  static WatchReactor* Start(std::shared_ptr<LiveGame> game,
                             int64_t after_sequence, TimeSource* time,
                             absl::Duration idle_timeout,
                             std::atomic<int>* open_streams, bool seated);

  void OnWriteDone(bool ok) override;
  void OnCancel() override;
  void OnDone() override;

 private:
  // What the game and the idle alarm hold (weakly / by value) to reach the
  // stream while it lives.
  struct Hook : GameWatcher {
    absl::Mutex mu;
    WatchReactor* owner ABSL_GUARDED_BY(mu) = nullptr;
    void OnGameChanged() override;
    void OnGameMoved() override;
    void OnIdle();
  };

  WatchReactor(std::shared_ptr<LiveGame> game, TimeSource* time,
               absl::Duration idle_timeout, std::atomic<int>* open_streams);
  // Writes the next event if none is being written; finishes after the last
  // event of a game that is over.
  void Pump() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void Write() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void End(grpc::Status status) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  const std::shared_ptr<LiveGame> game_;
  TimeSource* const time_;
  const int64_t idle_ms_;
  std::atomic<int>* const open_streams_;
  const std::shared_ptr<Hook> hook_;
  std::unique_ptr<Alarm> idle_alarm_;

  absl::Mutex mu_;
  v1::WatchGameResponse response_ ABSL_GUARDED_BY(mu_);
  int64_t cursor_ ABSL_GUARDED_BY(mu_) = 0;
  bool writing_ ABSL_GUARDED_BY(mu_) = false;
  bool finished_ ABSL_GUARDED_BY(mu_) = false;
  // Another server owns the game now: the stream ends once no write is in
  // flight, and the client watches again from its last event.
  bool moved_ ABSL_GUARDED_BY(mu_) = false;
};

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_WATCH_REACTOR_H_
