// Gomoku's GameKindPlugin (declared with every game in game_kinds.h): its
// field, sides, size checks and handlers.
#include <memory>

#include "absl/strings/str_cat.h"
#include "caipan/v1/gomoku.pb.h"
#include "domain/gomoku_board.h"
#include "engine/common/status_macros.h"
#include "rpc/gomoku_action_convert.h"
#include "rpc/gomoku_convert.h"
#include "services/game_kinds.h"
#include "services/gomoku_handlers.h"
#include "services/gomoku_session.h"
#include "services/request_limits.h"

namespace caipan::services {
namespace {

// The history (as moves or typed actions) and the opening's fifth-move
// offers.
absl::Status CheckPositionLimits(const v1::GomokuPosition& position,
                                 absl::string_view field,
                                 const ServiceOptions& options) {
  CAIPAN_RETURN_IF_ERROR(CheckMovesLimit(position.moves(),
                                         absl::StrCat(field, ".moves"),
                                         options.max_history_plies));
  const std::string actions_field = absl::StrCat(field, ".actions");
  if (position.actions_size() > options.max_history_plies) {
    return LimitExceeded(actions_field, position.actions_size(),
                         options.max_history_plies, "actions");
  }
  for (int i = 0; i < position.actions_size(); ++i) {
    CAIPAN_RETURN_IF_ERROR(CheckGomokuActionLimits(
        position.actions(i), absl::StrCat(actions_field, "[", i, "]")));
  }
  const auto& offers = position.opening().fifth_move_offers();
  const std::string offers_field =
      absl::StrCat(field, ".opening.fifth_move_offers");
  if (offers.size() > kMaxFifthMoveOffers) {
    return LimitExceeded(offers_field, offers.size(), kMaxFifthMoveOffers,
                         "offers");
  }
  return CheckMovesLimit(offers, offers_field, kMaxFifthMoveOffers);
}

absl::Status CheckGomokuLimits(const google::protobuf::Message& request,
                               const google::protobuf::FieldDescriptor& field,
                               absl::string_view path,
                               const ServiceOptions& options) {
  return CheckPositionLimits(
      static_cast<const v1::GomokuPosition&>(
          request.GetReflection()->GetMessage(request, &field)),
      path, options);
}

absl::Status AdjudicateGame(const v1::AdjudicateGameRequest& request,
                            const ServiceOptions& options,
                            const CallControl& /*control*/,
                            v1::AdjudicateGameResponse* response) {
  return GomokuAdjudicateGame(request, options, response);
}

absl::StatusOr<std::unique_ptr<domain::GameBoard>> StartBoard(
    const v1::Game& game) {
  gomoku::RuleOptions rules;
  CAIPAN_RETURN_IF_ERROR(
      rpc::FromProto(game.gomoku_rules(), "gomoku_rules", &rules));
  // A live game takes its opening decisions explicitly.
  return std::make_unique<domain::GomokuBoard>(
      rules, /*implied_opening_actions=*/false);
}

std::optional<domain::TypedMove> PlaySubmitted(domain::GameBoard* board,
                                               std::string_view text,
                                               Language lang,
                                               v1::MoveCheck* check) {
  gomoku::Action played;
  if (!PlayGomokuMove(static_cast<domain::GomokuBoard*>(board), text, lang,
                      check, &played)) {
    return std::nullopt;
  }
  return played;
}

std::string ExplainVerdict(const domain::GameBoard& board, Language lang) {
  v1::Verdict verdict;
  rpc::GameVerdict(static_cast<const domain::GomokuBoard&>(board).game(),
                   board.plies(), &verdict, lang);
  return verdict.explanation();
}

void DescribeBoard(const domain::GameBoard& board, v1::Game* game) {
  const gomoku::Game& played =
      static_cast<const domain::GomokuBoard&>(board).game();
  if (played.status() != gomoku::GameResult::kOngoing) return;
  rpc::DescribeTurn(played, game->mutable_gomoku_turn());
  AddForbiddenPoints(played, game->mutable_forbidden_points());
}

// A point in `move`, or a `gomoku_action` (swap, the fifth move's
// alternatives, …), as its token.
absl::StatusOr<std::string> SubmittedMove(
    const v1::SubmitMoveRequest& request) {
  return rpc::GomokuRequestedToken(
      request.move(), "move",
      request.has_gomoku_action() ? &request.gomoku_action() : nullptr,
      "gomoku_action");
}

}  // namespace

const GameKindPlugin& GomokuKind() {
  static const auto* const kPlugin = new GameKindPlugin{
      .kind = v1::GAME_KIND_GOMOKU,
      .name = "gomoku",
      .game_fields = {v1::AdjudicateGameRequest::kGomokuFieldNumber},
      .sides = {v1::SIDE_BLACK, v1::SIDE_WHITE},
      .takes_start_fen = false,
      .check_limits = CheckGomokuLimits,
      .check_move = GomokuCheckMove,
      .list_moves = GomokuListMoves,
      .adjudicate_game = AdjudicateGame,
      .start_session = StartGomokuSession,
      .start_board = StartBoard,
      .submitted_move = SubmittedMove,
      .play_submitted = PlaySubmitted,
      .explain_verdict = ExplainVerdict,
      .describe_board = DescribeBoard,
  };
  return *kPlugin;
}

}  // namespace caipan::services
