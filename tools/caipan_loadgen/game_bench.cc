// The live-game benchmark (see game_bench.h). Each game is a xiangqi game in
// claim mode whose horses go back and forth: every move is legal, repetitions
// only become claimable, so a game runs until the history limit, when the
// loop creates a fresh one.
#include "tools/caipan_loadgen/game_bench.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/synchronization/notification.h"
#include "caipan/v1/game_service.grpc.pb.h"
#include "grpcpp/client_context.h"
#include "grpcpp/create_channel.h"
#include "grpcpp/security/credentials.h"
#include "tools/caipan_loadgen/load_runner.h"
#include "tools/caipan_loadgen/spawned_server.h"

namespace caipan::loadgen {
namespace {

using Clock = std::chrono::steady_clock;
constexpr const char* kDance[] = {"h0g2", "h9g7", "g2h0", "g7h9"};
// Plies per game before a fresh one is created (under the server's default
// history limit of 1024).
constexpr int kGamePlies = 1000;

struct Run {
  v1::GameService::Stub* stub;
  Clock::time_point end;
  std::mutex mu;
  std::vector<double> latencies_us;
  std::atomic<int64_t> moves{0};
  std::atomic<int64_t> errors{0};
  std::atomic<int> running{0};
  absl::Notification all_done;
};

// One game's closed loop: a move in flight at a time.
class GameLoop {
 public:
  explicit GameLoop(Run* run) : run_(run) {}

  void Start() {
    run_->running.fetch_add(1);
    Create();
  }

 private:
  void Create() {
    auto call = std::make_shared<CreateCall>();
    call->request.set_kind(v1::GAME_KIND_XIANGQI);
    call->request.mutable_xiangqi_rules()->set_mode(
        v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
    call->request.set_time_control("3600+5");
    run_->stub->async()->CreateGame(
        &call->context, &call->request, &call->response,
        [this, call](grpc::Status status) {
          if (!status.ok() || call->response.tokens_size() != 2) {
            run_->errors.fetch_add(1);
            return Stop();
          }
          name_ = call->response.game().name();
          tokens_[0] = call->response.tokens(0).token();
          tokens_[1] = call->response.tokens(1).token();
          ply_ = 0;
          Move();
        });
  }

  void Move() {
    if (Clock::now() >= run_->end) return Stop();
    if (ply_ >= kGamePlies) return Create();
    auto call = std::make_shared<MoveCall>();
    call->request.set_name(name_);
    call->request.set_token(tokens_[ply_ % 2]);
    call->request.set_move(kDance[ply_ % 4]);
    call->request.set_ply(ply_ + 1);
    call->start = Clock::now();
    run_->stub->async()->SubmitMove(
        &call->context, &call->request, &call->response,
        [this, call](grpc::Status status) {
          const double us = std::chrono::duration<double, std::micro>(
                                Clock::now() - call->start)
                                .count();
          if (!status.ok() || !call->response.check().legal()) {
            run_->errors.fetch_add(1);
            return Stop();
          }
          {
            std::lock_guard lock(run_->mu);
            run_->latencies_us.push_back(us);
          }
          run_->moves.fetch_add(1);
          ++ply_;
          Move();
        });
  }

  void Stop() {
    if (run_->running.fetch_sub(1) == 1) run_->all_done.Notify();
  }

  struct CreateCall {
    grpc::ClientContext context;
    v1::CreateGameRequest request;
    v1::CreateGameResponse response;
  };
  struct MoveCall {
    grpc::ClientContext context;
    v1::SubmitMoveRequest request;
    v1::SubmitMoveResponse response;
    Clock::time_point start;
  };

  Run* run_;
  std::string name_;
  std::string tokens_[2];
  int ply_ = 0;
};

LoadResult Measure(v1::GameService::Stub* stub, int games, double seconds) {
  Run run;
  run.stub = stub;
  const Clock::time_point start = Clock::now();
  run.end = start + std::chrono::duration_cast<Clock::duration>(
                        std::chrono::duration<double>(seconds));
  std::vector<std::unique_ptr<GameLoop>> loops;
  for (int i = 0; i < games; ++i)
    loops.push_back(std::make_unique<GameLoop>(&run));
  for (auto& loop : loops) loop->Start();
  run.all_done.WaitForNotification();
  LoadResult result;
  result.calls = run.moves.load();
  result.errors = run.errors.load();
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  result.latencies_us = std::move(run.latencies_us);
  return result;
}

}  // namespace

int RunGameBench(const GameBenchConfig& config) {
  struct Store {
    const char* label;
    std::string flag;
  };
  const std::string db_dir =
      absl::StrCat(config.work_dir, "/caipan-game-bench-", getpid());
  std::filesystem::create_directories(db_dir);
  // FULL: every acknowledged move is on disk (survives power loss); NORMAL:
  // it survives a crash of the server.
  const Store stores[] = {
      {"memory", "--store=memory"},
      {"sqlite-full", absl::StrCat("--store=sqlite:", db_dir, "/full.db")},
      {"sqlite-normal", absl::StrCat("--store=sqlite:", db_dir,
                                     "/normal.db --store-sync=normal")}};
  std::printf(
      "caipan-loadgen game benchmark: %.1f s per row, one move in "
      "flight per game\n",
      config.seconds);
  std::printf("%-14s %6s %9s %7s %10s %9s %9s %9s\n", "store", "games", "moves",
              "errors", "moves/s", "p50_us", "p99_us", "vs_memory");
  int failures = 0;
  for (int games : config.game_counts) {
    double memory_rate = 0;
    for (const Store& store : stores) {
      std::vector<std::string> args = config.server_args;
      for (absl::string_view flag : absl::StrSplit(store.flag, ' '))
        args.emplace_back(flag);
      args.push_back(absl::StrCat("--data-dir=", db_dir));
      args.push_back(absl::StrCat("--max-live-games=", games * 4 + 16));
      const std::string log = absl::StrCat(db_dir, "/server.log");
      SpawnedServer server(config.server_path, log, args);
      if (server.port() == 0) {
        std::fprintf(stderr, "caipan-loadgen: the server did not start (%s)\n",
                     log.c_str());
        return 1;
      }
      auto channel =
          grpc::CreateChannel(absl::StrCat("127.0.0.1:", server.port()),
                              grpc::InsecureChannelCredentials());
      auto stub = v1::GameService::NewStub(channel);
      Measure(stub.get(), std::min(games, 16), 0.5);  // warm-up
      LoadResult r = Measure(stub.get(), games, config.seconds);
      if (std::string(store.label) == "memory") memory_rate = r.Qps();
      std::printf("%-14s %6d %9lld %7lld %10.0f %9.0f %9.0f %8.1f%%\n",
                  store.label, games, static_cast<long long>(r.calls),
                  static_cast<long long>(r.errors), r.Qps(), r.Percentile(50),
                  r.Percentile(99),
                  memory_rate > 0 ? 100.0 * r.Qps() / memory_rate : 0);
      std::fflush(stdout);
      failures += r.errors > 0;
    }
  }
  std::filesystem::remove_all(db_dir);
  return failures == 0 ? 0 : 1;
}

}  // namespace caipan::loadgen
