// Xiangqi's GameKindPlugin: its fields, sides and handlers (see
// xiangqi_kind.h and game_kinds.h).
#include "services/xiangqi_kind.h"

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "rpc/gomoku_action_convert.h"
#include "rpc/xiangqi_convert.h"
#include "services/game_kinds.h"
#include "services/request_limits.h"
#include "services/xiangqi_adjudication.h"
#include "services/xiangqi_moves.h"
#include "services/xiangqi_session.h"

namespace caipan::services {
namespace {

// A xiangqi game is a position (field `xiangqi`) or, in AdjudicateGame, a
// record text (`xiangqi_record`), whose size is checked before parsing.
absl::Status CheckXiangqiLimits(const google::protobuf::Message& request,
                                const google::protobuf::FieldDescriptor& field,
                                absl::string_view path,
                                const ServiceOptions& options) {
  const google::protobuf::Reflection& reflection = *request.GetReflection();
  if (field.type() == google::protobuf::FieldDescriptor::TYPE_STRING) {
    std::string scratch;
    return CheckTextLimit(
        reflection.GetStringReference(request, &field, &scratch), path,
        options.max_record_bytes);
  }
  return CheckXiangqiPositionLimits(static_cast<const v1::XiangqiPosition&>(
                                        reflection.GetMessage(request, &field)),
                                    path, options);
}

absl::StatusOr<std::unique_ptr<GameSession>> StartSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response, bool /*live*/) {
  return StartXiangqiSession(start, options, response);
}

void LiveStart(const v1::Game& game, v1::PlayGameStart* start) {
  start->mutable_xiangqi()->set_fen(game.start_fen());
  *start->mutable_xiangqi_rules() = game.xiangqi_rules();
}

absl::StatusOr<std::string> SubmittedMove(
    const v1::SubmitMoveRequest& request) {
  CAIPAN_RETURN_IF_ERROR(rpc::NoGomokuActionForXiangqi(
      request.has_gomoku_action(), "gomoku_action"));
  if (request.move().empty())
    return absl::InvalidArgumentError("move: required");
  return request.move();
}

// The arbiter rules on the claim as on any other (the engine's claim mode):
// the natural limit reached for the claimant, or a repetition no side must
// vary, is a draw; a forbidden cycle is none, its offender must vary.
absl::StatusOr<DrawClaimRuling> RuleOnDrawClaim(
    const v1::Game& game,
    const google::protobuf::RepeatedPtrField<std::string>& moves,
    v1::Side claimant, const ServiceOptions& options) {
  v1::AdjudicateGameRequest request;
  request.mutable_xiangqi()->set_fen(game.start_fen());
  *request.mutable_xiangqi()->mutable_moves() = moves;
  *request.mutable_xiangqi_rules() = game.xiangqi_rules();
  request.mutable_xiangqi_rules()->set_mode(
      v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  v1::XiangqiClaim* claim = request.add_xiangqi_claims();
  claim->set_ply(moves.size());
  claim->set_side(claimant);
  v1::AdjudicateGameResponse judged;
  CAIPAN_RETURN_IF_ERROR(
      XiangqiAdjudicateGame(request, options, CallControl(), &judged));
  const v1::XiangqiClaimRuling* ruling =
      judged.claims_size() > 0 ? &judged.claims(judged.claims_size() - 1)
                               : nullptr;
  using Outcome = v1::XiangqiClaimRuling;
  DrawClaimRuling draw;
  if (ruling != nullptr &&
      ruling->outcome() == Outcome::OUTCOME_NATURAL_LIMIT_DRAW) {
    draw = {true, v1::VERDICT_REASON_NATURAL_LIMIT,
            "natural move limit reached"};
  } else if (ruling != nullptr &&
             ruling->outcome() == Outcome::OUTCOME_REPETITION_DRAW) {
    draw = {true, v1::VERDICT_REASON_REPETITION_DRAW,
            "repetition ruled a draw"};
  } else if (ruling != nullptr &&
             ruling->outcome() == Outcome::OUTCOME_ORDER_TO_VARY) {
    draw.explanation = absl::StrCat("no draw: ", ruling->explanation());
  } else {
    draw.explanation =
        "nothing to claim: no permitted repetition ends the game here and the "
        "natural move limit is not reached for the claimant";
  }
  return draw;
}

}  // namespace

absl::Status CheckXiangqiPositionLimits(const v1::XiangqiPosition& position,
                                        absl::string_view field,
                                        const ServiceOptions& options) {
  CAIPAN_RETURN_IF_ERROR(CheckTextLimit(
      position.fen(), absl::StrCat(field, ".fen"), kMaxFenBytes));
  CAIPAN_RETURN_IF_ERROR(rpc::CheckOneHistoryForm(position, field));
  // Codes are fixed-size: only their count is bounded.
  if (position.move_codes_size() > options.max_history_plies) {
    return LimitExceeded(absl::StrCat(field, ".move_codes"),
                         position.move_codes_size(), options.max_history_plies,
                         "plies");
  }
  return CheckMovesLimit(position.moves(), absl::StrCat(field, ".moves"),
                         options.max_history_plies);
}

const GameKindPlugin& XiangqiKind() {
  static const auto* const kPlugin = new GameKindPlugin{
      .kind = v1::GAME_KIND_XIANGQI,
      .name = "xiangqi",
      .game_fields = {v1::AdjudicateGameRequest::kXiangqiFieldNumber,
                      v1::AdjudicateGameRequest::kXiangqiRecordFieldNumber},
      .sides = {v1::SIDE_RED, v1::SIDE_BLACK},
      .takes_start_fen = true,
      .check_limits = CheckXiangqiLimits,
      .check_move = XiangqiCheckMove,
      .list_moves = XiangqiListMoves,
      .adjudicate_game = XiangqiAdjudicateGame,
      .start_session = StartSession,
      .live_start = LiveStart,
      .submitted_move = SubmittedMove,
      .rule_on_draw_claim = RuleOnDrawClaim,
  };
  return *kPlugin;
}

}  // namespace caipan::services
