// Gomoku's GameKindPlugin (declared with every game in game_kinds.h): its
// field, sides, size checks and handlers.
#include "absl/strings/str_cat.h"
#include "caipan/v1/gomoku.pb.h"
#include "engine/common/status_macros.h"
#include "rpc/gomoku_action_convert.h"
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

void LiveStart(const v1::Game& game, v1::PlayGameStart* start) {
  start->mutable_gomoku();
  *start->mutable_gomoku_rules() = game.gomoku_rules();
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
      .live_start = LiveStart,
      .submitted_move = SubmittedMove,
  };
  return *kPlugin;
}

}  // namespace caipan::services
