// Test support for the live-game service: a GameService on an in-process
// gRPC server over a chosen store, with a manual time source (clocks move
// only when a test advances them) and one arbiter token.
#ifndef CAIPAN_TESTS_SERVICES_GAME_GAME_TEST_ENV_H_
#define CAIPAN_TESTS_SERVICES_GAME_GAME_TEST_ENV_H_

#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/notification.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "caipan/v1/game_service.grpc.pb.h"
#include "grpcpp/client_context.h"
#include "grpcpp/create_channel.h"
#include "grpcpp/security/credentials.h"
#include "gtest/gtest.h"
#include "rpc/address_ranges.h"
#include "rpc/gomoku_action_convert.h"
#include "rpc/server.h"
#include "rpc/token_authenticator.h"
#include "services/game/game_registry.h"
#include "services/game/game_service.h"
#include "services/game/time_source.h"
#include "store/game_store.h"

namespace caipan::services::game::testing {

inline constexpr char kArbiterToken[] = "arbiter-secret-0123456789abcdef";
// The players' token key (32 bytes).
inline const std::string& TestTokenKey() {
  static const std::string* key = new std::string(32, '\x5a');
  return *key;
}

// The creator of the games tests create through the registry.
inline const Creator& TestCreator() {
  static const Creator* creator = new Creator{"test-creator-key", "test"};
  return *creator;
}

// Runs an operation that answers through a Done callback and waits for it.
inline absl::Status Await(const std::function<void(Done)>& start) {
  auto notification = std::make_shared<absl::Notification>();
  auto result = std::make_shared<absl::Status>();
  start([notification, result](absl::Status status) {
    *result = std::move(status);
    notification->Notify();
  });
  if (!notification->WaitForNotificationWithTimeout(absl::Seconds(30)))
    return absl::DeadlineExceededError("the operation never answered");
  return *result;
}

// Polls `condition` until it holds (the store commits on its own thread).
inline bool Eventually(const std::function<bool()>& condition) {
  const absl::Time deadline = absl::Now() + absl::Seconds(30);
  while (absl::Now() < deadline) {
    if (condition()) return true;
    absl::SleepFor(absl::Milliseconds(1));
  }
  return condition();
}

// A registry and its context over `store` and `time`.
class RegistryEnv {
 public:
  RegistryEnv(store::GameStore* store, ManualTimeSource* time,
              int max_live_games = 100, CreatePolicy policy = {})
      : arbiters_(std::vector<std::string>{kArbiterToken}) {
    GameContext context;
    context.store = store;
    context.time = time;
    context.arbiters = &arbiters_;
    registry_ = std::make_unique<GameRegistry>(
        std::move(context), max_live_games, TestTokenKey(), policy);
  }
  ~RegistryEnv() { registry_->Shutdown(); }

  GameRegistry& registry() { return *registry_; }

 private:
  rpc::TokenAuthenticator arbiters_;
  std::unique_ptr<GameRegistry> registry_;
};

// A GameService on a loopback port with a memory store.
class GameServer {
 public:
  // `trusted_proxies`: peers whose connections begin with a PROXY header.
  explicit GameServer(WatchLimits watch_limits = {}, int max_live_games = 100,
                      CreatePolicy policy = {},
                      rpc::AddressRanges trusted_proxies = {})
      : store_(store::NewMemoryStore()),
        registry_(store_.get(), &time_, max_live_games, policy),
        service_(&registry_.registry(), nullptr, watch_limits) {
    rpc::ServerConfig config;
    config.trusted_proxies = std::move(trusted_proxies);
    config.address = "127.0.0.1:0";
    config.metrics_address = "";
    config.log_rpcs = false;
    config.reflection = false;
    config.shutdown_grace = absl::Seconds(1);
    auto server =
        rpc::Server::Start(config, {&service_}, {"caipan.v1.GameService"});
    if (!server.ok()) std::abort();
    server_ = *std::move(server);
    stub_ = v1::GameService::NewStub(
        grpc::CreateChannel(absl::StrCat("127.0.0.1:", server_->port()),
                            grpc::InsecureChannelCredentials()));
  }
  ~GameServer() {
    server_->Shutdown();
    registry_.registry().Shutdown();
    store_->Close();
  }

  v1::GameService::Stub& stub() { return *stub_; }
  int port() const { return server_->port(); }
  ManualTimeSource& time() { return time_; }
  GameRegistry& registry() { return registry_.registry(); }
  GameService& service() { return service_; }

 private:
  ManualTimeSource time_;
  std::unique_ptr<store::GameStore> store_;
  RegistryEnv registry_;
  GameService service_;
  std::unique_ptr<rpc::Server> server_;
  std::unique_ptr<v1::GameService::Stub> stub_;
};

// One created game and its players' tokens.
struct CreatedGame {
  std::string name;
  std::string token[2];  // by player index (xiangqi red, black; gomoku's
                         // first black, first white)
  v1::Game game;
};

inline v1::CreateGameRequest XiangqiRequest(const std::string& time_control) {
  v1::CreateGameRequest request;
  request.set_kind(v1::GAME_KIND_XIANGQI);
  request.set_time_control(time_control);
  v1::Player* red = request.add_players();
  red->set_side(v1::SIDE_RED);
  red->set_name("Red Player");
  v1::Player* black = request.add_players();
  black->set_side(v1::SIDE_BLACK);
  black->set_name("Black Player");
  // Most tests time the clocks from creation; the start after the first
  // moves (CreateGame's default) has tests of its own.
  request.set_clock_start(v1::CLOCK_START_AT_START_TIME);
  return request;
}

// Calls CreateGame and fails the test if it fails.
inline CreatedGame MustCreate(v1::GameService::Stub& stub,
                              const v1::CreateGameRequest& request) {
  grpc::ClientContext context;
  v1::CreateGameResponse response;
  grpc::Status status = stub.CreateGame(&context, request, &response);
  EXPECT_TRUE(status.ok()) << status.error_message();
  CreatedGame created;
  created.name = response.game().name();
  created.game = response.game();
  for (int i = 0; i < response.tokens_size() && i < 2; ++i)
    created.token[i] = response.tokens(i).token();
  return created;
}

inline v1::Game GetGame(v1::GameService::Stub& stub, const std::string& name) {
  grpc::ClientContext context;
  v1::GetGameRequest request;
  request.set_name(name);
  v1::Game game;
  grpc::Status status = stub.GetGame(&context, request, &game);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return game;
}

inline grpc::Status Move(v1::GameService::Stub& stub, const std::string& name,
                         const std::string& token, const std::string& move,
                         v1::SubmitMoveResponse* response, int ply = 0) {
  grpc::ClientContext context;
  v1::SubmitMoveRequest request;
  request.set_name(name);
  request.set_token(token);
  // Gomoku passes and opening decisions ("swap", "propose:i10,j10", ...) go
  // as typed actions, as the API wants them; everything else as text.
  if (!rpc::TypedGomokuActionOf(move, request.mutable_gomoku_action())) {
    request.clear_gomoku_action();
    request.set_move(move);
  }
  request.set_ply(ply);
  return stub.SubmitMove(&context, request, response);
}

// Plays a legal move and fails the test if it is refused.
inline v1::SubmitMoveResponse MustMove(v1::GameService::Stub& stub,
                                       const std::string& name,
                                       const std::string& token,
                                       const std::string& move) {
  v1::SubmitMoveResponse response;
  grpc::Status status = Move(stub, name, token, move, &response);
  EXPECT_TRUE(status.ok()) << move << ": " << status.error_message();
  EXPECT_TRUE(response.check().legal())
      << move << ": " << response.check().reason();
  return response;
}

// Calls a unary GameService method with a fresh context.
template <typename Request, typename Response, typename Method>
grpc::Status Call(v1::GameService::Stub& stub, Method method,
                  const Request& request, Response* response) {
  grpc::ClientContext context;
  return (stub.*method)(&context, request, response);
}

// Waits until the game's committed state satisfies `condition`.
inline v1::Game WaitForGame(v1::GameService::Stub& stub,
                            const std::string& name,
                            const std::function<bool(const v1::Game&)>& cond) {
  v1::Game game;
  EXPECT_TRUE(Eventually([&] {
    game = GetGame(stub, name);
    return cond(game);
  })) << game.DebugString();
  return game;
}

}  // namespace caipan::services::game::testing

#endif  // CAIPAN_TESTS_SERVICES_GAME_GAME_TEST_ENV_H_
