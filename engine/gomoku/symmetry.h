// The eight symmetries of the board (rotations and mirrors about h8), and the
// symmetries that map a position onto itself.
#ifndef CAIPAN_ENGINE_GOMOKU_SYMMETRY_H_
#define CAIPAN_ENGINE_GOMOKU_SYMMETRY_H_

#include <cstdint>

#include "engine/gomoku/board.h"
#include "engine/gomoku/types.h"

namespace caipan::gomoku {

inline constexpr int kNumSymmetries = 8;

// Symmetry s (0..7): mirror left-right if s is odd, then rotate
// counter-clockwise by (s / 2) quarter turns, about the centre h8.
// Symmetry 0 is the identity.
constexpr Point ApplySymmetry(int s, Point p) {
  int dx = p.col - kCentre.col;
  int dy = p.row - kCentre.row;
  if (s & 1) dx = -dx;
  for (int r = 0; r < (s >> 1); ++r) {
    const int t = dx;
    dx = -dy;
    dy = t;
  }
  return Point{static_cast<int8_t>(kCentre.col + dx),
               static_cast<int8_t>(kCentre.row + dy)};
}

// Bit s set if symmetry s maps every stone onto a stone of the same colour.
uint8_t PositionSymmetries(const Board& board);

// True if some symmetry in `symmetries` maps a onto b.
bool EquivalentUnder(uint8_t symmetries, Point a, Point b);

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_SYMMETRY_H_
