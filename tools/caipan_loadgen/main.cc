// caipan-loadgen: closed-loop load against caipan-server with the callback
// client API. Measures QPS and p50/p99 latency of a chosen mix of RPCs, always
// next to the empty Ping RPC on the same server in the same run, and prints
// each one's QPS as a ratio of Ping's.
// --soak-seconds runs the soak mode instead (see soak.h).
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "grpcpp/client_context.h"
#include "grpcpp/create_channel.h"
#include "grpcpp/generic/generic_stub.h"
#include "grpcpp/security/credentials.h"
#include "tools/caipan_loadgen/game_bench.h"
#include "tools/caipan_loadgen/load_runner.h"
#include "tools/caipan_loadgen/soak.h"
#include "tools/caipan_loadgen/spawned_server.h"
#include "tools/caipan_loadgen/workload.h"

namespace caipan::loadgen {
namespace {

using Stub = v1::AdjudicationService::Stub;

// Ends one call: its context goes before `done` may let the run (and then the
// program, with the channel) end; a context outliving its channel on a gRPC
// thread aborted the program at exit now and then.
template <typename Call>
void FinishCall(std::shared_ptr<Call> call, const grpc::Status& status,
                const std::function<void(bool)>& done) {
  const bool ok = status.ok();
  call.reset();
  done(ok);
}

// Issues one unary call with a shared, read-only request; `invoke(context,
// request, response, callback)` starts it on the stub's callback interface.
template <typename Request, typename Response, typename Invoke>
IssueFn Unary(const Request* request, Invoke invoke) {
  return [request, invoke](std::function<void(bool)> done) {
    struct Call {
      grpc::ClientContext context;
      Response response;
    };
    auto call = std::make_shared<Call>();
    invoke(&call->context, request, &call->response,
           [call, done = std::move(done)](grpc::Status status) mutable {
             FinishCall(std::move(call), status, done);
           });
  };
}

// Issues one unary call whose request was encoded once, before the run, and
// whose response is kept as bytes (--pre-encoded): the load generator does no
// protobuf work per call, so on a shared machine its own CPU takes less from
// the server's. `method` is the method's name in the AdjudicationService.
IssueFn EncodedUnary(grpc::GenericStub* stub, absl::string_view method,
                     const google::protobuf::Message& request) {
  const std::string bytes = request.SerializeAsString();
  grpc::Slice slice(bytes);
  auto encoded = std::make_shared<const grpc::ByteBuffer>(&slice, 1);
  std::string path = absl::StrCat(
      "/", v1::AdjudicationService::service_full_name(), "/", method);
  return
      [stub, path = std::move(path), encoded](std::function<void(bool)> done) {
        struct Call {
          grpc::ClientContext context;
          grpc::ByteBuffer response;
        };
        auto call = std::make_shared<Call>();
        stub->UnaryCall(
            &call->context, path, grpc::StubOptions(), encoded.get(),
            &call->response,
            [call, done = std::move(done)](grpc::Status status) mutable {
              FinishCall(std::move(call), status, done);
            });
      };
}

#define CAIPAN_ASYNC(stub, Method)                       \
  [stub](grpc::ClientContext* c, const auto* q, auto* r, \
         std::function<void(grpc::Status)> f) {          \
    stub->async()->Method(c, q, r, std::move(f));        \
  }

// User + system CPU seconds of a process (from /proc), or -1.
double ProcessCpuSeconds(pid_t pid) {
  FILE* f = std::fopen(absl::StrCat("/proc/", pid, "/stat").c_str(), "r");
  if (f == nullptr) return -1;
  char buffer[1024];
  const size_t n = std::fread(buffer, 1, sizeof(buffer) - 1, f);
  std::fclose(f);
  buffer[n] = 0;
  // Fields after the command name, which ends at the last ')': state is field
  // 3, utime 14.
  const char* p = std::strrchr(buffer, ')');
  if (p == nullptr) return -1;
  unsigned long utime = 0, stime = 0;
  if (std::sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
                  &utime, &stime) != 2) {
    return -1;
  }
  return static_cast<double>(utime + stime) /
         static_cast<double>(sysconf(_SC_CLK_TCK));
}

double SelfCpuSeconds() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec * 1e-6;
}

void Print(const LoadResult& r, double ping_qps, double median_ratio = -1) {
  std::printf("%-18s %9lld %7lld %10.0f %9.0f %9.0f %8.1f%%", r.name.c_str(),
              static_cast<long long>(r.calls), static_cast<long long>(r.errors),
              r.Qps(), r.Percentile(50), r.Percentile(99),
              ping_qps > 0 ? 100.0 * r.Qps() / ping_qps : 0);
  const double calls = r.calls > 0 ? static_cast<double>(r.calls) : 1;
  if (r.server_cpu_seconds >= 0) {
    std::printf(" %8.1f", r.server_cpu_seconds * 1e6 / calls);
  } else {
    std::printf(" %8s", "-");
  }
  std::printf(" %8.1f", r.client_cpu_seconds * 1e6 / calls);
  if (median_ratio >= 0) std::printf(" [%.1f%%]", median_ratio);
  std::printf("\n");
  std::fflush(stdout);
}

int Main(int argc, char** argv) {
  std::string target;
  std::string server_path;
  std::string server_log = "/tmp/caipan-loadgen-server.log";
  std::vector<std::string> server_args;
  std::string mix = "check_move,list_moves,adjudicate,stream";
  double seconds = 5;
  int in_flight = 16;
  int plies = 100;
  int64_t max_calls = 0;
  int rounds = 1;
  bool pre_encoded = false;
  SoakConfig soak;
  soak.soak_seconds = 0;
  CLI::App app{
      "caipan-loadgen: QPS and latency of caipan-server RPCs next to an empty "
      "RPC"};
  app.add_option("--target", target, "server address, e.g. 127.0.0.1:50051");
  app.add_option(
      "--server", server_path,
      "start this caipan-server binary on a free loopback port instead");
  app.add_option("--server-log", server_log, "where the started server logs")
      ->capture_default_str();
  app.add_option("--server-arg", server_args,
                 "extra flag for the started server (repeatable), e.g. "
                 "--server-arg=--no-rpc-log");
  app.add_option("--mix", mix,
                 "comma-separated: check_move, check_move_codes (the same "
                 "history as move codes), check_move_codes_cached (that "
                 "request in claim mode, answered from the server's position "
                 "cache), list_moves, adjudicate, stream")
      ->capture_default_str();
  app.add_option("--seconds", seconds, "duration of each measurement")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 600.0));
  app.add_option("--in-flight", in_flight, "calls (or streams) in flight")
      ->capture_default_str()
      ->check(CLI::Range(1, 4096));
  app.add_option("--plies", plies,
                 "history length of CheckMove and game length")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  app.add_option("--rounds", rounds, "rounds of Ping + mix")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  app.add_flag("--pre-encoded", pre_encoded,
               "unary calls (Ping included) send requests encoded once before "
               "the run and keep responses as bytes, so the client does no "
               "protobuf work per call");
  app.add_option("--max-calls", max_calls,
                 "cap on calls per measurement (0: none)");
  app.add_option("--soak-seconds", soak.soak_seconds,
                 "soak mode: measure the mix's maximum QPS (--seconds, "
                 "--in-flight), then run open loop at --soak-load of it for "
                 "this long with faults, sampling the started server's RSS")
      ->check(CLI::Range(0.0, 86400.0));
  app.add_option("--soak-load", soak.load, "soak rate as a fraction of the max")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1.5));
  app.add_option("--soak-sample-seconds", soak.sample_seconds,
                 "soak: RSS and QPS sampled this often")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 3600.0));
  app.add_option("--soak-channels", soak.channels, "soak: channels used")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_option("--soak-reconnect-seconds", soak.reconnect_seconds,
                 "soak: one channel is closed and reopened this often")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 3600.0));
  app.add_option("--soak-short-deadline-ms", soak.short_deadline_ms,
                 "soak: deadline of the calls meant to miss it")
      ->capture_default_str()
      ->check(CLI::Range(0.001, 1000.0));
  std::vector<int> game_counts;
  double game_rate = 5000;
  app.add_option("--game-rate", game_rate,
                 "live-game benchmark: the paced load, moves per second over "
                 "all games (0: closed loop only)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e6));
  app.add_option("--games", game_counts,
                 "live-game benchmark: SubmitMove with this many games at "
                 "once (repeatable, e.g. --games 16 --games 256), on a "
                 "SQLite store and an in-memory one (--server), or on "
                 "--target as it is (e.g. HAProxy in front of a cluster)");
  std::string game_label = "target";
  app.add_option("--game-label", game_label,
                 "live-game benchmark on --target: the label of its rows");
  CLI11_PARSE(app, argc, argv);
  if (!game_counts.empty()) {
    if (server_path.empty() && target.empty()) {
      std::fprintf(stderr,
                   "caipan-loadgen: --games needs --server or --target\n");
      return 2;
    }
    GameBenchConfig bench;
    if (server_path.empty()) {
      bench.target = target;
      bench.label = game_label;
    }
    bench.server_path = server_path;
    bench.game_counts = game_counts;
    bench.seconds = seconds;
    bench.server_args = server_args;
    bench.moves = MakeWorkload(plies, 20261130).game;
    bench.rate = game_rate;
    return RunGameBench(bench);
  }

  std::unique_ptr<SpawnedServer> spawned;
  if (!server_path.empty()) {
    spawned =
        std::make_unique<SpawnedServer>(server_path, server_log, server_args);
    if (spawned->port() == 0) {
      std::fprintf(stderr,
                   "caipan-loadgen: the server did not start (see %s)\n",
                   server_log.c_str());
      return 1;
    }
    target = absl::StrCat("127.0.0.1:", spawned->port());
  }
  if (target.empty()) {
    std::fprintf(stderr, "caipan-loadgen: give --target or --server\n");
    return 2;
  }

  std::vector<std::string> items;
  for (absl::string_view item : absl::StrSplit(mix, ',', absl::SkipEmpty())) {
    if (item != "check_move" && item != "check_move_codes" &&
        item != "check_move_codes_cached" && item != "list_moves" &&
        item != "adjudicate" && item != "stream") {
      std::fprintf(stderr, "caipan-loadgen: unknown mix item %s\n",
                   std::string(item).c_str());
      return 2;
    }
    items.emplace_back(item);
  }
  const Workload w = MakeWorkload(plies, 20261130);
  if (soak.soak_seconds > 0) {
    if (items.empty()) {
      std::fprintf(stderr, "caipan-loadgen: --soak-seconds needs a --mix\n");
      return 2;
    }
    for (const char* unsoaked :
         {"check_move_codes", "check_move_codes_cached"}) {
      if (std::find(items.begin(), items.end(), unsoaked) != items.end()) {
        std::fprintf(stderr, "caipan-loadgen: %s is not a soak item\n",
                     unsoaked);
        return 2;
      }
    }
    soak.target = target;
    soak.server_pid = spawned ? spawned->pid() : -1;
    soak.mix = items;
    soak.probe_seconds = seconds;
    soak.in_flight = in_flight;
    return RunSoak(soak, w);
  }
  auto channel =
      grpc::CreateChannel(target, grpc::InsecureChannelCredentials());
  auto stub = v1::AdjudicationService::NewStub(channel);
  Stub* raw = stub.get();
  LoadLimits limits{in_flight, absl::Seconds(seconds), max_calls};
  const v1::PingRequest ping;

  std::printf(
      "caipan-loadgen: target=%s in_flight=%d seconds=%.1f plies=%d%s\n",
      target.c_str(), in_flight, seconds, plies,
      pre_encoded ? " pre-encoded" : "");
  // Warm-up: connection, server threads, caches.
  RunUnary(
      "warmup",
      Unary<v1::PingRequest, v1::PingResponse>(&ping, CAIPAN_ASYNC(raw, Ping)),
      LoadLimits{in_flight, absl::Seconds(std::min(seconds, 1.0)), 0});
  grpc::GenericStub generic(channel);
  // A unary item's calls: encoded once (--pre-encoded) or by the stub.
  auto unary = [&](const std::string& name, absl::string_view method,
                   const google::protobuf::Message& request, IssueFn by_stub) {
    return RunUnary(
        name, pre_encoded ? EncodedUnary(&generic, method, request) : by_stub,
        limits);
  };
  auto measure = [&](const std::string& item) {
    if (item == "ping") {
      return unary("Ping (empty)", "Ping", ping,
                   Unary<v1::PingRequest, v1::PingResponse>(
                       &ping, CAIPAN_ASYNC(raw, Ping)));
    }
    if (item == "check_move") {
      return unary(absl::StrCat("CheckMove h", plies), "CheckMove",
                   w.check_move,
                   Unary<v1::CheckMoveRequest, v1::CheckMoveResponse>(
                       &w.check_move, CAIPAN_ASYNC(raw, CheckMove)));
    }
    if (item == "check_move_codes") {
      return unary(absl::StrCat("CheckMove h", plies, " codes"), "CheckMove",
                   w.check_move_codes,
                   Unary<v1::CheckMoveRequest, v1::CheckMoveResponse>(
                       &w.check_move_codes, CAIPAN_ASYNC(raw, CheckMove)));
    }
    if (item == "check_move_codes_cached") {
      return unary(
          absl::StrCat("CheckMove h", plies, " cached"), "CheckMove",
          w.check_move_codes_cached,
          Unary<v1::CheckMoveRequest, v1::CheckMoveResponse>(
              &w.check_move_codes_cached, CAIPAN_ASYNC(raw, CheckMove)));
    }
    if (item == "list_moves") {
      return unary("ListMoves", "ListMoves", w.list_moves,
                   Unary<v1::ListMovesRequest, v1::ListMovesResponse>(
                       &w.list_moves, CAIPAN_ASYNC(raw, ListMoves)));
    }
    if (item == "adjudicate") {
      return unary(absl::StrCat("AdjudicateGame", plies + 1), "AdjudicateGame",
                   w.adjudicate,
                   Unary<v1::AdjudicateGameRequest, v1::AdjudicateGameResponse>(
                       &w.adjudicate, CAIPAN_ASYNC(raw, AdjudicateGame)));
    }
    return RunStreams(stub.get(), w.game, limits);
  };
  // Each round measures Ping, then every item of the mix, so that every figure
  // has a Ping measured right next to it; with several rounds the totals smooth
  // out the machine's noise.
  std::vector<std::string> order = {"ping"};
  order.insert(order.end(), items.begin(), items.end());
  std::vector<LoadResult> totals(order.size());
  std::vector<std::vector<double>> ratios(order.size());
  int failures = 0;
  for (int round = 1; round <= rounds; ++round) {
    std::printf("round %d\n%-18s %9s %7s %10s %9s %9s %9s %8s %8s\n", round,
                "rpc", "calls", "errors", "qps", "p50_us", "p99_us", "vs_ping",
                "srv_cpu", "cli_cpu");
    double ping_qps = 0;
    for (size_t k = 0; k < order.size(); ++k) {
      const double server_cpu0 =
          spawned ? ProcessCpuSeconds(spawned->pid()) : -1;
      const double client_cpu0 = SelfCpuSeconds();
      LoadResult r = measure(order[k]);
      r.client_cpu_seconds = SelfCpuSeconds() - client_cpu0;
      if (server_cpu0 >= 0)
        r.server_cpu_seconds = ProcessCpuSeconds(spawned->pid()) - server_cpu0;
      if (k == 0) ping_qps = r.Qps();
      Print(r, ping_qps);
      ratios[k].push_back(ping_qps > 0 ? r.Qps() / ping_qps : 0);
      failures += r.errors > 0;
      LoadResult& t = totals[k];
      t.name = r.name;
      t.calls += r.calls;
      t.errors += r.errors;
      t.seconds += r.seconds;
      t.client_cpu_seconds += r.client_cpu_seconds;
      t.server_cpu_seconds =
          r.server_cpu_seconds < 0
              ? -1
              : std::max(0.0, t.server_cpu_seconds) + r.server_cpu_seconds;
      t.latencies_us.insert(t.latencies_us.end(), r.latencies_us.begin(),
                            r.latencies_us.end());
    }
  }
  if (rounds > 1) {
    std::printf(
        "all %d rounds (vs_ping: total QPS ratio; median of rounds in "
        "brackets)\n",
        rounds);
    std::printf("%-18s %9s %7s %10s %9s %9s %9s %8s %8s\n", "rpc", "calls",
                "errors", "qps", "p50_us", "p99_us", "vs_ping", "srv_cpu",
                "cli_cpu");
    for (size_t k = 0; k < order.size(); ++k) {
      std::vector<double> v = ratios[k];
      std::sort(v.begin(), v.end());
      Print(totals[k], totals[0].Qps(), 100.0 * v[v.size() / 2]);
    }
  }
  return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace caipan::loadgen

int main(int argc, char** argv) { return caipan::loadgen::Main(argc, argv); }
