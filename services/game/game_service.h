// caipan.v1.GameService on gRPC's callback API: checks each request's size
// limits and the call gate, finds the game, and lets it answer (after the
// store's commit, without holding a gRPC thread meanwhile).
#ifndef CAIPAN_SERVICES_GAME_GAME_SERVICE_H_
#define CAIPAN_SERVICES_GAME_GAME_SERVICE_H_

#include <atomic>
#include <memory>

#include "absl/time/time.h"
#include "caipan/v1/game_service.grpc.pb.h"
#include "rpc/call_gate.h"
#include "services/game/game_registry.h"

namespace caipan::services::game {

// Watch streams of one game's players and arbiters (apart from spectators).
inline constexpr int kSeatedWatchersPerGame = 16;

struct WatchLimits {
  // Spectators of one game (watchers without a player's or arbiter's token);
  // more get RESOURCE_EXHAUSTED.
  int max_per_game = 64;
  // Watch streams open at once, server-wide.
  int max_streams = 10000;
  // A watch stream with nothing to send for this long ends (OK; resume with
  // after_sequence).
  absl::Duration idle_timeout = absl::Seconds(300);
  // Watching needs a player's or an arbiter's token.
  bool require_token = false;
};

class GameService final : public v1::GameService::CallbackService {
 public:
  GameService(GameRegistry* registry, std::shared_ptr<rpc::CallGate> gate,
              WatchLimits watch_limits);

  grpc::ServerUnaryReactor* CreateGame(
      grpc::CallbackServerContext* context,
      const v1::CreateGameRequest* request,
      v1::CreateGameResponse* response) override;
  grpc::ServerUnaryReactor* GetGame(grpc::CallbackServerContext* context,
                                    const v1::GetGameRequest* request,
                                    v1::Game* response) override;
  grpc::ServerUnaryReactor* ListGames(grpc::CallbackServerContext* context,
                                      const v1::ListGamesRequest* request,
                                      v1::ListGamesResponse* response) override;
  grpc::ServerUnaryReactor* SubmitMove(
      grpc::CallbackServerContext* context,
      const v1::SubmitMoveRequest* request,
      v1::SubmitMoveResponse* response) override;
  grpc::ServerUnaryReactor* Resign(grpc::CallbackServerContext* context,
                                   const v1::ResignRequest* request,
                                   v1::Game* response) override;
  grpc::ServerUnaryReactor* RequestTakeback(
      grpc::CallbackServerContext* context,
      const v1::RequestTakebackRequest* request, v1::Game* response) override;
  grpc::ServerUnaryReactor* RespondToTakeback(
      grpc::CallbackServerContext* context,
      const v1::RespondToTakebackRequest* request, v1::Game* response) override;
  grpc::ServerUnaryReactor* Rematch(grpc::CallbackServerContext* context,
                                    const v1::RematchRequest* request,
                                    v1::RematchResponse* response) override;
  grpc::ServerUnaryReactor* StartClocks(grpc::CallbackServerContext* context,
                                        const v1::StartClocksRequest* request,
                                        v1::Game* response) override;
  grpc::ServerUnaryReactor* OfferDraw(grpc::CallbackServerContext* context,
                                      const v1::OfferDrawRequest* request,
                                      v1::Game* response) override;
  grpc::ServerUnaryReactor* RespondToDrawOffer(
      grpc::CallbackServerContext* context,
      const v1::RespondToDrawOfferRequest* request,
      v1::Game* response) override;
  grpc::ServerUnaryReactor* ClaimDraw(grpc::CallbackServerContext* context,
                                      const v1::ClaimDrawRequest* request,
                                      v1::ClaimDrawResponse* response) override;
  grpc::ServerUnaryReactor* RecordFoul(grpc::CallbackServerContext* context,
                                       const v1::RecordFoulRequest* request,
                                       v1::Game* response) override;
  grpc::ServerUnaryReactor* SetResult(grpc::CallbackServerContext* context,
                                      const v1::SetResultRequest* request,
                                      v1::Game* response) override;
  grpc::ServerUnaryReactor* PauseClocks(grpc::CallbackServerContext* context,
                                        const v1::PauseClocksRequest* request,
                                        v1::Game* response) override;
  grpc::ServerUnaryReactor* ResumeClocks(grpc::CallbackServerContext* context,
                                         const v1::ResumeClocksRequest* request,
                                         v1::Game* response) override;
  grpc::ServerUnaryReactor* AdjustClock(grpc::CallbackServerContext* context,
                                        const v1::AdjustClockRequest* request,
                                        v1::Game* response) override;
  grpc::ServerUnaryReactor* AbortGame(grpc::CallbackServerContext* context,
                                      const v1::AbortGameRequest* request,
                                      v1::Game* response) override;
  grpc::ServerWriteReactor<v1::WatchGameResponse>* WatchGame(
      grpc::CallbackServerContext* context,
      const v1::WatchGameRequest* request) override;

  int open_watch_streams() const { return watch_streams_.load(); }

 private:
  // Runs `action(game, done)` on the named game after the gate and the
  // common field checks. A `read_only` action reads the game wherever it is
  // (GameRegistry::Peek); any other reaches the game's owner (Find).
  template <typename Request, typename Action>
  grpc::ServerUnaryReactor* OnGame(grpc::CallbackServerContext* context,
                                   const Request& request, Action action,
                                   bool read_only = false);

  GameRegistry* registry_;
  std::shared_ptr<rpc::CallGate> gate_;
  WatchLimits watch_limits_;
  std::atomic<int> watch_streams_{0};
};

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_GAME_SERVICE_H_
