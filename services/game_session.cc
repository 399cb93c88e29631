// Picks the session type from the stream's first message (see game_session.h).
#include "services/game_session.h"

#include "rpc/gomoku_action_convert.h"
#include "services/gomoku_session.h"
#include "services/xiangqi_session.h"

namespace caipan::services {

absl::Status GameSession::PlayRequested(const v1::PlayGameRequest& request,
                                        v1::PlayGameResponse* response) {
  if (absl::Status s = rpc::NoGomokuActionForXiangqi(
          request.has_gomoku_action(), "gomoku_action");
      !s.ok()) {
    return s;
  }
  if (request.move().empty()) return absl::InvalidArgumentError("move: empty");
  return Play(request.move(), response);
}

absl::Status GameSession::Claim(const v1::XiangqiClaim& /*claim*/,
                                v1::PlayGameResponse* /*response*/) {
  return absl::InvalidArgumentError("claim: only xiangqi games take claims");
}

absl::StatusOr<std::unique_ptr<GameSession>> StartGameSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response, bool live) {
  switch (start.game_case()) {
    case v1::PlayGameStart::kXiangqi:
      return StartXiangqiSession(start, options, response);
    case v1::PlayGameStart::kGomoku:
      return StartGomokuSession(start, options, response, live);
    case v1::PlayGameStart::GAME_NOT_SET:
      break;
  }
  return absl::InvalidArgumentError("start.game: set xiangqi or gomoku");
}

}  // namespace caipan::services
