// AdjudicationService on gRPC's callback API. Stateless: every unary call
// carries all it needs; a PlayGame stream keeps its own game only for the
// stream's life.
#ifndef CAIPAN_SERVICES_ADJUDICATION_SERVICE_H_
#define CAIPAN_SERVICES_ADJUDICATION_SERVICE_H_

#include "caipan/v1/adjudication_service.grpc.pb.h"
#include "services/arena_allocator.h"
#include "services/service_options.h"

namespace caipan::services {

class AdjudicationService final
    : public v1::AdjudicationService::CallbackService {
 public:
  explicit AdjudicationService(ServiceOptions options = {});

  grpc::ServerUnaryReactor* CheckMove(grpc::CallbackServerContext* context,
                                      const v1::CheckMoveRequest* request,
                                      v1::CheckMoveResponse* response) override;
  grpc::ServerUnaryReactor* ListMoves(grpc::CallbackServerContext* context,
                                      const v1::ListMovesRequest* request,
                                      v1::ListMovesResponse* response) override;
  grpc::ServerUnaryReactor* AdjudicateGame(
      grpc::CallbackServerContext* context,
      const v1::AdjudicateGameRequest* request,
      v1::AdjudicateGameResponse* response) override;
  grpc::ServerUnaryReactor* RuleOnRepetition(
      grpc::CallbackServerContext* context,
      const v1::RuleOnRepetitionRequest* request,
      v1::RuleOnRepetitionResponse* response) override;
  grpc::ServerUnaryReactor* GetNaturalLimitStatus(
      grpc::CallbackServerContext* context,
      const v1::GetNaturalLimitStatusRequest* request,
      v1::GetNaturalLimitStatusResponse* response) override;
  grpc::ServerBidiReactor<v1::PlayGameRequest, v1::PlayGameResponse>* PlayGame(
      grpc::CallbackServerContext* context) override;
  grpc::ServerUnaryReactor* Ping(grpc::CallbackServerContext* context,
                                 const v1::PingRequest* request,
                                 v1::PingResponse* response) override;

 private:
  ServiceOptions options_;
  ArenaAllocator<v1::CheckMoveRequest, v1::CheckMoveResponse>
      check_move_allocator_;
  ArenaAllocator<v1::ListMovesRequest, v1::ListMovesResponse>
      list_moves_allocator_;
  ArenaAllocator<v1::AdjudicateGameRequest, v1::AdjudicateGameResponse>
      adjudicate_allocator_;
  ArenaAllocator<v1::RuleOnRepetitionRequest, v1::RuleOnRepetitionResponse>
      repetition_allocator_;
  ArenaAllocator<v1::GetNaturalLimitStatusRequest,
                 v1::GetNaturalLimitStatusResponse>
      limit_allocator_;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_ADJUDICATION_SERVICE_H_
