// The live-game benchmark (see game_bench.h). Every game plays the same
// legal xiangqi game (a 20′+5″ clock, so the clocks do their work); at its
// end the loop creates a fresh game, as a platform would.
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
#include "tools/caipan_loadgen/server_histogram.h"
#include "tools/caipan_loadgen/spawned_server.h"

namespace caipan::loadgen {
namespace {

using Clock = std::chrono::steady_clock;

struct Run {
  v1::GameService::Stub* stub;
  const std::vector<std::string>* game;
  // Paced load: the interval between one game's moves (zero: closed loop).
  Clock::duration interval{0};
  Clock::time_point end;
  std::mutex mu;
  std::vector<double> latencies_us;
  std::atomic<int64_t> moves{0};
  std::atomic<int64_t> errors{0};
  std::atomic<int> running{0};
  // Calls whose objects still exist (a callback may outlive its loop's end;
  // the channel must outlive them all).
  std::atomic<int> live_calls{0};
  absl::Notification all_done;
  // Paced load: games waiting for their slot.
  std::mutex pace_mu;
  std::vector<std::pair<Clock::time_point, class GameLoop*>> paced;
};

// One game's loop: a move in flight at a time.
class GameLoop {
 public:
  explicit GameLoop(Run* run) : run_(run) {}

  // `first_game_plies`: where the first game stops (later ones play the
  // whole game), so games end and start at different times, as on a real
  // platform, not all at once.
  void Start(Clock::time_point first, int first_game_plies) {
    run_->running.fetch_add(1);
    due_ = first;
    game_plies_ = first_game_plies;
    Create();
  }

 private:
  void Create() {
    auto call = std::make_shared<CreateCall>(run_);
    call->request.set_kind(v1::GAME_KIND_XIANGQI);
    call->request.set_time_control("1200+5");
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
          Issue();
        });
  }

  void Move() {
    if (run_->interval.count() > 0) {
      // Paced: wait for this game's next slot. Sleeping here holds a client
      // callback thread, so slots are kept by a pacing thread instead.
      due_ += run_->interval;
      const Clock::time_point due = due_;
      if (due > Clock::now()) {
        std::lock_guard lock(run_->pace_mu);
        run_->paced.push_back({due, this});
        return;
      }
    }
    Issue();
  }
  // The game's moves are used up: the side to move resigns (the game ends,
  // as a real one would), then a fresh game starts.
  void Resign() {
    game_plies_ = static_cast<int>(run_->game->size());  // the next game's
    auto call = std::make_shared<ResignCall>(run_);
    AddGameMetadata(call->context);
    call->request.set_name(name_);
    call->request.set_token(tokens_[ply_ % 2]);
    run_->stub->async()->Resign(&call->context, &call->request, &call->response,
                                [this, call](grpc::Status status) {
                                  if (!status.ok()) {
                                    run_->errors.fetch_add(1);
                                    return Stop();
                                  }
                                  Create();
                                });
  }

 public:
  // Submits the game's next move now.
  void Issue() {
    if (Clock::now() >= run_->end) return Stop();
    if (ply_ >= game_plies_) return Resign();
    auto call = std::make_shared<MoveCall>(run_);
    AddGameMetadata(call->context);
    call->request.set_name(name_);
    call->request.set_token(tokens_[ply_ % 2]);
    call->request.set_move((*run_->game)[ply_]);
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

 private:
  void Stop() {
    if (run_->running.fetch_sub(1) == 1) run_->all_done.Notify();
  }

  // A call about the game names it in the header caipan-game: a balancer in
  // front of several servers sends all of them to the same one
  // (deploy/haproxy.cfg.in).
  void AddGameMetadata(grpc::ClientContext& context) const {
    context.AddMetadata("caipan-game", name_);
  }

  // Counts itself in Run::live_calls while it exists.
  struct Counted {
    explicit Counted(Run* run) : run(run) { run->live_calls.fetch_add(1); }
    ~Counted() { run->live_calls.fetch_sub(1); }
    Run* run;
  };
  struct CreateCall : Counted {
    using Counted::Counted;
    grpc::ClientContext context;
    v1::CreateGameRequest request;
    v1::CreateGameResponse response;
  };
  struct ResignCall : Counted {
    using Counted::Counted;
    grpc::ClientContext context;
    v1::ResignRequest request;
    v1::Game response;
  };
  struct MoveCall : Counted {
    using Counted::Counted;
    grpc::ClientContext context;
    v1::SubmitMoveRequest request;
    v1::SubmitMoveResponse response;
    Clock::time_point start;
  };

  Run* run_;
  Clock::time_point due_;
  std::string name_;
  std::string tokens_[2];
  int ply_ = 0;
  int game_plies_ = 0;
};

// Plays `games` games for `seconds`: closed loop when `rate` is 0, else
// `rate` moves per second in all, each game's moves `games / rate` apart.
LoadResult Measure(const std::vector<std::string>& moves,
                   v1::GameService::Stub* stub, int games, double seconds,
                   double rate) {
  Run run;
  run.stub = stub;
  run.game = &moves;
  if (rate > 0) {
    run.interval = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(games / rate));
  }
  const Clock::time_point start = Clock::now();
  run.end = start + std::chrono::duration_cast<Clock::duration>(
                        std::chrono::duration<double>(seconds));
  std::vector<std::unique_ptr<GameLoop>> loops;
  for (int i = 0; i < games; ++i)
    loops.push_back(std::make_unique<GameLoop>(&run));
  for (int i = 0; i < games; ++i) {
    // Paced games start spread over one interval.
    loops[i]->Start(start + run.interval * i / games,
                    1 + static_cast<int>(moves.size() - 1) * i / games);
  }
  // The pacing thread: issues each waiting game's move at its slot.
  while (
      !run.all_done.WaitForNotificationWithTimeout(absl::Microseconds(200))) {
    std::vector<GameLoop*> ready;
    {
      std::lock_guard lock(run.pace_mu);
      const Clock::time_point now = Clock::now();
      auto it = std::partition(run.paced.begin(), run.paced.end(),
                               [now](const auto& p) { return p.first > now; });
      for (auto r = it; r != run.paced.end(); ++r) ready.push_back(r->second);
      run.paced.erase(it, run.paced.end());
    }
    for (GameLoop* loop : ready) loop->Issue();
  }
  while (run.live_calls.load() > 0) usleep(1000);
  LoadResult result;
  result.calls = run.moves.load();
  result.errors = run.errors.load();
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  result.latencies_us = std::move(run.latencies_us);
  return result;
}

void PrintHeader(const GameBenchConfig& config) {
  std::printf(
      "caipan-loadgen game benchmark: %.1f s per row, a %zu-ply game per "
      "game, closed loop and paced at %.0f moves/s\n",
      config.seconds, config.moves.size(), config.rate);
  // srv_p99_ms: the server's own histogram bucket holding its 99th
  // percentile (the time it spent, commit included, apart from the load
  // generator's share of the machine).
  std::printf("%-14s %6s %8s %9s %7s %10s %9s %9s %9s %10s\n", "store", "games",
              "load", "moves", "errors", "moves/s", "p50_us", "p99_us",
              "vs_memory", "srv_p99_ms");
}

void PrintRow(const std::string& label, int games, double rate,
              const LoadResult& r, double memory_rate,
              const std::string& server_p99) {
  const std::string load =
      rate > 0 ? absl::StrCat(static_cast<int>(rate), "/s") : "closed";
  std::printf("%-14s %6d %8s %9lld %7lld %10.0f %9.0f %9.0f %8.1f%% %10s\n",
              label.c_str(), games, load.c_str(),
              static_cast<long long>(r.calls), static_cast<long long>(r.errors),
              r.Qps(), r.Percentile(50), r.Percentile(99),
              memory_rate > 0 ? 100.0 * r.Qps() / memory_rate : 0,
              server_p99.c_str());
  std::fflush(stdout);
}

int RunOnTarget(const GameBenchConfig& config) {
  PrintHeader(config);
  auto channel =
      grpc::CreateChannel(config.target, grpc::InsecureChannelCredentials());
  auto stub = v1::GameService::NewStub(channel);
  int failures = 0;
  for (int games : config.game_counts) {
    for (const double rate : {0.0, config.rate}) {
      Measure(config.moves, stub.get(), std::min(games, 16), 0.5, 0);
      LoadResult r =
          Measure(config.moves, stub.get(), games, config.seconds, rate);
      PrintRow(config.label, games, rate, r, 0, "-");
      failures += r.errors > 0;
      if (config.rate <= 0) break;
    }
  }
  return failures == 0 ? 0 : 1;
}

}  // namespace

int RunGameBench(const GameBenchConfig& config) {
  if (!config.target.empty()) return RunOnTarget(config);
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
  PrintHeader(config);
  int failures = 0;
  for (int games : config.game_counts) {
    for (const double rate : {0.0, config.rate}) {
      double memory_rate = 0;
      for (const Store& store : stores) {
        std::vector<std::string> args = config.server_args;
        for (absl::string_view flag : absl::StrSplit(store.flag, ' '))
          args.emplace_back(flag);
        args.push_back(absl::StrCat("--data-dir=", db_dir));
        args.push_back(absl::StrCat("--max-live-games=", games * 4 + 16));
        // Every game comes from this one address.
        args.push_back(
            absl::StrCat("--max-live-games-per-creator=", games * 4 + 16));
        const std::string log = absl::StrCat(db_dir, "/server.log");
        SpawnedServer server(config.server_path, log, args);
        if (server.port() == 0) {
          std::fprintf(stderr,
                       "caipan-loadgen: the server did not start (%s)\n",
                       log.c_str());
          return 1;
        }
        auto channel =
            grpc::CreateChannel(absl::StrCat("127.0.0.1:", server.port()),
                                grpc::InsecureChannelCredentials());
        auto stub = v1::GameService::NewStub(channel);
        Measure(config.moves, stub.get(), std::min(games, 16), 0.5, 0);
        const std::string method = "/caipan.v1.GameService/SubmitMove";
        const Histogram before =
            ReadServerHistogram(server.metrics_port(), method);
        LoadResult r =
            Measure(config.moves, stub.get(), games, config.seconds, rate);
        const Histogram after =
            ReadServerHistogram(server.metrics_port(), method);
        if (std::string(store.label) == "memory") memory_rate = r.Qps();
        const double server_p99 = after.PercentileBoundMs(before, 99);
        PrintRow(store.label, games, rate, r, memory_rate,
                 server_p99 < 0 ? "-" : absl::StrCat("<=", server_p99));
        failures += r.errors > 0;
      }
      if (config.rate <= 0) break;
    }
  }
  std::filesystem::remove_all(db_dir);
  return failures == 0 ? 0 : 1;
}

}  // namespace caipan::loadgen
