// Xiangqi AdjudicateGame, RuleOnRepetition and GetNaturalLimitStatus.
#ifndef CAIPAN_SERVICES_XIANGQI_ADJUDICATION_H_
#define CAIPAN_SERVICES_XIANGQI_ADJUDICATION_H_

#include "absl/status/status.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "services/call_control.h"
#include "services/service_options.h"

namespace caipan::services {

// Stops with the call's status when `control` says the call is over.
absl::Status XiangqiAdjudicateGame(const v1::AdjudicateGameRequest& request,
                                   const ServiceOptions& options,
                                   const CallControl& control,
                                   v1::AdjudicateGameResponse* response);

absl::Status XiangqiRuleOnRepetition(const v1::RuleOnRepetitionRequest& request,
                                     const ServiceOptions& options,
                                     v1::RuleOnRepetitionResponse* response);

absl::Status XiangqiGetNaturalLimitStatus(
    const v1::GetNaturalLimitStatusRequest& request,
    const ServiceOptions& options, v1::GetNaturalLimitStatusResponse* response);

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_XIANGQI_ADJUDICATION_H_
