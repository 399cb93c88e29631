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
#include "rpc/token_authenticator.h"
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
  double stream_idle_seconds = 60;
  double connection_idle_seconds = 300;
  double connection_age_seconds = 7200;
  double keepalive_seconds = 10;
  int64_t memory_budget_mb = 1024;
  size_t cache_bytes = 64 << 20;
  std::string tokens_file;
  bool require_auth = false;

  CLI::App app{
      "caipan-server: gRPC adjudication server for xiangqi and gomoku/renju"};
  app.add_option("--address", config.address,
                 "gRPC listening address (port 0: any free port); the port "
                 "is not shared: a second server on it fails to start")
      ->capture_default_str();
  app.add_option("--metrics-address", config.metrics_address,
                 "Prometheus /metrics HTTP address; 'off' disables it")
      ->capture_default_str();
  app.add_option("--tls-cert", config.tls_cert_file,
                 "PEM certificate chain: serve gRPC over TLS (with --tls-key)");
  app.add_option("--tls-key", config.tls_key_file, "PEM private key for TLS");
  app.add_option("--tls-client-ca", config.tls_client_ca_file,
                 "PEM CA: require client certificates signed by it (mutual "
                 "TLS)");
  app.add_option("--reflection", config.reflection,
                 "serve gRPC server reflection (--reflection=false: off)")
      ->capture_default_str();
  app.add_option("--auth-tokens-file", tokens_file,
                 "bearer tokens, one per line (16-512 bytes; # comments); "
                 "callers send 'authorization: Bearer TOKEN'");
  app.add_flag("--require-auth", require_auth,
               "the stateless AdjudicationService needs a token too "
               "(UNAUTHENTICATED otherwise); Ping and health stay open");
  app.add_option("--threads", config.threads,
                 "cap on gRPC's sync-service threads (0: gRPC's default)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--max-message-bytes", config.max_message_bytes,
                 "largest request or response message (RESOURCE_EXHAUSTED)")
      ->capture_default_str()
      ->check(CLI::Range(1024, 1 << 30));
  app.add_option("--max-history-plies", options.max_history_plies,
                 "longest move history accepted in a request or stream "
                 "(INVALID_ARGUMENT; RESOURCE_EXHAUSTED within a stream)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  app.add_option("--max-record-bytes", options.max_record_bytes,
                 "largest xiangqi_record text, checked before parsing "
                 "(INVALID_ARGUMENT)")
      ->capture_default_str()
      ->check(CLI::Range(size_t{1024}, size_t{1} << 30));
  app.add_option("--position-cache-bytes", cache_bytes,
                 "memory for replayed xiangqi positions kept to skip "
                 "re-replaying a growing history (0 disables)")
      ->capture_default_str()
      ->check(CLI::Range(size_t{0}, size_t{1} << 34));
  app.add_option("--max-concurrent-streams", config.max_concurrent_streams,
                 "calls one connection may have open at once (HTTP/2)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  app.add_option("--max-connections", config.max_connections,
                 "TCP connections open at once; more are closed on accept")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  app.add_option("--max-play-streams", options.max_play_streams,
                 "PlayGame streams open at once, server-wide "
                 "(RESOURCE_EXHAUSTED)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 24));
  app.add_option("--stream-idle-timeout-seconds", stream_idle_seconds,
                 "a PlayGame stream without a message for this long ends "
                 "(DEADLINE_EXCEEDED)")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 86400.0));
  app.add_option("--max-connection-idle-seconds", connection_idle_seconds,
                 "a connection without calls for this long is closed (GOAWAY)")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 1e7));
  app.add_option("--max-connection-age-seconds", connection_age_seconds,
                 "a connection older than this is asked to reconnect (GOAWAY, "
                 "then 60 s grace)")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 1e7));
  app.add_option("--keepalive-min-interval-seconds", keepalive_seconds,
                 "clients pinging more often than this without data get "
                 "GOAWAY after two strikes")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 86400.0));
  app.add_option("--memory-budget-mb", memory_budget_mb,
                 "memory gRPC may use for connections, calls and buffers; "
                 "past it new calls get RESOURCE_EXHAUSTED")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{16}, int64_t{1} << 20));
  app.add_option("--shutdown-grace-seconds", grace_seconds,
                 "how long shutdown waits for in-flight calls (new calls get "
                 "UNAVAILABLE meanwhile)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 3600.0));
  bool quiet = false;
  app.add_flag("--no-rpc-log", quiet, "do not log one line per RPC");
  app.footer(
      "Fixed limits, checked before any work (INVALID_ARGUMENT naming the "
      "field):\n  FEN at most 256 bytes; one move text at most 64 bytes; at "
      "most 16 gomoku fifth-move offers.\nError messages quote at most 64 "
      "bytes of any input, cut on a UTF-8 character boundary.\nA call past "
      "its deadline stops work within 128 plies and ends DEADLINE_EXCEEDED.\n"
      "AdjudicateGame, RuleOnRepetition and GetNaturalLimitStatus run on a "
      "worker pool; at most 1024 wait (RESOURCE_EXHAUSTED).\n/metrics: at "
      "most 64 connections, each with 5 s to send its request.");
  CLI11_PARSE(app, argc, argv);
  config.log_rpcs = !quiet;
  if (config.metrics_address == "off") config.metrics_address.clear();
  if (cache_bytes > 0) {
    options.position_cache =
        std::make_shared<caipan::rpc::XiangqiPositionCache>(cache_bytes);
  }
  config.shutdown_grace = absl::Seconds(grace_seconds);
  config.max_connection_idle = absl::Seconds(connection_idle_seconds);
  config.max_connection_age = absl::Seconds(connection_age_seconds);
  config.keepalive_min_interval = absl::Seconds(keepalive_seconds);
  config.memory_budget_bytes = memory_budget_mb << 20;
  options.stream_idle_timeout = absl::Seconds(stream_idle_seconds);
  std::shared_ptr<const caipan::rpc::TokenAuthenticator> authenticator;
  if (!tokens_file.empty()) {
    auto loaded = caipan::rpc::TokenAuthenticator::FromFile(tokens_file);
    if (!loaded.ok()) {
      std::fprintf(stderr, "caipan-server: %s\n",
                   std::string(loaded.status().message()).c_str());
      return 2;
    }
    authenticator = *std::move(loaded);
  } else if (require_auth) {
    std::fprintf(stderr,
                 "caipan-server: --require-auth needs --auth-tokens-file\n");
    return 2;
  }
  config.gate =
      std::make_shared<caipan::rpc::CallGate>(authenticator, require_auth);
  options.gate = config.gate;

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
    std::fprintf(stderr, "caipan-server: %s\n",
                 std::string(server.status().message()).c_str());
    return 1;
  }
  {
    caipan::rpc::LogLine line("listening");
    line.Add("address", config.address)
        .Add("port", (*server)->port())
        .Add("metrics_port", (*server)->metrics_port())
        .Add("max_message_bytes", config.max_message_bytes)
        .Add("max_history_plies", options.max_history_plies)
        .Add("position_cache_bytes", static_cast<int64_t>(cache_bytes))
        .Add("max_connections", config.max_connections)
        .Add("tls", config.tls_cert_file.empty() ? "off" : "on")
        .Add("reflection", config.reflection ? "on" : "off")
        .Add("auth",
             require_auth ? "required" : (authenticator ? "tokens" : "off"));
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
