// A direct legality test for one given move (piece rules on the move's own
// squares, then own-king safety), much cheaper than generating every move:
// the adjudicator validates each ply of a record with it.
#ifndef CAIPAN_ENGINE_XIANGQI_MOVE_LEGALITY_H_
#define CAIPAN_ENGINE_XIANGQI_MOVE_LEGALITY_H_

#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// Whether `m` follows the moving piece's rules in `pos` (the side to move's
// piece, target not its own, path/leg/eye/screen as the piece needs), ignoring
// own-king safety.
bool IsPseudoLegalMove(const Position& pos, Move m);

// A cheap necessary condition for move `m` to change whether the king on
// `king` is attacked (so, to give check or to expose one's own king): it lands
// on or leaves the king's rank or file (chariot and cannon lines, cannon
// screens, the facing kings, pawns), lands a horse's jump from the king, or
// leaves one of the king's diagonal neighbours (the legs of every horse check).
bool TouchesKingLines(int king, Move m);

// Before the side to move plays pseudo-legal `m`: false only if the move
// certainly cannot leave its own king attacked, given that king is not in
// check now (a cheaper filter than TouchesKingLines, using where the enemy's
// chariots, cannons, king and horses stand).
bool MayExposeOwnKing(const Position& pos, Move m);

// With `m` just made on `after`: false only if it certainly gave no check.
bool MayHaveGivenCheck(const Position& after, Move m);

// With a pseudo-legal move just made on `pos`: whether the mover's king is
// safe (not attacked, not facing the other king).
bool LeavesOwnKingSafe(Position& pos);

// Same answer as pos.IsLegal(m). `pos` is restored.
bool IsLegalMove(Position& pos, Move m);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_MOVE_LEGALITY_H_
