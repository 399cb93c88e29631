// Material values the repetition rules compare ("a more valuable piece"):
// chariot > horse = cannon > advisor = elephant; a crossed pawn about half a
// horse; king and uncrossed pawns are not material.
#ifndef CAIPAN_ENGINE_XIANGQI_PIECE_VALUE_H_
#define CAIPAN_ENGINE_XIANGQI_PIECE_VALUE_H_

#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// Value of piece `p` standing on `sq`; 0 for a king or an uncrossed pawn.
constexpr int MaterialValue(Piece p, int sq) {
  switch (TypeOf(p)) {
    case PieceType::kChariot:
      return 9;
    case PieceType::kHorse:
    case PieceType::kCannon:
      return 4;
    case PieceType::kAdvisor:
    case PieceType::kElephant:
      return 2;
    case PieceType::kPawn:
      return OnOwnSide(ColorOf(p), sq) ? 0 : 2;
    case PieceType::kKing:
      return 0;
  }
  return 0;
}

// Whether the piece can be chased at all: kings and uncrossed pawns never are.
constexpr bool IsChaseable(Piece p, int sq) {
  return p != kNoPiece && MaterialValue(p, sq) > 0;
}

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_PIECE_VALUE_H_
