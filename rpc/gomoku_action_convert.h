// Typed gomoku actions (caipan.v1.GomokuAction) and the engine's actions: the
// token text a typed action stands for, the typed form of an engine action, the
// one action a move request names, and where the protocol stands.
#ifndef CAIPAN_RPC_GOMOKU_ACTION_CONVERT_H_
#define CAIPAN_RPC_GOMOKU_ACTION_CONVERT_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "caipan/v1/gomoku.pb.h"
#include "engine/gomoku/action.h"
#include "engine/gomoku/game.h"

namespace caipan::rpc {

// The token a typed action stands for ("h8", "pass", "propose:i10,j10", ...),
// as gomoku::ParseAction reads it. A point that is no point stays as written,
// for the game to refuse as unparseable. Errors (InvalidArgument, naming
// `field`): no action set, a proposal without candidates, a point holding a
// separator (',', ':' or a space), which would change what the token says.
absl::StatusOr<std::string> GomokuActionToken(const v1::GomokuAction& action,
                                              absl::string_view field);

// The typed form of an engine action (an off-board point as written).
void ToProto(const gomoku::Action& action, v1::GomokuAction* proto);

// The token of the one action a gomoku move request names: `move`, which must
// be a point (passes and opening decisions are not points), or `typed` (any
// action; nullptr when the request has none). Errors name the fields.
absl::StatusOr<std::string> GomokuRequestedToken(std::string_view move,
                                                 absl::string_view move_field,
                                                 const v1::GomokuAction* typed,
                                                 absl::string_view typed_field);

// For clients that take one text from their users: whether `text` is a gomoku
// action other than a stone ("swap", "propose:i10,j10", ...), filling
// `action` with its typed form when it is. Xiangqi moves never are.
bool TypedGomokuActionOf(std::string_view text, v1::GomokuAction* action);

// Refuses a typed gomoku action in a xiangqi request (InvalidArgument naming
// `typed_field`).
absl::Status NoGomokuActionForXiangqi(bool has_typed,
                                      absl::string_view typed_field);

v1::GomokuPhase ToProto(gomoku::Phase phase);

// Where `game` stands in the protocol and what is due next.
void DescribeTurn(const gomoku::Game& game, v1::GomokuTurn* turn);

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_GOMOKU_ACTION_CONVERT_H_
