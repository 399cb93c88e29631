// The AdjudicationService's unary RPCs as plain functions of request and
// response, dispatching on the game: testable without gRPC, and called by the
// callback service.
#ifndef CAIPAN_SERVICES_ADJUDICATION_HANDLERS_H_
#define CAIPAN_SERVICES_ADJUDICATION_HANDLERS_H_

#include "absl/status/status.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "services/call_control.h"
#include "services/service_options.h"

namespace caipan::services {

absl::Status HandleCheckMove(const v1::CheckMoveRequest& request,
                             const ServiceOptions& options,
                             const CallControl& control,
                             v1::CheckMoveResponse* response);
absl::Status HandleListMoves(const v1::ListMovesRequest& request,
                             const ServiceOptions& options,
                             const CallControl& control,
                             v1::ListMovesResponse* response);
absl::Status HandleAdjudicateGame(const v1::AdjudicateGameRequest& request,
                                  const ServiceOptions& options,
                                  const CallControl& control,
                                  v1::AdjudicateGameResponse* response);
absl::Status HandleRuleOnRepetition(const v1::RuleOnRepetitionRequest& request,
                                    const ServiceOptions& options,
                                    const CallControl& control,
                                    v1::RuleOnRepetitionResponse* response);
absl::Status HandleGetNaturalLimitStatus(
    const v1::GetNaturalLimitStatusRequest& request,
    const ServiceOptions& options, const CallControl& control,
    v1::GetNaturalLimitStatusResponse* response);

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_ADJUDICATION_HANDLERS_H_
