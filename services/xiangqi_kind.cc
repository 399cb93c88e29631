// Xiangqi's GameKindPlugin: its fields, sides and handlers (see
// xiangqi_kind.h and game_kinds.h).
#include "services/xiangqi_kind.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "domain/xiangqi_board.h"
#include "engine/common/status_macros.h"
#include "rpc/gomoku_action_convert.h"
#include "rpc/xiangqi_convert.h"
#include "rpc/xiangqi_rules_convert.h"
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

absl::StatusOr<std::unique_ptr<domain::GameBoard>> StartBoard(
    const v1::Game& game) {
  xiangqi::RuleOptions rules;
  CAIPAN_RETURN_IF_ERROR(
      rpc::FromProto(game.xiangqi_rules(), "xiangqi_rules", &rules));
  absl::StatusOr<xiangqi::Position> start = xiangqi::Position::FromFen(
      game.start_fen().empty() ? "startpos" : game.start_fen());
  if (!start.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("start_fen: ", start.status().message()));
  }
  return std::make_unique<domain::XiangqiBoard>(*start, rules);
}

std::optional<domain::TypedMove> PlaySubmitted(domain::GameBoard* board,
                                               std::string_view text,
                                               Language lang,
                                               v1::MoveCheck* check) {
  xiangqi::Move played;
  if (!CheckAndPlayXiangqiMove(static_cast<domain::XiangqiBoard*>(board), text,
                               v1::NOTATION_UNSPECIFIED, lang, check,
                               &played)) {
    return std::nullopt;
  }
  return played;
}

std::string ExplainVerdict(const domain::GameBoard& board, Language lang) {
  const auto& xiangqi_board = static_cast<const domain::XiangqiBoard&>(board);
  v1::Verdict verdict;
  rpc::ToProto(xiangqi_board.Current(), xiangqi_board.first_mover(), &verdict,
               lang);
  return verdict.explanation();
}

void DescribeBoard(const domain::GameBoard& board, v1::Game* game) {
  xiangqi::MoveList moves;
  static_cast<const domain::XiangqiBoard&>(board).LegalMoves(&moves);
  google::protobuf::RepeatedField<uint32_t>& codes =
      *game->mutable_legal_move_codes();
  codes.Reserve(static_cast<int>(moves.size()));
  for (xiangqi::Move m : moves) codes.Add(rpc::XiangqiMoveCode(m));
  std::sort(codes.begin(), codes.end());
}

absl::StatusOr<std::string> SubmittedMove(
    const v1::SubmitMoveRequest& request) {
  CAIPAN_RETURN_IF_ERROR(rpc::NoGomokuActionForXiangqi(
      request.has_gomoku_action(), "gomoku_action"));
  if (request.move().empty())
    return absl::InvalidArgumentError("move: required");
  return request.move();
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
      .start_session = StartXiangqiSession,
      .start_board = StartBoard,
      .submitted_move = SubmittedMove,
      .play_submitted = PlaySubmitted,
      .explain_verdict = ExplainVerdict,
      .describe_board = DescribeBoard,
  };
  return *kPlugin;
}

}  // namespace caipan::services
