// A move as the rules take it: a xiangqi move (two points) or a gomoku action
// (a stone, a pass, an opening decision). Text is read into a typed move once,
// at the edge; games are played, stored and replayed in this form.
#ifndef CAIPAN_DOMAIN_TYPED_MOVE_H_
#define CAIPAN_DOMAIN_TYPED_MOVE_H_

#include <string>
#include <variant>

#include "engine/gomoku/action.h"
#include "engine/xiangqi/types.h"

namespace caipan::domain {

using TypedMove = std::variant<xiangqi::Move, gomoku::Action>;

// The canonical text of a move ("h2e2", "h8", "swap", "propose:i10,j10").
std::string MoveText(const TypedMove& move);

}  // namespace caipan::domain

#endif  // CAIPAN_DOMAIN_TYPED_MOVE_H_
