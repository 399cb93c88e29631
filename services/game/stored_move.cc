// Typed moves in the event log (see stored_move.h).
#include "services/game/stored_move.h"

#include <optional>
#include <string>
#include <variant>

#include "absl/strings/str_cat.h"
#include "engine/gomoku/action.h"
#include "engine/xiangqi/notation.h"
#include "rpc/gomoku_action_convert.h"
#include "rpc/xiangqi_convert.h"

namespace caipan::services::game {

void StoreTypedMove(const domain::TypedMove& move, v1::MovePlayed* played) {
  if (const auto* m = std::get_if<xiangqi::Move>(&move)) {
    played->set_xiangqi_move_code(rpc::XiangqiMoveCode(*m));
  } else {
    rpc::ToProto(std::get<gomoku::Action>(move),
                 played->mutable_gomoku_action());
  }
}

absl::StatusOr<domain::TypedMove> ReadStoredMove(const v1::MovePlayed& played,
                                                 v1::GameKind kind) {
  const auto unreadable = [&](absl::string_view why) {
    return absl::DataLossError(absl::StrCat("stored move at ply ",
                                            played.at_ply() + 1, " (",
                                            played.move(), "): ", why));
  };
  if (kind == v1::GAME_KIND_XIANGQI) {
    std::optional<xiangqi::Move> move =
        played.xiangqi_move_code() != 0
            ? rpc::DecodeXiangqiMoveCode(played.xiangqi_move_code())
            : xiangqi::ReadIccsCoordinates(played.move());
    if (!move) return unreadable("not a xiangqi move");
    return *move;
  }
  std::string token = played.move();
  if (played.has_gomoku_action()) {
    absl::StatusOr<std::string> typed =
        rpc::GomokuActionToken(played.gomoku_action(), "gomoku_action");
    if (!typed.ok()) return unreadable(typed.status().message());
    token = *std::move(typed);
  }
  absl::StatusOr<gomoku::Action> action = gomoku::ParseAction(token);
  if (!action.ok()) return unreadable(action.status().message());
  return *std::move(action);
}

}  // namespace caipan::services::game
