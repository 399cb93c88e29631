// Game dispatch of the unary RPCs (see adjudication_handlers.h).
#include "services/adjudication_handlers.h"

#include "absl/strings/str_cat.h"
#include "services/gomoku_handlers.h"
#include "services/xiangqi_adjudication.h"
#include "services/xiangqi_moves.h"

namespace caipan::services {
namespace {

absl::Status NoGame() {
  return absl::InvalidArgumentError("game: set xiangqi or gomoku");
}

}  // namespace

absl::Status HandleCheckMove(const v1::CheckMoveRequest& request,
                             const ServiceOptions& options,
                             const CallControl& control,
                             v1::CheckMoveResponse* response) {
  switch (request.game_case()) {
    case v1::CheckMoveRequest::kXiangqi:
      return XiangqiCheckMove(request, options, response);
    case v1::CheckMoveRequest::kGomoku:
      return GomokuCheckMove(request, options, response);
    case v1::CheckMoveRequest::GAME_NOT_SET:
      break;
  }
  return NoGame();
}

absl::Status HandleListMoves(const v1::ListMovesRequest& request,
                             const ServiceOptions& options,
                             const CallControl& control,
                             v1::ListMovesResponse* response) {
  switch (request.game_case()) {
    case v1::ListMovesRequest::kXiangqi:
      return XiangqiListMoves(request, options, response);
    case v1::ListMovesRequest::kGomoku:
      return GomokuListMoves(request, options, response);
    case v1::ListMovesRequest::GAME_NOT_SET:
      break;
  }
  return NoGame();
}

absl::Status HandleAdjudicateGame(const v1::AdjudicateGameRequest& request,
                                  const ServiceOptions& options,
                                  const CallControl& control,
                                  v1::AdjudicateGameResponse* response) {
  switch (request.game_case()) {
    case v1::AdjudicateGameRequest::kXiangqi:
    case v1::AdjudicateGameRequest::kXiangqiRecord:
      return XiangqiAdjudicateGame(request, options, control, response);
    case v1::AdjudicateGameRequest::kGomoku:
      return GomokuAdjudicateGame(request, options, response);
    case v1::AdjudicateGameRequest::GAME_NOT_SET:
      break;
  }
  return absl::InvalidArgumentError(
      "game: set xiangqi, xiangqi_record or gomoku");
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
