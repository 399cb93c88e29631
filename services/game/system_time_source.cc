// The real time source: std::chrono clocks, alarms as Boost.Asio steady
// timers served by one io_context thread.
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "boost/asio/executor_work_guard.hpp"
#include "boost/asio/io_context.hpp"
#include "boost/asio/post.hpp"
#include "boost/asio/steady_timer.hpp"
#include "services/game/time_source.h"

namespace caipan::services::game {
namespace {

int64_t SteadyNow() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

class AsioAlarm : public Alarm {
 public:
  explicit AsioAlarm(boost::asio::io_context& io)
      : state_(std::make_shared<State>(io)) {}
  ~AsioAlarm() override { Cancel(); }

  void Set(int64_t steady_ms, std::function<void()> callback) override {
    // The timer is touched only on the io thread (steady_timer is not
    // thread-safe); the handlers share its state, so an alarm destroyed with
    // a wait pending is safe. The generation makes a replaced alarm a no-op.
    const uint64_t gen = ++state_->generation;
    boost::asio::post(
        state_->timer.get_executor(),
        [state = state_, steady_ms, callback = std::move(callback),
         gen]() mutable {
          if (gen != state->generation.load()) return;
          state->timer.expires_at(std::chrono::steady_clock::time_point(
              std::chrono::milliseconds(steady_ms)));
          state->timer.async_wait([state, callback = std::move(callback), gen](
                                      const boost::system::error_code& error) {
            if (error || gen != state->generation.load()) return;
            callback();
          });
        });
  }

  void Cancel() override {
    ++state_->generation;
    boost::asio::post(state_->timer.get_executor(),
                      [state = state_] { state->timer.cancel(); });
  }

 private:
  struct State {
    explicit State(boost::asio::io_context& io) : timer(io) {}
    boost::asio::steady_timer timer;
    std::atomic<uint64_t> generation{0};
  };
  std::shared_ptr<State> state_;
};

class SystemTimeSource : public TimeSource {
 public:
  SystemTimeSource()
      : work_(io_.get_executor()), thread_([this] { io_.run(); }) {}
  ~SystemTimeSource() override {
    work_.reset();
    io_.stop();
    thread_.join();
  }
  int64_t SteadyMs() override { return SteadyNow(); }
  int64_t UnixMs() override {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
  std::unique_ptr<Alarm> NewAlarm() override {
    return std::make_unique<AsioAlarm>(io_);
  }

 private:
  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type>
      work_;
  std::thread thread_;
};

}  // namespace

std::unique_ptr<TimeSource> NewSystemTimeSource() {
  return std::make_unique<SystemTimeSource>();
}

}  // namespace caipan::services::game
