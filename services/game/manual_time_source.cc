// The manual time source for tests (see time_source.h).
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "services/game/time_source.h"

namespace caipan::services::game {

struct ManualTimeSource::State {
  std::mutex mu;
  int64_t steady_ms;
  int64_t unix_ms;
  uint64_t next_id = 1;
  // Armed alarms by id: (due time, callback).
  std::map<uint64_t, std::pair<int64_t, std::function<void()>>> alarms;
};

namespace {

class ManualAlarm : public Alarm {
 public:
  ManualAlarm(std::shared_ptr<ManualTimeSource::State> state, uint64_t id)
      : state_(std::move(state)), id_(id) {}
  ~ManualAlarm() override { Cancel(); }
  void Set(int64_t steady_ms, std::function<void()> callback) override {
    std::lock_guard lock(state_->mu);
    state_->alarms[id_] = {steady_ms, std::move(callback)};
  }
  void Cancel() override {
    std::lock_guard lock(state_->mu);
    state_->alarms.erase(id_);
  }

 private:
  std::shared_ptr<ManualTimeSource::State> state_;
  uint64_t id_;
};

}  // namespace

ManualTimeSource::ManualTimeSource(int64_t steady_ms, int64_t unix_ms)
    : state_(std::make_shared<State>()) {
  state_->steady_ms = steady_ms;
  state_->unix_ms = unix_ms;
}

ManualTimeSource::~ManualTimeSource() = default;

int64_t ManualTimeSource::SteadyMs() {
  std::lock_guard lock(state_->mu);
  return state_->steady_ms;
}

int64_t ManualTimeSource::UnixMs() {
  std::lock_guard lock(state_->mu);
  return state_->unix_ms;
}

std::unique_ptr<Alarm> ManualTimeSource::NewAlarm() {
  std::lock_guard lock(state_->mu);
  return std::make_unique<ManualAlarm>(state_, state_->next_id++);
}

void ManualTimeSource::Advance(int64_t ms) {
  int64_t target;
  {
    std::lock_guard lock(state_->mu);
    target = state_->steady_ms + ms;
  }
  // Fire due alarms one at a time, earliest first, with the clock set to each
  // alarm's time, so a callback sees the instant it was due.
  while (true) {
    std::function<void()> callback;
    {
      std::lock_guard lock(state_->mu);
      auto due = state_->alarms.end();
      for (auto it = state_->alarms.begin(); it != state_->alarms.end(); ++it) {
        if (it->second.first <= target &&
            (due == state_->alarms.end() ||
             it->second.first < due->second.first)) {
          due = it;
        }
      }
      if (due == state_->alarms.end()) {
        state_->unix_ms += target - state_->steady_ms;
        state_->steady_ms = target;
        return;
      }
      const int64_t at = std::max(due->second.first, state_->steady_ms);
      state_->unix_ms += at - state_->steady_ms;
      state_->steady_ms = at;
      callback = std::move(due->second.second);
      state_->alarms.erase(due);
    }
    callback();
  }
}

}  // namespace caipan::services::game
