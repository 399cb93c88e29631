// caipan.v1.GameService (see game_service.h).
#include "services/game/game_service.h"

#include <utility>

#include "engine/common/status_macros.h"
#include "rpc/error_status.h"
#include "services/game/game_request_checks.h"
#include "services/game/watch_reactor.h"
#include "services/request_checks.h"
#include "services/request_limits.h"

namespace caipan::services::game {
namespace {

using Access = rpc::CallGate::Access;

// Field limits beyond the name and token.
template <typename Request>
absl::Status CheckFields(const Request& request) {
  if constexpr (requires { request.move(); }) {
    CAIPAN_RETURN_IF_ERROR(CheckLength(request.move(), "move", kMaxMoveBytes));
  }
  if constexpr (requires { request.gomoku_action(); }) {
    CAIPAN_RETURN_IF_ERROR(
        CheckGomokuActionLimits(request.gomoku_action(), "gomoku_action"));
  }
  if constexpr (requires { request.reason(); }) {
    CAIPAN_RETURN_IF_ERROR(
        CheckLength(request.reason(), "reason", kMaxReasonBytes));
  }
  return absl::OkStatus();
}

Done Finisher(grpc::ServerUnaryReactor* reactor) {
  return
      [reactor](absl::Status status) { reactor->Finish(ToGrpcStatus(status)); };
}

}  // namespace

GameService::GameService(GameRegistry* registry,
                         std::shared_ptr<rpc::CallGate> gate,
                         WatchLimits watch_limits)
    : registry_(registry),
      gate_(std::move(gate)),
      watch_limits_(watch_limits) {}

template <typename Request, typename Action>
grpc::ServerUnaryReactor* GameService::OnGame(
    grpc::CallbackServerContext* context, const Request& request, Action action,
    bool read_only) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (gate_ != nullptr) {
    if (grpc::Status s = gate_->Admit(*context, Access::kStateless); !s.ok()) {
      reactor->Finish(s);
      return reactor;
    }
  }
  absl::Status status = CheckGameName(request.name());
  if (status.ok()) {
    if constexpr (requires { request.token(); })
      status = CheckLength(request.token(), "token", kMaxTokenBytes);
  }
  if (status.ok()) status = CheckFields(request);
  if (!status.ok()) {
    reactor->Finish(ToGrpcStatus(status));
    return reactor;
  }
  absl::StatusOr<std::shared_ptr<LiveGame>> game;
  if (read_only) {
    game = registry_->Peek(request.name());
  } else if constexpr (requires { request.token(); }) {
    game = registry_->FindFor(request.name(), request.token());
  } else {
    game = registry_->Find(request.name());
  }
  if (!game.ok()) {
    reactor->Finish(ToGrpcStatus(game.status()));
    return reactor;
  }
  action(**game, Finisher(reactor));
  return reactor;
}

grpc::ServerUnaryReactor* GameService::CreateGame(
    grpc::CallbackServerContext* context, const v1::CreateGameRequest* request,
    v1::CreateGameResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (gate_ != nullptr) {
    if (grpc::Status s = gate_->Admit(*context, Access::kStateless); !s.ok()) {
      reactor->Finish(s);
      return reactor;
    }
  }
  absl::StatusOr<Creator> creator =
      CreatorOfCall(*context, registry_->create_policy());
  if (!creator.ok()) {
    reactor->Finish(ToGrpcStatus(creator.status()));
    return reactor;
  }
  registry_->Create(*request, *creator, response, Finisher(reactor));
  return reactor;
}

grpc::ServerUnaryReactor* GameService::Rematch(
    grpc::CallbackServerContext* context, const v1::RematchRequest* request,
    v1::RematchResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (gate_ != nullptr) {
    if (grpc::Status s = gate_->Admit(*context, Access::kStateless); !s.ok()) {
      reactor->Finish(s);
      return reactor;
    }
  }
  absl::Status status = CheckGameName(request->name());
  if (status.ok())
    status = CheckLength(request->token(), "token", kMaxTokenBytes);
  absl::StatusOr<Creator> creator =
      CreatorOfCall(*context, registry_->create_policy());
  if (status.ok()) status = creator.status();
  if (!status.ok()) {
    reactor->Finish(ToGrpcStatus(status));
    return reactor;
  }
  registry_->Rematch(*request, *creator, response, Finisher(reactor));
  return reactor;
}

grpc::ServerUnaryReactor* GameService::GetGame(
    grpc::CallbackServerContext* context, const v1::GetGameRequest* request,
    v1::Game* response) {
  return OnGame(
      context, *request,
      [response](LiveGame& game, Done done) {
        *response = game.Snapshot();
        done(absl::OkStatus());
      },
      /*read_only=*/true);
}

grpc::ServerUnaryReactor* GameService::ListGames(
    grpc::CallbackServerContext* context, const v1::ListGamesRequest* request,
    v1::ListGamesResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (gate_ != nullptr) {
    if (grpc::Status s = gate_->Admit(*context, Access::kStateless); !s.ok()) {
      reactor->Finish(s);
      return reactor;
    }
  }
  absl::Status status =
      CheckLength(request->player(), "player", kMaxReasonBytes);
  if (status.ok())
    status = CheckLength(request->event(), "event", kMaxReasonBytes);
  if (status.ok())
    status = CheckLength(request->page_token(), "page_token", kMaxReasonBytes);
  if (status.ok()) status = registry_->List(*request, response);
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

#define CAIPAN_GAME_ACTION(Method, Request, Response)                 \
  grpc::ServerUnaryReactor* GameService::Method(                      \
      grpc::CallbackServerContext* context, const Request* request,   \
      Response* response) {                                           \
    return OnGame(context, *request,                                  \
                  [request, response](LiveGame& game, Done done) {    \
                    game.Method(*request, response, std::move(done)); \
                  });                                                 \
  }

CAIPAN_GAME_ACTION(SubmitMove, v1::SubmitMoveRequest, v1::SubmitMoveResponse)
CAIPAN_GAME_ACTION(Resign, v1::ResignRequest, v1::Game)
CAIPAN_GAME_ACTION(OfferDraw, v1::OfferDrawRequest, v1::Game)
CAIPAN_GAME_ACTION(RespondToDrawOffer, v1::RespondToDrawOfferRequest, v1::Game)
CAIPAN_GAME_ACTION(RequestTakeback, v1::RequestTakebackRequest, v1::Game)
CAIPAN_GAME_ACTION(RespondToTakeback, v1::RespondToTakebackRequest, v1::Game)
CAIPAN_GAME_ACTION(ClaimDraw, v1::ClaimDrawRequest, v1::ClaimDrawResponse)
CAIPAN_GAME_ACTION(RecordFoul, v1::RecordFoulRequest, v1::Game)
CAIPAN_GAME_ACTION(SetResult, v1::SetResultRequest, v1::Game)
CAIPAN_GAME_ACTION(PauseClocks, v1::PauseClocksRequest, v1::Game)
CAIPAN_GAME_ACTION(ResumeClocks, v1::ResumeClocksRequest, v1::Game)
CAIPAN_GAME_ACTION(AdjustClock, v1::AdjustClockRequest, v1::Game)
CAIPAN_GAME_ACTION(AbortGame, v1::AbortGameRequest, v1::Game)
CAIPAN_GAME_ACTION(StartClocks, v1::StartClocksRequest, v1::Game)

#undef CAIPAN_GAME_ACTION

grpc::ServerWriteReactor<v1::WatchGameResponse>* GameService::WatchGame(
    grpc::CallbackServerContext* context, const v1::WatchGameRequest* request) {
  auto refuse = [](grpc::Status status) {
    return new RefusedWatch(std::move(status));
  };
  if (gate_ != nullptr) {
    if (grpc::Status s = gate_->Admit(*context, Access::kStateless); !s.ok())
      return refuse(s);
  }
  absl::Status status = CheckGameName(request->name());
  if (status.ok())
    status = CheckLength(request->token(), "token", kMaxTokenBytes);
  if (status.ok() && request->after_sequence() < 0)
    status = absl::InvalidArgumentError("after_sequence: must be >= 0");
  if (!status.ok()) return refuse(ToGrpcStatus(status));
  absl::StatusOr<std::shared_ptr<LiveGame>> game =
      registry_->FindToWatch(request->name(), request->token());
  if (!game.ok()) return refuse(ToGrpcStatus(game.status()));
  if (watch_limits_.require_token && !(*game)->KnowsToken(request->token())) {
    return refuse(rpc::ErrorStatus(
        grpc::StatusCode::UNAUTHENTICATED,
        "token: watching this server's games needs a player's or "
        "arbiter's token",
        rpc::kReasonTokenMissing));
  }
  // Players and arbiters have seats of their own: spectators who came
  // first never keep them from their game.
  const bool seated = (*game)->KnowsToken(request->token());
  if (seated ? (*game)->seated_watcher_count() >= kSeatedWatchersPerGame
             : (*game)->watcher_count() - (*game)->seated_watcher_count() >=
                   watch_limits_.max_per_game) {
    return refuse(rpc::ErrorStatus(
        grpc::StatusCode::RESOURCE_EXHAUSTED,
        seated ? "the game has its limit of players' and arbiters' watchers"
               : "the game has its limit of spectators",
        rpc::kReasonLimitReached));
  }
  if (watch_streams_.fetch_add(1) >= watch_limits_.max_streams) {
    watch_streams_.fetch_sub(1);
    return refuse(rpc::ErrorStatus(grpc::StatusCode::RESOURCE_EXHAUSTED,
                                   "the server has its limit of watch streams",
                                   rpc::kReasonLimitReached));
  }
  return WatchReactor::Start(
      *std::move(game), request->after_sequence(), registry_->context().time,
      watch_limits_.idle_timeout, &watch_streams_, seated);
}

}  // namespace caipan::services::game
