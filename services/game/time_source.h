// Where live games read the time and set their flag-fall alarms: the real
// clocks (a steady clock for charging time, the wall clock for timestamps)
// with alarms on a Boost.Asio io_context thread of their own, or a manual
// source that tests advance by hand (no sleeping).
#ifndef CAIPAN_SERVICES_GAME_TIME_SOURCE_H_
#define CAIPAN_SERVICES_GAME_TIME_SOURCE_H_

#include <cstdint>
#include <functional>
#include <memory>

namespace caipan::services::game {

// One re-armable alarm. Its callback runs on the source's alarm thread (the
// manual source: on the thread that advances the time).
class Alarm {
 public:
  virtual ~Alarm() = default;
  // Fires `callback` once at `steady_ms` (at once if that is past), replacing
  // any alarm set before.
  virtual void Set(int64_t steady_ms, std::function<void()> callback) = 0;
  virtual void Cancel() = 0;
};

class TimeSource {
 public:
  virtual ~TimeSource() = default;
  // Milliseconds of a monotonic clock (what game clocks are charged on).
  virtual int64_t SteadyMs() = 0;
  // Milliseconds since the Unix epoch (timestamps in events).
  virtual int64_t UnixMs() = 0;
  virtual std::unique_ptr<Alarm> NewAlarm() = 0;
};

// The real clocks; alarms run on one thread owned by the source, apart from
// gRPC's threads. Destroying the source stops that thread.
std::unique_ptr<TimeSource> NewSystemTimeSource();

// A time source for tests: time stands still until Advance().
class ManualTimeSource : public TimeSource {
 public:
  explicit ManualTimeSource(int64_t steady_ms = 1'000'000,
                            int64_t unix_ms = 1'700'000'000'000);
  ~ManualTimeSource() override;
  int64_t SteadyMs() override;
  int64_t UnixMs() override;
  std::unique_ptr<Alarm> NewAlarm() override;
  // Moves both clocks forward and runs, in time order, every alarm due.
  void Advance(int64_t ms);

  struct State;

 private:
  std::shared_ptr<State> state_;
};

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_TIME_SOURCE_H_
