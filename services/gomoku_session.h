// A PlayGame session for gomoku.
#ifndef CAIPAN_SERVICES_GOMOKU_SESSION_H_
#define CAIPAN_SERVICES_GOMOKU_SESSION_H_

#include <memory>

#include "absl/status/statusor.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "services/game_session.h"
#include "services/service_options.h"

namespace caipan::services {

absl::StatusOr<std::unique_ptr<GameSession>> StartGomokuSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response);

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_GOMOKU_SESSION_H_
