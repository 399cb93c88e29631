// caipan-server: the gRPC adjudication server (AdjudicationService, health,
// reflection, Prometheus metrics). Runs until SIGTERM or SIGINT, then shuts
// down gracefully.
#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <string>

#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "rpc/log.h"
#include "rpc/server.h"
#include "services/adjudication_service.h"

namespace {

// Blocks SIGINT/SIGTERM in this thread before any other thread exists, so every
// thread inherits the mask and the signals can only be taken by sigwait in
// main.
sigset_t BlockShutdownSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  return set;
}

}  // namespace

int main(int argc, char** argv) {
  caipan::rpc::ServerConfig config;
  caipan::services::ServiceOptions options;
  double grace_seconds = 5;

  CLI::App app{
      "caipan-server: gRPC adjudication server for xiangqi and gomoku/renju"};
  app.add_option("--address", config.address,
                 "gRPC listening address (port 0: any free port)")
      ->capture_default_str();
  app.add_option("--metrics-address", config.metrics_address,
                 "Prometheus /metrics HTTP address; empty disables it")
      ->capture_default_str();
  app.add_option("--threads", config.threads,
                 "cap on gRPC's sync-service threads (0: gRPC's default)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--max-message-bytes", config.max_message_bytes,
                 "largest request or response message")
      ->capture_default_str()
      ->check(CLI::Range(1024, 1 << 30));
  app.add_option("--max-history-plies", options.max_history_plies,
                 "longest move history accepted in a request or stream")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  app.add_option("--shutdown-grace-seconds", grace_seconds,
                 "how long shutdown waits for in-flight calls")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 3600.0));
  int cache_entries = 16384;
  app.add_option(
         "--position-cache-entries", cache_entries,
         "replayed xiangqi positions kept to skip re-replaying a growing "
         "history (0 disables)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1 << 22));
  bool quiet = false;
  app.add_flag("--no-rpc-log", quiet, "do not log one line per RPC");
  CLI11_PARSE(app, argc, argv);
  config.log_rpcs = !quiet;
  if (cache_entries > 0) {
    options.position_cache =
        std::make_shared<caipan::rpc::XiangqiPositionCache>(cache_entries);
  }
  config.shutdown_grace = absl::Seconds(grace_seconds);

  // absl's mutex deadlock detection (on in this absl build) costs every lock a
  // graph update.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  sigset_t signals = BlockShutdownSignals();
  caipan::rpc::StartLogFlusher();

  caipan::services::AdjudicationService service(options);
  auto server = caipan::rpc::Server::Start(config, {&service},
                                           {"caipan.v1.AdjudicationService"});
  if (!server.ok()) {
    caipan::rpc::LogLine("error").Add("msg", server.status().message());
    caipan::rpc::FlushLogs();
    return 1;
  }
  {
    caipan::rpc::LogLine line("listening");
    line.Add("address", config.address)
        .Add("port", (*server)->port())
        .Add("metrics_port", (*server)->metrics_port())
        .Add("max_message_bytes", config.max_message_bytes)
        .Add("max_history_plies", options.max_history_plies)
        .Add("position_cache_entries", cache_entries);
  }
  caipan::rpc::FlushLogs();

  int signal = 0;
  sigwait(&signals, &signal);
  caipan::rpc::LogLine("shutdown")
      .Add("signal", signal == SIGTERM ? "SIGTERM" : "SIGINT");
  caipan::rpc::FlushLogs();
  (*server)->Shutdown();
  caipan::rpc::LogLine("stopped");
  caipan::rpc::FlushLogs();
  return 0;
}
