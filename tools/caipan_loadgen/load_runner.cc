// Closed-loop unary and streaming load (see load_runner.h).
#include "tools/caipan_loadgen/load_runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "grpcpp/client_context.h"
#include "grpcpp/support/client_callback.h"

namespace caipan::loadgen {
namespace {

using Clock = std::chrono::steady_clock;

double MicrosSince(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start)
      .count();
}

// State shared by the loops of one run: the stop condition and completion.
class Run {
 public:
  Run(const LoadLimits& limits, int loops)
      : end_(Clock::now() + absl::ToChronoNanoseconds(limits.duration)),
        max_calls_(limits.max_calls),
        active_(loops),
        latencies_(loops) {}

  // Whether another call may start; counts it if so.
  bool Admit() {
    if (Clock::now() >= end_) return false;
    if (max_calls_ > 0 && started_.fetch_add(1) >= max_calls_) return false;
    return true;
  }
  void Record(int loop, double micros, bool ok) {
    latencies_[loop].push_back(micros);
    if (!ok) errors_.fetch_add(1, std::memory_order_relaxed);
  }
  void LoopDone() {
    std::lock_guard<std::mutex> lock(mu_);
    if (--active_ == 0) cv_.notify_all();
  }
  void Wait() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return active_ == 0; });
  }

  LoadResult Collect(const std::string& name, Clock::time_point start) {
    LoadResult result;
    result.name = name;
    result.seconds =
        std::chrono::duration<double>(Clock::now() - start).count();
    for (auto& v : latencies_) {
      result.latencies_us.insert(result.latencies_us.end(), v.begin(), v.end());
    }
    result.calls = static_cast<int64_t>(result.latencies_us.size());
    result.errors = errors_.load();
    return result;
  }

 private:
  Clock::time_point end_;
  int64_t max_calls_;
  std::atomic<int64_t> started_{0};
  std::atomic<int64_t> errors_{0};
  std::mutex mu_;
  std::condition_variable cv_;
  int active_;
  // One vector per loop: a loop's calls complete one after another, so no lock
  // is needed.
  std::vector<std::vector<double>> latencies_;
};

void UnaryLoop(Run* run, const IssueFn* issue, int loop) {
  if (!run->Admit()) {
    run->LoopDone();
    return;
  }
  const Clock::time_point start = Clock::now();
  (*issue)([run, issue, loop, start](bool ok) {
    run->Record(loop, MicrosSince(start), ok);
    UnaryLoop(run, issue, loop);
  });
}

// One PlayGame stream: writes a move, waits for its answer (and the write's
// completion), then writes the next.
class GameStream : public grpc::ClientBidiReactor<v1::PlayGameRequest,
                                                  v1::PlayGameResponse> {
 public:
  GameStream(v1::AdjudicationService::Stub* stub,
             const std::vector<std::string>* moves, Run* run, int loop)
      : stub_(stub), moves_(moves), run_(run), loop_(loop) {
    request_.mutable_start()->mutable_xiangqi();
    stub_->async()->PlayGame(&context_, this);
    Step();
    StartCall();
  }

  void OnWriteDone(bool ok) override { Arrived(ok); }
  void OnReadDone(bool ok) override {
    if (ok && next_ > 0) {
      run_->Record(loop_, MicrosSince(sent_), response_.check().legal());
    }
    Arrived(ok);
  }
  void OnDone(const grpc::Status& status) override {
    if (!status.ok() && failed_) run_->Record(loop_, 0, false);
    Run* run = run_;
    const int loop = loop_;
    auto* stub = stub_;
    auto* moves = moves_;
    const bool again = !failed_ && run->Admit();
    delete this;
    if (again) {
      new GameStream(stub, moves, run, loop);
    } else {
      run->LoopDone();
    }
  }

 private:
  // Sends the current request and reads its answer.
  void Step() {
    pending_.store(2);
    sent_ = Clock::now();
    StartWrite(&request_);
    StartRead(&response_);
  }
  // Called when the write or the read of a step completes; the second one moves
  // on.
  void Arrived(bool ok) {
    if (!ok) failed_ = true;
    if (pending_.fetch_sub(1) != 1) return;
    if (failed_) {
      StartWritesDone();
      return;
    }
    const bool more = next_ < static_cast<int>(moves_->size()) &&
                      (next_ == 0 || run_->Admit());
    if (!more) {
      StartWritesDone();
      return;
    }
    request_.set_move((*moves_)[next_++]);
    Step();
  }

  v1::AdjudicationService::Stub* stub_;
  const std::vector<std::string>* moves_;
  Run* run_;
  int loop_;
  grpc::ClientContext context_;
  v1::PlayGameRequest request_;
  v1::PlayGameResponse response_;
  Clock::time_point sent_;
  std::atomic<int> pending_{0};
  int next_ = 0;
  bool failed_ = false;
};

}  // namespace

double LoadResult::Percentile(double p) const {
  if (latencies_us.empty()) return 0;
  std::vector<double> sorted = latencies_us;
  const size_t k = std::min(
      sorted.size() - 1,
      static_cast<size_t>(p / 100.0 * static_cast<double>(sorted.size())));
  std::nth_element(sorted.begin(), sorted.begin() + k, sorted.end());
  return sorted[k];
}

LoadResult RunUnary(const std::string& name, const IssueFn& issue,
                    const LoadLimits& limits) {
  Run run(limits, limits.in_flight);
  const Clock::time_point start = Clock::now();
  for (int i = 0; i < limits.in_flight; ++i) UnaryLoop(&run, &issue, i);
  run.Wait();
  return run.Collect(name, start);
}

LoadResult RunStreams(v1::AdjudicationService::Stub* stub,
                      const std::vector<std::string>& moves,
                      const LoadLimits& limits) {
  Run run(limits, limits.in_flight);
  const Clock::time_point start = Clock::now();
  for (int i = 0; i < limits.in_flight; ++i) {
    if (run.Admit()) {
      new GameStream(stub, &moves, &run, i);
    } else {
      run.LoopDone();
    }
  }
  run.Wait();
  return run.Collect("PlayGame move", start);
}

}  // namespace caipan::loadgen
