// AdjudicationService on the callback API (see adjudication_service.h). The
// unary handlers are short and CPU-bound, so they answer inline on gRPC's
// callback thread.
#include "services/adjudication_service.h"

#include <utility>

#include "services/adjudication_handlers.h"
#include "services/play_game_reactor.h"
#include "services/request_checks.h"

namespace caipan::services {
namespace {

// Runs `handler` unless the call is already cancelled or past its deadline, and
// finishes.
template <typename Request, typename Response, typename Handler>
grpc::ServerUnaryReactor* Answer(grpc::CallbackServerContext* context,
                                 const Request* request, Response* response,
                                 const ServiceOptions& options,
                                 Handler handler) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (context->IsCancelled()) {
    reactor->Finish(grpc::Status(grpc::StatusCode::CANCELLED,
                                 "cancelled before it started"));
    return reactor;
  }
  reactor->Finish(ToGrpcStatus(handler(*request, options, response)));
  return reactor;
}

}  // namespace

AdjudicationService::AdjudicationService(ServiceOptions options)
    : options_(std::move(options)) {
  SetMessageAllocatorFor_CheckMove(&check_move_allocator_);
  SetMessageAllocatorFor_ListMoves(&list_moves_allocator_);
  SetMessageAllocatorFor_AdjudicateGame(&adjudicate_allocator_);
  SetMessageAllocatorFor_RuleOnRepetition(&repetition_allocator_);
  SetMessageAllocatorFor_GetNaturalLimitStatus(&limit_allocator_);
}

grpc::ServerUnaryReactor* AdjudicationService::CheckMove(
    grpc::CallbackServerContext* context, const v1::CheckMoveRequest* request,
    v1::CheckMoveResponse* response) {
  return Answer(context, request, response, options_, HandleCheckMove);
}

grpc::ServerUnaryReactor* AdjudicationService::ListMoves(
    grpc::CallbackServerContext* context, const v1::ListMovesRequest* request,
    v1::ListMovesResponse* response) {
  return Answer(context, request, response, options_, HandleListMoves);
}

grpc::ServerUnaryReactor* AdjudicationService::AdjudicateGame(
    grpc::CallbackServerContext* context,
    const v1::AdjudicateGameRequest* request,
    v1::AdjudicateGameResponse* response) {
  return Answer(context, request, response, options_, HandleAdjudicateGame);
}

grpc::ServerUnaryReactor* AdjudicationService::RuleOnRepetition(
    grpc::CallbackServerContext* context,
    const v1::RuleOnRepetitionRequest* request,
    v1::RuleOnRepetitionResponse* response) {
  return Answer(context, request, response, options_, HandleRuleOnRepetition);
}

grpc::ServerUnaryReactor* AdjudicationService::GetNaturalLimitStatus(
    grpc::CallbackServerContext* context,
    const v1::GetNaturalLimitStatusRequest* request,
    v1::GetNaturalLimitStatusResponse* response) {
  return Answer(context, request, response, options_,
                HandleGetNaturalLimitStatus);
}

grpc::ServerBidiReactor<v1::PlayGameRequest, v1::PlayGameResponse>*
AdjudicationService::PlayGame(grpc::CallbackServerContext* context) {
  return new PlayGameReactor(options_);
}

grpc::ServerUnaryReactor* AdjudicationService::Ping(
    grpc::CallbackServerContext* context, const v1::PingRequest* request,
    v1::PingResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

}  // namespace caipan::services
