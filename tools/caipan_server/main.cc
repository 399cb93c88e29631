// caipan-server: the gRPC adjudication server (AdjudicationService, health,
// reflection, Prometheus metrics). Runs until SIGTERM or SIGINT, then shuts
// down gracefully.
#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "engine/common/version.h"
#include "gateway/http_gateway.h"
#include "rpc/address_ranges.h"
#include "rpc/log.h"
#include "rpc/redact.h"
#include "rpc/server.h"
#include "rpc/token_authenticator.h"
#include "services/adjudication_service.h"
#include "services/game/create_game.h"
#include "services/game/game_registry.h"
#include "services/game/game_service.h"
#include "services/game/time_source.h"
#include "services/tournament/tournament_registry.h"
#include "services/tournament/tournament_service.h"
#include "store/game_store.h"
#include "store/postgres_password.h"

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
  std::string store_spec;
  std::string data_dir = "caipan-data";
  std::string arbiter_tokens_file;
  std::string store_sync = "full";
  int max_live_games = 10000;
  caipan::services::game::CreatePolicy create_policy;
  double unstarted_expiry_seconds = 600;
  caipan::services::game::WatchLimits watch_limits;
  double watch_idle_seconds = 300;

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
  app.add_option("--max-connections-per-address",
                 config.max_connections_per_address,
                 "connections one client address may have open at once, on "
                 "the gRPC and on the HTTP port each (0: no cap); more are "
                 "closed on accept (HTTP: 429)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1 << 20));
  std::string trusted_proxies;
  app.add_option("--trusted-proxy", trusted_proxies,
                 "comma-separated addresses or CIDR ranges of proxies "
                 "(HAProxy send-proxy-v2) that begin every connection, on "
                 "both ports, with a PROXY protocol header (v2 or v1) naming "
                 "the client: the caps, the rate limit and the logs use that "
                 "client. Their connections without one are closed; no other "
                 "peer may send one");
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
  app.add_option("--store", store_spec,
                 "where live games are kept: sqlite:PATH, postgres:CONNINFO "
                 "(several servers on one database), or memory (lost at "
                 "exit); default sqlite:DATA_DIR/caipan.db");
  // The PostgreSQL password kept off the command line (ps) and the logs.
  std::string store_password_file;
  app.add_option("--store-password-file", store_password_file,
                 "file whose first line is the password for --store "
                 "postgres:... (otherwise libpq's PGPASSWORD, PGPASSFILE or "
                 "~/.pgpass); passwords never appear in the logs");
  app.add_option("--data-dir", data_dir,
                 "directory for the default SQLite store and the players' "
                 "token key (created if missing)")
      ->capture_default_str();
  app.add_option(
         "--store-sync", store_sync,
         "full: a change is on disk before it is acknowledged (survives "
         "power loss); normal: it survives a crash of the server")
      ->capture_default_str()
      ->check(CLI::IsMember({"full", "normal"}));
  app.add_option("--arbiter-tokens-file", arbiter_tokens_file,
                 "arbiters' tokens, one per line (16-512 bytes; # comments): "
                 "fouls, results, clocks, aborts");
  app.add_option("--max-live-games", max_live_games,
                 "live games held at once (RESOURCE_EXHAUSTED past it)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 24));
  app.add_option("--max-live-games-per-creator",
                 create_policy.max_live_per_creator,
                 "live games one creator holds at once (its token, or its "
                 "address without one; tournament games do not count)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 24));
  app.add_flag("--create-requires-token", create_policy.requires_token,
               "CreateGame needs one of --auth-tokens-file's tokens "
               "(authorization: Bearer …); by default anyone may create, "
               "within the per-creator quota");
  app.add_option("--unstarted-game-expiry-seconds", unstarted_expiry_seconds,
                 "a created game still without a move this long after its "
                 "start is aborted and its slot freed (0: never; tournament "
                 "games never)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 7 * 86400.0));
  app.add_option("--max-watchers-per-game", watch_limits.max_per_game,
                 "spectators' WatchGame streams on one game (players and "
                 "arbiters have 16 seats of their own)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  app.add_option("--max-watch-streams", watch_limits.max_streams,
                 "WatchGame streams open at once, server-wide")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 24));
  app.add_option("--watch-idle-timeout-seconds", watch_idle_seconds,
                 "a watch stream with nothing to send for this long ends "
                 "(resume with after_sequence)")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 86400.0));
  app.add_flag("--watch-requires-token", watch_limits.require_token,
               "watching a game needs a player's or an arbiter's token");
  caipan::gateway::GatewayConfig http;
  double http_read_timeout_seconds = 10;
  double http_idle_timeout_seconds = 60;
  std::string cors_origins;
  app.add_option("--http-address", http.address,
                 "HTTP gateway for browsers (Connect, gRPC-Web, WebSocket, "
                 "the board pages); 'off' disables it; port 0: any free port")
      ->capture_default_str();
  app.add_option("--http-max-body-bytes", http.max_body_bytes,
                 "largest HTTP request body or WebSocket message (413 / "
                 "RESOURCE_EXHAUSTED)")
      ->capture_default_str()
      ->check(CLI::Range(size_t{1024}, size_t{1} << 30));
  app.add_option("--http-max-header-bytes", http.max_header_bytes,
                 "largest HTTP request head (431)")
      ->capture_default_str()
      ->check(CLI::Range(size_t{1024}, size_t{1} << 20));
  app.add_option("--http-max-connections", http.max_connections,
                 "HTTP connections open at once; more are closed on accept")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  app.add_option("--http-read-timeout-seconds", http_read_timeout_seconds,
                 "time a client has to send a whole HTTP request, head "
                 "included, once begun (on a new connection: once opened); "
                 "408 and closed past it")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 3600.0));
  app.add_option("--http-idle-timeout-seconds", http_idle_timeout_seconds,
                 "an idle keep-alive HTTP connection is closed after this")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 86400.0));
  app.add_option("--http-rate-limit", http.rate_limit,
                 "HTTP requests and WebSocket messages per second per client "
                 "address, bursts of twice that (429); 0: no limit")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e9));
  app.add_option("--http-cors-origins", cors_origins,
                 "comma-separated origins whose pages may call the gateway "
                 "('*': any); none by default");
  app.add_option("--http-threads", http.threads,
                 "threads serving HTTP connections")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_option("--web-root", http.web_root,
                 "serve the board pages from this folder instead of the copy "
                 "built into the binary");
  app.set_version_flag("--version", caipan::VersionLine("caipan-server"));
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
  if (auto ranges = caipan::rpc::AddressRanges::Parse(trusted_proxies);
      ranges.ok()) {
    config.trusted_proxies = *ranges;
  } else {
    std::fprintf(stderr, "caipan-server: --trusted-proxy: %s\n",
                 std::string(ranges.status().message()).c_str());
    return 2;
  }
  http.max_connections_per_address = config.max_connections_per_address;
  http.trusted_proxies = config.trusted_proxies;
  http.read_timeout = absl::Seconds(http_read_timeout_seconds);
  http.idle_timeout = absl::Seconds(http_idle_timeout_seconds);
  http.cors_origins = absl::StrSplit(cors_origins, ',', absl::SkipWhitespace());
  http.tls_cert_file = config.tls_cert_file;
  http.tls_key_file = config.tls_key_file;
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

  // Live games: the store, the clocks' time source and the games.
  namespace game = caipan::services::game;
  caipan::store::SqliteOptions sqlite_options;
  sqlite_options.full_sync = store_sync == "full";
  // The password joins the conninfo only here: the listening line shows
  // --store as given (and redacts any password in it).
  std::string store_open_spec = store_spec;
  if (!store_password_file.empty()) {
    auto with_password = caipan::store::StoreSpecWithPasswordFile(
        store_spec, store_password_file);
    if (!with_password.ok()) {
      std::fprintf(
          stderr, "caipan-server: --store-password-file: %s\n",
          caipan::rpc::RedactSecrets(with_password.status().message()).c_str());
      return 2;
    }
    store_open_spec = *std::move(with_password);
  }
  auto store =
      caipan::store::OpenStore(store_open_spec, data_dir, sqlite_options);
  if (!store.ok()) {
    std::fprintf(stderr, "caipan-server: --store: %s\n",
                 caipan::rpc::RedactSecrets(store.status().message()).c_str());
    return 2;
  }
  std::string key_path;
  // Servers sharing a PostgreSQL database must share the key too: it is read
  // from the data directory (copy it to every server).
  if (store_spec.empty() || store_spec.rfind("postgres:", 0) == 0) {
    std::error_code ignored;  // a missing directory fails just below
    std::filesystem::create_directories(data_dir, ignored);
    key_path = data_dir + "/token.key";
  } else if (store_spec.rfind("sqlite:", 0) == 0) {
    key_path = store_spec.substr(7) + ".token-key";
  }
  auto token_key = game::LoadOrCreateTokenKey(key_path);
  if (!token_key.ok()) {
    std::fprintf(stderr, "caipan-server: %s\n",
                 std::string(token_key.status().message()).c_str());
    return 2;
  }
  std::unique_ptr<caipan::rpc::TokenAuthenticator> arbiters;
  if (!arbiter_tokens_file.empty()) {
    auto loaded =
        caipan::rpc::TokenAuthenticator::FromFile(arbiter_tokens_file);
    if (!loaded.ok()) {
      std::fprintf(stderr, "caipan-server: --arbiter-tokens-file: %s\n",
                   std::string(loaded.status().message()).c_str());
      return 2;
    }
    arbiters = *std::move(loaded);
  }
  std::unique_ptr<game::TimeSource> time_source = game::NewSystemTimeSource();
  game::GameContext game_context;
  game_context.store = store->get();
  game_context.time = time_source.get();
  game_context.arbiters = arbiters.get();
  game_context.max_plies = options.max_history_plies;
  create_policy.tokens = authenticator.get();
  create_policy.unstarted_expiry_ms =
      static_cast<int64_t>(unstarted_expiry_seconds * 1000);
  if (create_policy.requires_token && authenticator == nullptr) {
    std::fprintf(stderr,
                 "caipan-server: --create-requires-token needs "
                 "--auth-tokens-file\n");
    return 2;
  }
  game::GameRegistry registry(game_context, max_live_games, *token_key,
                              create_policy);
  if (absl::Status s = registry.Recover(); !s.ok()) {
    std::fprintf(stderr, "caipan-server: recovering live games: %s\n",
                 std::string(s.message()).c_str());
    return 1;
  }
  watch_limits.idle_timeout = absl::Seconds(watch_idle_seconds);
  game::GameService game_service(&registry, config.gate, watch_limits);

  // Tournaments: kept in the same store; their rounds are live games.
  namespace tournament = caipan::services::tournament;
  tournament::TournamentContext tournament_context;
  tournament_context.store = store->get();
  tournament_context.games = &registry;
  tournament_context.time = time_source.get();
  tournament_context.arbiters = arbiters.get();
  tournament::TournamentRegistry tournaments(tournament_context);
  if (absl::Status s = tournaments.Recover(); !s.ok()) {
    std::fprintf(stderr, "caipan-server: recovering tournaments: %s\n",
                 std::string(s.message()).c_str());
    return 1;
  }
  tournament::TournamentService tournament_service(&tournaments, config.gate);
  const std::vector<std::string> service_names = {
      "caipan.v1.AdjudicationService", "caipan.v1.GameService",
      "caipan.v1.TournamentService"};

  auto server = caipan::rpc::Server::Start(
      config, {&service, &game_service, &tournament_service}, service_names);
  if (!server.ok()) {
    caipan::rpc::LogLine("error").Add("msg", server.status().message());
    caipan::rpc::FlushLogs();
    std::fprintf(stderr, "caipan-server: %s\n",
                 std::string(server.status().message()).c_str());
    return 1;
  }
  std::unique_ptr<caipan::gateway::HttpGateway> gateway;
  if (http.address != "off") {
    auto started = caipan::gateway::HttpGateway::Start(
        http, (*server)->grpc_server(), service_names);
    if (!started.ok()) {
      caipan::rpc::LogLine("error").Add("msg", started.status().message());
      caipan::rpc::FlushLogs();
      std::fprintf(stderr, "caipan-server: %s\n",
                   std::string(started.status().message()).c_str());
      (*server)->Shutdown();
      registry.Shutdown();
      (*store)->Close();
      return 1;
    }
    gateway = *std::move(started);
  }
  {
    caipan::rpc::LogLine line("listening");
    line.Add("version", caipan::Version())
        .Add("commit", caipan::Commit())
        .Add("address", config.address)
        .Add("port", (*server)->port())
        .Add("metrics_port", (*server)->metrics_port())
        .Add("http_port", gateway ? gateway->port() : 0)
        .Add("max_message_bytes", config.max_message_bytes)
        .Add("max_history_plies", options.max_history_plies)
        .Add("position_cache_bytes", static_cast<int64_t>(cache_bytes))
        .Add("max_connections", config.max_connections)
        .Add("max_connections_per_address", config.max_connections_per_address)
        .Add("trusted_proxies", config.trusted_proxies.empty()
                                    ? "none"
                                    : config.trusted_proxies.text())
        .Add("tls", config.tls_cert_file.empty() ? "off" : "on")
        .Add("store", store_spec.empty() ? "sqlite:" + data_dir + "/caipan.db"
                                         : store_spec)
        .Add("live_games", registry.live_count())
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
  // After the calls: the gateway's sessions hear their calls end first.
  gateway.reset();
  // Clocks stop before the store closes: nothing is written after Close.
  registry.Shutdown();
  (*store)->Close();
  caipan::rpc::LogLine("stopped");
  caipan::rpc::FlushLogs();
  return 0;
}
