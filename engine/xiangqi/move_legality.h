// Cheap filters for checks given: the adjudicator skips the check test after a
// move that cannot have given one, and the mate search skips moves that
// cannot give one.
#ifndef CAIPAN_ENGINE_XIANGQI_MOVE_LEGALITY_H_
#define CAIPAN_ENGINE_XIANGQI_MOVE_LEGALITY_H_

#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// A cheap necessary condition for move `m` to change whether the king on
// `king` is attacked (so, to give check or to expose one's own king): it lands
// on or leaves the king's rank or file (chariot and cannon lines, cannon
// screens, the facing kings, pawns), lands a horse's jump from the king, or
// leaves one of the king's diagonal neighbours (the legs of every horse check).
bool TouchesKingLines(int king, Move m);

// With `m` just made on `after`: false only if it certainly gave no check.
bool MayHaveGivenCheck(const Position& after, Move m);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_MOVE_LEGALITY_H_
