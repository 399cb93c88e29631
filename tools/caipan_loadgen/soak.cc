// Soak mode (see soak.h). One scheduler thread issues operations, closed loop
// to find the maximum QPS and then open loop on a fixed schedule; the gRPC
// callback threads complete them and record each outcome in a Tally.
#include "tools/caipan_loadgen/soak.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <queue>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caipan/v1/adjudication_service.grpc.pb.h"
#include "grpcpp/client_context.h"
#include "grpcpp/create_channel.h"
#include "grpcpp/security/credentials.h"
#include "grpcpp/support/channel_arguments.h"
#include "grpcpp/support/client_callback.h"
#include "rpc/status_code_name.h"

namespace caipan::loadgen {
namespace {

using Clock = std::chrono::steady_clock;
using Stub = v1::AdjudicationService::Stub;

// Every call gets a deadline, so a server that stops answering ends the run
// with DEADLINE_EXCEEDED outcomes instead of a hang.
constexpr auto kCallDeadline = std::chrono::seconds(10);
constexpr auto kStreamDeadline = std::chrono::seconds(30);
// A retired channel is kept this long, past every call's deadline.
constexpr auto kRetiredChannelLife = std::chrono::seconds(15);
// A PlayGame stream older than this is closed when it next falls idle.
constexpr auto kStreamRetireAge = std::chrono::seconds(10);
// Open loop: operations due while this many are outstanding are skipped.
constexpr int64_t kMaxInFlight = 2000;
constexpr int64_t kMaxStreams = 256;
// The short-deadline calls adjudicate a game this long, annotated: the server
// checks for a passed deadline every 32 annotated plies, so it must stop it
// with DEADLINE_EXCEEDED even when the client's deadline timer runs late.
constexpr int kSlowPlies = 400;
// A cancelled call is cancelled this long after it starts, at most.
constexpr int kMaxCancelDelayUs = 300;

Clock::duration FromSeconds(double seconds) {
  return std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(seconds));
}
double ToSeconds(Clock::duration d) {
  return std::chrono::duration<double>(d).count();
}
double ToMicros(Clock::duration d) {
  return std::chrono::duration<double, std::micro>(d).count();
}

enum class Method {
  kCheckMove,
  kListMoves,
  kAdjudicate,
  kPlayGameMove,
  kPlayGame
};
constexpr int kMethods = 5;

const char* MethodName(Method m) {
  switch (m) {
    case Method::kCheckMove:
      return "CheckMove";
    case Method::kListMoves:
      return "ListMoves";
    case Method::kAdjudicate:
      return "AdjudicateGame";
    case Method::kPlayGameMove:
      return "PlayGame move";
    case Method::kPlayGame:
      return "PlayGame stream";
  }
  return "?";
}

// What the client did to a call; it decides which outcomes are expected.
enum class Fault { kNone, kCancel, kDeadline, kAbandon };

const char* FaultName(Fault f) {
  switch (f) {
    case Fault::kNone:
      return "normal";
    case Fault::kCancel:
      return "cancelled";
    case Fault::kDeadline:
      return "short_deadline";
    case Fault::kAbandon:
      return "abandoned";
  }
  return "?";
}

bool Expected(Fault fault, grpc::StatusCode code) {
  switch (fault) {
    case Fault::kNone:
      return code == grpc::StatusCode::OK;
    case Fault::kCancel:
      // The answer may already be on its way when the cancel is sent.
      return code == grpc::StatusCode::CANCELLED ||
             code == grpc::StatusCode::OK;
    case Fault::kDeadline:
      return code == grpc::StatusCode::DEADLINE_EXCEEDED;
    case Fault::kAbandon:
      // Cancelled between moves: the server cannot have finished the stream.
      return code == grpc::StatusCode::CANCELLED;
  }
  return false;
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  const size_t k =
      std::min(v.size() - 1,
               static_cast<size_t>(p / 100.0 * static_cast<double>(v.size())));
  std::nth_element(v.begin(), v.begin() + k, v.end());
  return v[k];
}

// VmRSS of a live process in MB, or -1 if it is gone or a zombie.
double ProcessRssMb(pid_t pid) {
  FILE* f = std::fopen(absl::StrCat("/proc/", pid, "/status").c_str(), "r");
  if (f == nullptr) return -1;
  double rss_kb = -1;
  char line[256];
  while (std::fgets(line, sizeof(line), f) != nullptr) {
    if (std::strncmp(line, "State:", 6) == 0 && std::strchr(line, 'Z')) break;
    if (std::sscanf(line, "VmRSS: %lf kB", &rss_kb) == 1) break;
  }
  std::fclose(f);
  return rss_kb < 0 ? -1 : rss_kb / 1024.0;
}

// Outcome counts per (method, fault, status) and the latencies of the
// successful normal calls; filled from the gRPC threads.
class Tally {
 public:
  void Record(Method method, Fault fault, const std::string& outcome,
              bool expected, double micros) {
    if (method != Method::kPlayGame) done_.fetch_add(1);
    if (!expected) unexpected_.fetch_add(1);
    std::lock_guard<std::mutex> lock(mu_);
    Row& row = rows_[{method, fault, outcome}];
    ++row.count;
    row.expected = expected;
    row.max_us = std::max(row.max_us, micros);
    if (expected && fault == Fault::kNone && method != Method::kPlayGame) {
      latencies_[static_cast<int>(method)].push_back(micros);
    }
  }
  // Calls completed (PlayGame moves count; whole streams do not).
  int64_t done() const { return done_.load(); }
  int64_t unexpected() const { return unexpected_.load(); }
  // Latencies of successful normal calls of one method, or of all.
  std::vector<double> Latencies(int method = -1) const {
    std::lock_guard<std::mutex> lock(mu_);
    if (method >= 0) return latencies_[method];
    std::vector<double> all;
    for (const auto& v : latencies_) all.insert(all.end(), v.begin(), v.end());
    return all;
  }
  void Print() const;

 private:
  mutable std::mutex mu_;
  struct Row {
    int64_t count = 0;
    bool expected = false;
    double max_us = 0;  // slowest call (0 for whole streams)
  };
  std::map<std::tuple<Method, Fault, std::string>, Row> rows_;
  std::vector<double> latencies_[kMethods];
  std::atomic<int64_t> done_{0};
  std::atomic<int64_t> unexpected_{0};
};

void Tally::Print() const {
  std::printf("%-16s %-15s %-20s %9s %9s %s\n", "method", "client", "status",
              "count", "max_us", "expected");
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& [key, row] : rows_) {
    const auto& [method, fault, outcome] = key;
    std::printf("%-16s %-15s %-20s %9lld %9.0f %s\n", MethodName(method),
                FaultName(fault), outcome.c_str(),
                static_cast<long long>(row.count), row.max_us,
                row.expected ? "yes" : "NO");
  }
  for (int m = 0; m < kMethods - 1; ++m) {
    const std::vector<double>& v = latencies_[m];
    if (v.empty()) continue;
    std::printf("%-16s successful normal calls p50_us=%.0f p99_us=%.0f\n",
                MethodName(static_cast<Method>(m)), Percentile(v, 50),
                Percentile(v, 99));
  }
}

// Several channels, each with its own connection; one at a time can be closed
// and reopened. Only the scheduler thread picks and reconnects.
class Channels {
 public:
  Channels(std::string target, int n)
      : target_(std::move(target)),
        stubs_(n),
        generations_(std::make_unique<std::atomic<int>[]>(n)) {
    for (int i = 0; i < n; ++i) Open(i);
  }
  int Pick() { return next_++ % static_cast<int>(stubs_.size()); }
  Stub* stub(int i) const { return stubs_[i].get(); }
  int generation(int i) const { return generations_[i].load(); }
  // Retires the channel: new calls use a new connection; its calls in flight
  // finish on it, and its connection closes with the last of them.
  void Reconnect(int i) {
    generations_[i].fetch_add(1);
    retired_.push_back({Clock::now(), std::move(stubs_[i])});
    Open(i);
  }
  // Lets go of channels retired long enough ago for their calls to be over,
  // so that channels are destroyed here rather than on a gRPC thread.
  void ReleaseRetired() {
    while (!retired_.empty() &&
           Clock::now() - retired_.front().first > kRetiredChannelLife) {
      retired_.pop_front();
    }
  }
  int size() const { return static_cast<int>(stubs_.size()); }

 private:
  void Open(int i) {
    grpc::ChannelArguments args;
    // A channel of its own connection: not shared through the global
    // subchannel pool, and told apart from its predecessors.
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    args.SetInt("caipan.loadgen.channel", serial_++);
    stubs_[i] = v1::AdjudicationService::NewStub(grpc::CreateCustomChannel(
        target_, grpc::InsecureChannelCredentials(), args));
  }

  std::string target_;
  std::vector<std::unique_ptr<Stub>> stubs_;
  std::unique_ptr<std::atomic<int>[]> generations_;
  std::deque<std::pair<Clock::time_point, std::unique_ptr<Stub>>> retired_;
  int next_ = 0;
  int serial_ = 0;
};

struct UnaryState {
  virtual ~UnaryState() = default;
  grpc::ClientContext context;
  Method method = Method::kCheckMove;
  Fault fault = Fault::kNone;
  Tally* tally = nullptr;
  Clock::time_point start;
};

template <typename Response>
struct UnaryCall : UnaryState {
  Response response;
};

// Whether a successful answer is the right one for the workload's requests.
bool RightAnswer(const v1::CheckMoveResponse& r) { return r.check().legal(); }
bool RightAnswer(const v1::ListMovesResponse& r) { return r.moves_size() > 0; }
bool RightAnswer(const v1::AdjudicateGameResponse& r) { return r.plies() > 0; }

struct PendingCancel {
  Clock::time_point when;
  std::shared_ptr<UnaryState> call;
  bool operator>(const PendingCancel& o) const { return when > o.when; }
};

enum class Item { kCheckMove, kListMoves, kAdjudicate, kStream };

struct PhaseSpec {
  double seconds = 1;
  double rate = 0;     // > 0: open loop at this rate; 0: closed loop
  int in_flight = 16;  // closed loop
  bool faults = false;
  double sample_seconds = 0;  // 0: no samples
  // Called every sample_seconds with the time into the phase; false stops it.
  std::function<bool(double)> on_sample;
};

struct PhaseResult {
  double seconds = 0;
  int64_t issued = 0;
  int64_t skipped = 0;  // open loop: due while too many were outstanding
  int reconnects = 0;
};

class SoakStream;

// Issues the operations of a phase and keeps track of what is outstanding.
class Driver {
 public:
  // `slow_adjudicate` is the request of the short-deadline calls.
  Driver(const SoakConfig& config, const Workload& workload,
         const v1::AdjudicateGameRequest& slow_adjudicate);

  PhaseResult RunPhase(const PhaseSpec& spec, Tally* tally);
  // Stops issuing, closes idle streams, cancels what was due to be cancelled
  // and waits (bounded) until nothing is outstanding.
  bool Drain(double timeout_seconds);
  int64_t outstanding() const {
    return in_flight_.load() + open_streams_.load();
  }

  // Called back by calls and streams.
  void OpDone();
  void ReturnStream(SoakStream* stream);
  void StreamClosed() { open_streams_.fetch_sub(1); }
  const std::vector<std::string>& game() const { return workload_.game; }

 private:
  void IssueOp(bool faults);
  void IssueUnary(Method method, Fault fault);
  void IssueMove(bool faults);
  template <typename Response, typename StartFn>
  void StartUnary(Method method, Fault fault, StartFn start);
  void FinishUnary(const UnaryState& call, const grpc::Status& status,
                   bool right_answer);
  void ProcessCancels(Clock::time_point now);
  SoakStream* TakeStream();
  bool Fresh(const SoakStream* stream) const;
  void WaitForSlot(int in_flight, Clock::time_point until);

  const SoakConfig& config_;
  const Workload& workload_;
  const v1::AdjudicateGameRequest& slow_adjudicate_;
  std::vector<Item> items_;
  Channels channels_;
  Tally* tally_ = nullptr;
  std::mt19937 rng_{20261201};
  std::uniform_real_distribution<double> uniform_{0.0, 1.0};
  size_t next_item_ = 0;
  std::priority_queue<PendingCancel, std::vector<PendingCancel>,
                      std::greater<PendingCancel>>
      cancels_;
  std::atomic<int64_t> in_flight_{0};
  std::atomic<int64_t> open_streams_{0};
  std::mutex slot_mu_;
  std::condition_variable slot_cv_;
  std::mutex idle_mu_;
  std::deque<SoakStream*> idle_;
  bool closing_ = false;
  // Moves not sent because kMaxStreams streams were busy (scheduler thread).
  int64_t skipped_moves_ = 0;
};

// One PlayGame stream: a start message, then one move at a time whenever the
// scheduler hands it one; between moves it waits in the driver's idle pool.
// It either plays the whole game and closes normally or is abandoned (client
// cancel) after a chosen number of moves.
class SoakStream : public grpc::ClientBidiReactor<v1::PlayGameRequest,
                                                  v1::PlayGameResponse> {
 public:
  SoakStream(Driver* driver, Tally* tally, Stub* stub, int channel,
             int generation, int stop_after, bool abandon)
      : driver_(driver),
        tally_(tally),
        channel_(channel),
        generation_(generation),
        stop_after_(stop_after),
        abandon_(abandon),
        born_(Clock::now()) {
    context_.set_deadline(std::chrono::system_clock::now() + kStreamDeadline);
    request_.mutable_start()->mutable_xiangqi();
    stub->async()->PlayGame(&context_, this);
    // Moves are started from the scheduler thread, outside the reactions
    // (a hold is taken once the stream is bound, before StartCall).
    AddHold();
    Exchange();
    StartCall();
  }

  // Sends the next move; nothing is outstanding on the stream.
  void SendMove() {
    request_.set_move(driver_->game()[sent_++]);
    Exchange();
  }
  // Ends the stream normally: the server answers the half-close with OK.
  void Close() {
    StartWritesDone();
    RemoveHold();
  }
  int channel() const { return channel_; }
  int generation() const { return generation_; }
  Clock::time_point born() const { return born_; }

  void OnWriteDone(bool ok) override { Completed(ok); }
  void OnReadDone(bool ok) override { Completed(ok); }
  void OnDone(const grpc::Status& status) override {
    const Fault fault = abandoned_ ? Fault::kAbandon : Fault::kNone;
    tally_->Record(Method::kPlayGame, fault,
                   caipan::rpc::StatusCodeName(status.error_code()),
                   Expected(fault, status.error_code()), 0);
    Driver* driver = driver_;
    delete this;
    driver->StreamClosed();
  }

 private:
  void Exchange() {
    pending_.store(2);
    sent_at_ = Clock::now();
    StartWrite(&request_);
    StartRead(&response_);
  }
  // The write or the read of an exchange completed; the second one goes on.
  void Completed(bool ok) {
    if (!ok) failed_ = true;
    if (pending_.fetch_sub(1) == 1) Answered();
  }
  void Answered();

  Driver* driver_;
  Tally* tally_;
  int channel_;
  int generation_;
  int stop_after_;
  bool abandon_;
  Clock::time_point born_;
  grpc::ClientContext context_;
  v1::PlayGameRequest request_;
  v1::PlayGameResponse response_;
  Clock::time_point sent_at_;
  std::atomic<int> pending_{0};
  int sent_ = 0;
  bool failed_ = false;
  bool abandoned_ = false;
};

void SoakStream::Answered() {
  if (sent_ == 0) {
    // The answer to the start message; a move is waiting to be sent.
    if (failed_) {
      driver_->OpDone();  // the stream's status tells what happened
      RemoveHold();
    } else {
      SendMove();
    }
    return;
  }
  if (!failed_) {
    const bool legal = response_.check().legal();
    tally_->Record(Method::kPlayGameMove, Fault::kNone,
                   legal ? "OK" : "OK_WRONG_ANSWER", legal,
                   ToMicros(Clock::now() - sent_at_));
  }
  driver_->OpDone();
  if (failed_) {
    RemoveHold();
  } else if (abandon_ && sent_ == stop_after_) {
    abandoned_ = true;
    context_.TryCancel();
    RemoveHold();
  } else if (sent_ == static_cast<int>(driver_->game().size())) {
    Close();
  } else {
    driver_->ReturnStream(this);
  }
}

Driver::Driver(const SoakConfig& config, const Workload& workload,
               const v1::AdjudicateGameRequest& slow_adjudicate)
    : config_(config),
      workload_(workload),
      slow_adjudicate_(slow_adjudicate),
      channels_(config.target, config.channels) {
  for (const std::string& item : config.mix) {
    items_.push_back(item == "check_move"   ? Item::kCheckMove
                     : item == "list_moves" ? Item::kListMoves
                     : item == "adjudicate" ? Item::kAdjudicate
                                            : Item::kStream);
  }
}

void Driver::OpDone() {
  in_flight_.fetch_sub(1);
  std::lock_guard<std::mutex> lock(slot_mu_);
  slot_cv_.notify_one();
}

void Driver::IssueOp(bool faults) {
  const Item item = items_[next_item_++ % items_.size()];
  const Method method = item == Item::kListMoves    ? Method::kListMoves
                        : item == Item::kAdjudicate ? Method::kAdjudicate
                                                    : Method::kCheckMove;
  const double r = faults ? uniform_(rng_) : 1.0;
  if (r < config_.cancel_fraction) {
    IssueUnary(method, Fault::kCancel);
  } else if (r < config_.cancel_fraction + config_.deadline_fraction) {
    IssueUnary(Method::kAdjudicate, Fault::kDeadline);
  } else if (item == Item::kStream) {
    IssueMove(faults);
  } else {
    IssueUnary(method, Fault::kNone);
  }
}

template <typename Response, typename StartFn>
void Driver::StartUnary(Method method, Fault fault, StartFn start) {
  auto call = std::make_shared<UnaryCall<Response>>();
  call->method = method;
  call->fault = fault;
  call->tally = tally_;
  call->start = Clock::now();
  call->context.set_deadline(
      std::chrono::system_clock::now() +
      (fault == Fault::kDeadline
           ? std::chrono::duration_cast<std::chrono::system_clock::duration>(
                 std::chrono::duration<double, std::milli>(
                     config_.short_deadline_ms))
           : kCallDeadline));
  in_flight_.fetch_add(1);
  start(&call->context, &call->response, [this, call](grpc::Status status) {
    FinishUnary(*call, status, RightAnswer(call->response));
  });
  if (fault == Fault::kCancel) {
    const int delay_us = static_cast<int>(uniform_(rng_) * kMaxCancelDelayUs);
    cancels_.push(
        {call->start + std::chrono::microseconds(delay_us), std::move(call)});
  }
}

void Driver::IssueUnary(Method method, Fault fault) {
  Stub* stub = channels_.stub(channels_.Pick());
  const Workload& w = workload_;
  switch (method) {
    case Method::kCheckMove:
      StartUnary<v1::CheckMoveResponse>(
          method, fault, [stub, &w](auto* context, auto* response, auto done) {
            stub->async()->CheckMove(context, &w.check_move, response, done);
          });
      break;
    case Method::kListMoves:
      StartUnary<v1::ListMovesResponse>(
          method, fault, [stub, &w](auto* context, auto* response, auto done) {
            stub->async()->ListMoves(context, &w.list_moves, response, done);
          });
      break;
    default: {
      const v1::AdjudicateGameRequest* request =
          fault == Fault::kDeadline ? &slow_adjudicate_ : &w.adjudicate;
      StartUnary<v1::AdjudicateGameResponse>(
          method, fault,
          [stub, request](auto* context, auto* response, auto done) {
            stub->async()->AdjudicateGame(context, request, response, done);
          });
    }
  }
}

void Driver::FinishUnary(const UnaryState& call, const grpc::Status& status,
                         bool right_answer) {
  const grpc::StatusCode code = status.error_code();
  const bool wrong =
      status.ok() && !right_answer && call.fault != Fault::kCancel;
  call.tally->Record(
      call.method, call.fault,
      wrong ? "OK_WRONG_ANSWER" : caipan::rpc::StatusCodeName(code),
      !wrong && Expected(call.fault, code),
      ToMicros(Clock::now() - call.start));
  OpDone();
}

void Driver::IssueMove(bool faults) {
  in_flight_.fetch_add(1);
  if (SoakStream* stream = TakeStream()) {
    stream->SendMove();
    return;
  }
  if (open_streams_.load() >= kMaxStreams) {
    OpDone();
    ++skipped_moves_;
    return;
  }
  open_streams_.fetch_add(1);
  const int n = static_cast<int>(game().size());
  const bool abandon =
      faults && n > 1 && uniform_(rng_) < config_.abandon_fraction;
  const int stop_after =
      abandon ? 1 + static_cast<int>(uniform_(rng_) * (n - 1)) : n;
  const int c = channels_.Pick();
  new SoakStream(this, tally_, channels_.stub(c), c, channels_.generation(c),
                 stop_after, abandon);
}

bool Driver::Fresh(const SoakStream* stream) const {
  return stream->generation() == channels_.generation(stream->channel()) &&
         Clock::now() - stream->born() < kStreamRetireAge;
}

SoakStream* Driver::TakeStream() {
  std::vector<SoakStream*> stale;
  SoakStream* found = nullptr;
  {
    std::lock_guard<std::mutex> lock(idle_mu_);
    while (found == nullptr && !idle_.empty()) {
      SoakStream* s = idle_.front();
      idle_.pop_front();
      if (Fresh(s)) {
        found = s;
      } else {
        stale.push_back(s);
      }
    }
  }
  for (SoakStream* s : stale) s->Close();
  return found;
}

void Driver::ReturnStream(SoakStream* stream) {
  {
    std::lock_guard<std::mutex> lock(idle_mu_);
    if (!closing_ && Fresh(stream)) {
      idle_.push_back(stream);
      return;
    }
  }
  stream->Close();
}

void Driver::ProcessCancels(Clock::time_point now) {
  while (!cancels_.empty() && cancels_.top().when <= now) {
    cancels_.top().call->context.TryCancel();
    cancels_.pop();
  }
}

void Driver::WaitForSlot(int in_flight, Clock::time_point until) {
  std::unique_lock<std::mutex> lock(slot_mu_);
  slot_cv_.wait_until(lock, until,
                      [&] { return in_flight_.load() < in_flight; });
}

PhaseResult Driver::RunPhase(const PhaseSpec& spec, Tally* tally) {
  tally_ = tally;
  PhaseResult result;
  const int64_t skipped_moves_at_start = skipped_moves_;
  const Clock::time_point start = Clock::now();
  const Clock::time_point end = start + FromSeconds(spec.seconds);
  const Clock::duration interval =
      spec.rate > 0 ? FromSeconds(1.0 / spec.rate) : Clock::duration::zero();
  const Clock::duration reconnect_every =
      FromSeconds(config_.reconnect_seconds);
  Clock::time_point next_op = start;
  Clock::time_point next_reconnect = start + reconnect_every;
  Clock::time_point next_sample = spec.sample_seconds > 0
                                      ? start + FromSeconds(spec.sample_seconds)
                                      : Clock::time_point::max();
  for (Clock::time_point now = start; now < end; now = Clock::now()) {
    if (spec.rate > 0) {
      for (; next_op <= now; next_op += interval) {
        if (in_flight_.load() < kMaxInFlight) {
          IssueOp(spec.faults);
          ++result.issued;
        } else {
          ++result.skipped;
        }
      }
    } else {
      for (; in_flight_.load() < spec.in_flight; ++result.issued) {
        IssueOp(spec.faults);
      }
    }
    ProcessCancels(Clock::now());
    if (spec.faults && now >= next_reconnect) {
      channels_.Reconnect(result.reconnects++ % channels_.size());
      next_reconnect += reconnect_every;
      channels_.ReleaseRetired();
    }
    if (now >= next_sample) {
      if (!spec.on_sample(ToSeconds(now - start))) break;
      next_sample += FromSeconds(spec.sample_seconds);
    }
    Clock::time_point wake = std::min(end, next_sample);
    if (spec.faults) wake = std::min(wake, next_reconnect);
    if (!cancels_.empty()) wake = std::min(wake, cancels_.top().when);
    if (spec.rate > 0) {
      std::this_thread::sleep_until(std::min(wake, next_op));
    } else {
      WaitForSlot(spec.in_flight,
                  std::min(wake, Clock::now() + std::chrono::milliseconds(1)));
    }
  }
  result.seconds = ToSeconds(Clock::now() - start);
  result.skipped += skipped_moves_ - skipped_moves_at_start;
  return result;
}

bool Driver::Drain(double timeout_seconds) {
  std::deque<SoakStream*> idle;
  {
    std::lock_guard<std::mutex> lock(idle_mu_);
    closing_ = true;
    idle.swap(idle_);
  }
  for (SoakStream* s : idle) s->Close();
  ProcessCancels(Clock::time_point::max());
  const Clock::time_point limit = Clock::now() + FromSeconds(timeout_seconds);
  while (outstanding() > 0 && Clock::now() < limit) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  std::lock_guard<std::mutex> lock(idle_mu_);
  closing_ = false;
  return outstanding() == 0;
}

struct RssSample {
  double t = 0;
  double rss_mb = -1;
};

// RSS growth over the second half of the run: last sample minus the first
// sample at or after half time.
double LastHalfGrowth(const std::vector<RssSample>& samples) {
  if (samples.size() < 2) return 0;
  const double half = samples.back().t / 2;
  for (const RssSample& s : samples) {
    if (s.t >= half) return samples.back().rss_mb - s.rss_mb;
  }
  return 0;
}

// The request of the short-deadline calls: a long game, annotated in Chinese
// notation.
v1::AdjudicateGameRequest SlowAdjudicateRequest() {
  v1::AdjudicateGameRequest request =
      MakeWorkload(kSlowPlies - 1, 20261201).adjudicate;
  request.set_annotate(true);
  request.set_notation(v1::NOTATION_CHINESE);
  return request;
}

// Calls `request` a few times without a short deadline and prints how long it
// takes and how much of the game the server examines.
void DescribeSlowRequest(const std::string& target,
                         const v1::AdjudicateGameRequest& request) {
  auto stub = v1::AdjudicationService::NewStub(
      grpc::CreateChannel(target, grpc::InsecureChannelCredentials()));
  std::vector<double> micros;
  v1::AdjudicateGameResponse response;
  for (int i = 0; i < 10; ++i) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kCallDeadline);
    const Clock::time_point start = Clock::now();
    if (stub->AdjudicateGame(&context, request, &response).ok()) {
      micros.push_back(ToMicros(Clock::now() - start));
    }
  }
  std::printf(
      "soak: the short-deadline request (AdjudicateGame, %d plies, annotated) "
      "takes p50_us=%.0f without a deadline; %d plies examined, %d "
      "annotations\n",
      request.xiangqi().moves_size(), Percentile(micros, 50), response.plies(),
      response.annotations_size());
}

// Closed loop without faults: the maximum QPS of the mix.
double MeasureMaxQps(Driver* driver, const SoakConfig& config, bool* healthy) {
  PhaseSpec spec;
  spec.seconds = 1;
  spec.in_flight = config.in_flight;
  Tally warmup;
  driver->RunPhase(spec, &warmup);
  spec.seconds = config.probe_seconds;
  Tally tally;
  const PhaseResult r = driver->RunPhase(spec, &tally);
  *healthy =
      driver->Drain(40) && tally.unexpected() == 0 && warmup.unexpected() == 0;
  const double qps = tally.done() / r.seconds;
  std::printf(
      "soak: maximum QPS of the mix (closed loop, in_flight=%d, %.1f s): "
      "%.0f\n",
      config.in_flight, r.seconds, qps);
  tally.Print();
  if (warmup.unexpected() > 0) {
    std::printf("soak: warm-up outcomes\n");
    warmup.Print();
  }
  return qps;
}

void PrintSummary(const SoakConfig& config, double target_qps,
                  const PhaseResult& r, const Tally& tally,
                  const std::vector<RssSample>& samples) {
  const std::vector<double> latencies = tally.Latencies();
  std::printf(
      "soak summary: seconds=%.1f target_qps=%.0f achieved_qps=%.0f "
      "issued=%lld skipped=%lld reconnects=%d\n",
      r.seconds, target_qps, tally.done() / r.seconds,
      static_cast<long long>(r.issued), static_cast<long long>(r.skipped),
      r.reconnects);
  std::printf(
      "soak summary: p50_us=%.0f p99_us=%.0f (successful normal calls) "
      "calls=%lld unexpected=%lld\n",
      Percentile(latencies, 50), Percentile(latencies, 99),
      static_cast<long long>(tally.done()),
      static_cast<long long>(tally.unexpected()));
  if (config.server_pid <= 0 || samples.empty()) return;
  double max_rss = 0;
  for (const RssSample& s : samples) max_rss = std::max(max_rss, s.rss_mb);
  std::printf(
      "soak summary: rss_mb start=%.1f max=%.1f end=%.1f "
      "growth_last_half=%+.1f\n",
      samples.front().rss_mb, max_rss, samples.back().rss_mb,
      LastHalfGrowth(samples));
}

}  // namespace

int RunSoak(const SoakConfig& config, const Workload& workload) {
  std::printf(
      "soak: target=%s seconds=%.0f load=%.2f channels=%d "
      "reconnect_every=%.1fs cancel=%.0f%% short_deadline=%.0f%% (%.1f ms) "
      "abandoned_streams=%.0f%%\n",
      config.target.c_str(), config.soak_seconds, config.load, config.channels,
      config.reconnect_seconds, 100 * config.cancel_fraction,
      100 * config.deadline_fraction, config.short_deadline_ms,
      100 * config.abandon_fraction);
  const v1::AdjudicateGameRequest slow_adjudicate = SlowAdjudicateRequest();
  DescribeSlowRequest(config.target, slow_adjudicate);
  std::fflush(stdout);
  // Leaked on purpose if calls never finish: they still point at it.
  auto driver = std::make_unique<Driver>(config, workload, slow_adjudicate);
  bool healthy = true;
  const double max_qps = MeasureMaxQps(driver.get(), config, &healthy);
  const double target_qps = config.load * max_qps;

  Tally tally;
  std::vector<RssSample> samples;
  int64_t last_done = 0;
  double last_t = 0;
  bool server_died = false;
  auto sample = [&](double t) {
    const int64_t done = tally.done();
    const double qps = t > last_t ? (done - last_done) / (t - last_t) : 0;
    last_done = done;
    last_t = t;
    if (config.server_pid > 0) {
      const double rss = ProcessRssMb(config.server_pid);
      server_died = rss < 0;
      samples.push_back({t, rss});
      std::printf(
          "soak t=%.0fs rss_mb=%.1f qps=%.0f unexpected=%lld "
          "outstanding=%lld\n",
          t, rss, qps, static_cast<long long>(tally.unexpected()),
          static_cast<long long>(driver->outstanding()));
    } else {
      std::printf("soak t=%.0fs qps=%.0f unexpected=%lld outstanding=%lld\n", t,
                  qps, static_cast<long long>(tally.unexpected()),
                  static_cast<long long>(driver->outstanding()));
    }
    std::fflush(stdout);
    return !server_died;
  };
  sample(0);
  PhaseResult r;
  if (!server_died && max_qps > 0) {
    PhaseSpec spec;
    spec.seconds = config.soak_seconds;
    spec.rate = target_qps;
    spec.faults = true;
    spec.sample_seconds = config.sample_seconds;
    spec.on_sample = sample;
    r = driver->RunPhase(spec, &tally);
  }
  const bool drained = driver->Drain(40);
  if (!server_died) sample(r.seconds);
  std::printf("soak outcomes\n");
  tally.Print();
  PrintSummary(config, target_qps, r, tally, samples);
  if (!drained) {
    std::printf("soak: %lld calls or streams never finished\n",
                static_cast<long long>(driver->outstanding()));
    driver.release();
  }
  if (server_died) std::printf("soak: the server died\n");
  const bool ok = healthy && drained && !server_died && max_qps > 0 &&
                  tally.unexpected() == 0;
  std::printf("soak: %s\n", ok ? "PASS" : "FAIL");
  std::fflush(stdout);
  return ok ? 0 : 1;
}

}  // namespace caipan::loadgen
