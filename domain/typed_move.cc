// Typed moves as text (see typed_move.h).
#include "domain/typed_move.h"

namespace caipan::domain {

std::string MoveText(const TypedMove& move) {
  if (const auto* m = std::get_if<xiangqi::Move>(&move))
    return xiangqi::ToIccs(*m);
  return gomoku::FormatAction(std::get<gomoku::Action>(move));
}

}  // namespace caipan::domain
