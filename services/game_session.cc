// Picks the game's session from the stream's first message through the game
// plug-ins (see game_session.h).
#include "services/game_session.h"

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
    v1::PlayGameResponse* response, bool live) {
  const GameKindPlugin* game =
      FindGameKindByField(static_cast<int>(start.game_case()));
  if (game == nullptr) {
    static const auto* const message =
        new std::string("start.game: set " +
                        GameFieldChoices(*v1::PlayGameStart::descriptor()));
    return absl::InvalidArgumentError(*message);
  }
  return game->start_session(start, options, response, live);
}

}  // namespace caipan::services
