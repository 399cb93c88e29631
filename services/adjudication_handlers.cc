// Game dispatch of the unary RPCs through the game plug-ins (see
// adjudication_handlers.h).
#include "services/adjudication_handlers.h"

#include "services/game_kinds.h"
#include "services/xiangqi_adjudication.h"

namespace caipan::services {
namespace {

// The error of a request that names no game: "game: set xiangqi or gomoku".
template <typename Request>
absl::Status NoGame() {
  static const auto* const message =
      new std::string("game: set " + GameFieldChoices(*Request::descriptor()));
  return absl::InvalidArgumentError(*message);
}

// The game the request holds, or nullptr when it holds none.
template <typename Request>
const GameKindPlugin* GameOf(const Request& request) {
  return FindGameKindByField(static_cast<int>(request.game_case()));
}

}  // namespace

absl::Status HandleCheckMove(const v1::CheckMoveRequest& request,
                             const ServiceOptions& options,
                             const CallControl& control,
                             v1::CheckMoveResponse* response) {
  const GameKindPlugin* game = GameOf(request);
  if (game == nullptr) return NoGame<v1::CheckMoveRequest>();
  return game->check_move(request, options, response);
}

absl::Status HandleListMoves(const v1::ListMovesRequest& request,
                             const ServiceOptions& options,
                             const CallControl& control,
                             v1::ListMovesResponse* response) {
  const GameKindPlugin* game = GameOf(request);
  if (game == nullptr) return NoGame<v1::ListMovesRequest>();
  return game->list_moves(request, options, response);
}

absl::Status HandleAdjudicateGame(const v1::AdjudicateGameRequest& request,
                                  const ServiceOptions& options,
                                  const CallControl& control,
                                  v1::AdjudicateGameResponse* response) {
  const GameKindPlugin* game = GameOf(request);
  if (game == nullptr) return NoGame<v1::AdjudicateGameRequest>();
  return game->adjudicate_game(request, options, control, response);
}

absl::Status HandleRuleOnRepetition(const v1::RuleOnRepetitionRequest& request,
                                    const ServiceOptions& options,
                                    const CallControl& control,
                                    v1::RuleOnRepetitionResponse* response) {
  if (!request.has_xiangqi())
    return absl::InvalidArgumentError("xiangqi: required");
  return XiangqiRuleOnRepetition(request, options, response);
}

absl::Status HandleGetNaturalLimitStatus(
    const v1::GetNaturalLimitStatusRequest& request,
    const ServiceOptions& options, const CallControl& control,
    v1::GetNaturalLimitStatusResponse* response) {
  if (!request.has_xiangqi()) {
    return absl::InvalidArgumentError("xiangqi: required");
  }
  return XiangqiGetNaturalLimitStatus(request, options, response);
}

}  // namespace caipan::services
