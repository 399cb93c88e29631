// A claim a player makes during a game (a draw by repetition or the natural
// limit, or a ruling on a forbidden cycle): read from records, given to the
// adjudicator in claim mode.
#ifndef CAIPAN_ENGINE_XIANGQI_CLAIM_H_
#define CAIPAN_ENGINE_XIANGQI_CLAIM_H_

#include <optional>

#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// Made after `ply` moves (0 = before the first), by `side`, or by the side to
// move then (a player claims in its own time) when unset.
struct Claim {
  int ply = 0;
  std::optional<Color> side;

  friend bool operator==(const Claim&, const Claim&) = default;
};

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_CLAIM_H_
