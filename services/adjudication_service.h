// AdjudicationService on gRPC's callback API, with every method registered
// raw (bytes in, bytes out) so that the service itself parses requests: a
// malformed body is INVALID_ARGUMENT naming the message, sizes are checked
// before any work, and the call gate (draining, tokens) runs first. Stateless:
// every unary call carries all it needs; a PlayGame stream keeps its own game
// only for the stream's life.
#ifndef CAIPAN_SERVICES_ADJUDICATION_SERVICE_H_
#define CAIPAN_SERVICES_ADJUDICATION_SERVICE_H_

#include <memory>

#include "caipan/v1/adjudication_service.grpc.pb.h"
#include "services/play_stream_registry.h"
#include "services/service_options.h"
#include "services/work_pool.h"

namespace caipan::services {

using RawAdjudicationService =
    v1::AdjudicationService::WithRawCallbackMethod_CheckMove<
        v1::AdjudicationService::WithRawCallbackMethod_ListMoves<
            v1::AdjudicationService::WithRawCallbackMethod_AdjudicateGame<
                v1::AdjudicationService::WithRawCallbackMethod_RuleOnRepetition<
                    v1::AdjudicationService::
                        WithRawCallbackMethod_GetNaturalLimitStatus<
                            v1::AdjudicationService::
                                WithRawCallbackMethod_PlayGame<
                                    v1::AdjudicationService::
                                        WithRawCallbackMethod_Ping<
                                            v1::AdjudicationService::
                                                Service>>>>>>>;

class AdjudicationService final : public RawAdjudicationService {
 public:
  explicit AdjudicationService(ServiceOptions options = {});
  ~AdjudicationService() override;

  grpc::ServerUnaryReactor* CheckMove(grpc::CallbackServerContext* context,
                                      const grpc::ByteBuffer* request,
                                      grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* ListMoves(grpc::CallbackServerContext* context,
                                      const grpc::ByteBuffer* request,
                                      grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* AdjudicateGame(grpc::CallbackServerContext* context,
                                           const grpc::ByteBuffer* request,
                                           grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* RuleOnRepetition(
      grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
      grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* GetNaturalLimitStatus(
      grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
      grpc::ByteBuffer* response) override;
  grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>* PlayGame(
      grpc::CallbackServerContext* context) override;
  grpc::ServerUnaryReactor* Ping(grpc::CallbackServerContext* context,
                                 const grpc::ByteBuffer* request,
                                 grpc::ByteBuffer* response) override;

  // PlayGame streams open now.
  int open_play_streams() const { return streams_->open_streams(); }

 private:
  ServiceOptions options_;
  std::unique_ptr<PlayStreamRegistry> streams_;
  // AdjudicateGame, RuleOnRepetition and GetNaturalLimitStatus replay and
  // judge whole records: they run here, not on gRPC's callback threads.
  std::unique_ptr<WorkPool> long_calls_;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_ADJUDICATION_SERVICE_H_
