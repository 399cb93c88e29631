// Picks the game's session from the stream's first message through the game
// plug-ins, and hands each later message to it (see game_session.h).
#include "services/game_session.h"

#include <utility>

#include "engine/common/status_macros.h"
#include "rpc/gomoku_action_convert.h"
#include "services/game_kinds.h"

namespace caipan::services {

absl::Status GameSession::PlayRequested(const v1::PlayGameRequest& request,
                                        v1::PlayGameResponse* response) {
  CAIPAN_RETURN_IF_ERROR(rpc::NoGomokuActionForXiangqi(
      request.has_gomoku_action(), "gomoku_action"));
  if (request.move().empty()) return absl::InvalidArgumentError("move: empty");
  return Play(request.move(), response);
}

absl::Status GameSession::Claim(const v1::XiangqiClaim& /*claim*/,
                                v1::PlayGameResponse* /*response*/) {
  return absl::InvalidArgumentError("claim: only xiangqi games take claims");
}

absl::StatusOr<std::unique_ptr<GameSession>> StartGameSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response) {
  const GameKindPlugin* game =
      FindGameKindByField(static_cast<int>(start.game_case()));
  if (game == nullptr) {
    static const auto* const message =
        new std::string("start.game: set " +
                        GameFieldChoices(*v1::PlayGameStart::descriptor()));
    return absl::InvalidArgumentError(*message);
  }
  return game->start_session(start, options, response);
}

absl::Status HandlePlayGameMessage(const v1::PlayGameRequest& request,
                                   const ServiceOptions& options,
                                   std::unique_ptr<GameSession>* session,
                                   v1::PlayGameResponse* response) {
  switch (request.event_case()) {
    case v1::PlayGameRequest::kStart: {
      if (*session != nullptr) {
        return absl::InvalidArgumentError(
            "start: the game has already started");
      }
      absl::StatusOr<std::unique_ptr<GameSession>> started =
          StartGameSession(request.start(), options, response);
      if (!started.ok()) return started.status();
      *session = *std::move(started);
      return absl::OkStatus();
    }
    case v1::PlayGameRequest::kMove:
    case v1::PlayGameRequest::kGomokuAction:
      if (*session == nullptr) {
        return absl::InvalidArgumentError(
            "start: the first message must be a start");
      }
      return (*session)->PlayRequested(request, response);
    case v1::PlayGameRequest::kClaim:
      if (*session == nullptr) {
        return absl::InvalidArgumentError(
            "start: the first message must be a start");
      }
      return (*session)->Claim(request.claim(), response);
    case v1::PlayGameRequest::EVENT_NOT_SET:
      break;
  }
  return absl::InvalidArgumentError(
      "event: set start, move, gomoku_action or claim");
}

}  // namespace caipan::services
