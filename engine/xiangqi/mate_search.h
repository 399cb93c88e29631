// Small mate searches used to classify moves: mate next move, and mate by a
// forced sequence of checks (the rulebook's 杀: "将死 by 将军 or 连续将军").
#ifndef CAIPAN_ENGINE_XIANGQI_MATE_SEARCH_H_
#define CAIPAN_ENGINE_XIANGQI_MATE_SEARCH_H_

#include "engine/xiangqi/position.h"

namespace caipan::xiangqi {

// True if the side to move can checkmate within `depth` of its own moves, every
// one of them a check (so stalemate threats never count). depth 1 = mate in
// one. `pos` is restored.
bool HasCheckingMate(Position& pos, int depth);

// True if the side to move has a move that checkmates at once. `pos` is
// restored.
inline bool HasMateInOne(Position& pos) { return HasCheckingMate(pos, 1); }

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_MATE_SEARCH_H_
