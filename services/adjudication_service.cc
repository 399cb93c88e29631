// AdjudicationService on the callback API (see adjudication_service.h).
#include "services/adjudication_service.h"

#include <algorithm>
#include <thread>
#include <utility>

#include "services/adjudication_handlers.h"
#include "services/play_game_reactor.h"
#include "services/raw_unary.h"

namespace caipan::services {

AdjudicationService::AdjudicationService(ServiceOptions options)
    : options_(std::move(options)),
      streams_(std::make_unique<PlayStreamRegistry>(
          options_.max_play_streams, options_.stream_idle_timeout)),
      long_calls_(std::make_unique<WorkPool>(
          std::max(2u, std::thread::hardware_concurrency()),
          options_.max_queued_long_calls)) {}

AdjudicationService::~AdjudicationService() = default;

grpc::ServerUnaryReactor* AdjudicationService::CheckMove(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
    grpc::ByteBuffer* response) {
  return AnswerRaw<v1::CheckMoveRequest, v1::CheckMoveResponse>(
      context, request, response, options_, /*pool=*/nullptr, HandleCheckMove);
}

grpc::ServerUnaryReactor* AdjudicationService::ListMoves(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
    grpc::ByteBuffer* response) {
  return AnswerRaw<v1::ListMovesRequest, v1::ListMovesResponse>(
      context, request, response, options_, /*pool=*/nullptr, HandleListMoves);
}

grpc::ServerUnaryReactor* AdjudicationService::AdjudicateGame(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
    grpc::ByteBuffer* response) {
  return AnswerRaw<v1::AdjudicateGameRequest, v1::AdjudicateGameResponse>(
      context, request, response, options_, long_calls_.get(),
      HandleAdjudicateGame);
}

grpc::ServerUnaryReactor* AdjudicationService::RuleOnRepetition(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
    grpc::ByteBuffer* response) {
  return AnswerRaw<v1::RuleOnRepetitionRequest, v1::RuleOnRepetitionResponse>(
      context, request, response, options_, long_calls_.get(),
      HandleRuleOnRepetition);
}

grpc::ServerUnaryReactor* AdjudicationService::GetNaturalLimitStatus(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
    grpc::ByteBuffer* response) {
  return AnswerRaw<v1::GetNaturalLimitStatusRequest,
                   v1::GetNaturalLimitStatusResponse>(
      context, request, response, options_, long_calls_.get(),
      HandleGetNaturalLimitStatus);
}

grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>*
AdjudicationService::PlayGame(grpc::CallbackServerContext* context) {
  return new PlayGameReactor(context, options_, streams_.get());
}

grpc::ServerUnaryReactor* AdjudicationService::Ping(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
    grpc::ByteBuffer* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (options_.gate != nullptr) {
    grpc::Status admitted =
        options_.gate->Admit(*context, rpc::CallGate::Access::kOpen);
    if (!admitted.ok()) {
      reactor->Finish(admitted);
      return reactor;
    }
  }
  v1::PingRequest ping;
  absl::Status parsed = ParseMessage(*request, &ping);
  if (!parsed.ok()) {
    reactor->Finish(ToGrpcStatus(parsed));
    return reactor;
  }
  reactor->Finish(SerializeMessage(v1::PingResponse(), response));
  return reactor;
}

}  // namespace caipan::services
