// Self-symmetries of positions.
#include "engine/gomoku/symmetry.h"

namespace caipan::gomoku {

uint8_t PositionSymmetries(const Board& board) {
  uint8_t mask = 0;
  for (int s = 0; s < kNumSymmetries; ++s) {
    bool same = true;
    for (int i = 0; i < kNumPoints && same; ++i) {
      const Point p = Point::FromIndex(i);
      if (board.At(p) == Stone::kEmpty) continue;
      same = board.At(ApplySymmetry(s, p)) == board.At(p);
    }
    if (same) mask |= 1 << s;
  }
  return mask;
}

bool EquivalentUnder(uint8_t symmetries, Point a, Point b) {
  for (int s = 0; s < kNumSymmetries; ++s) {
    if ((symmetries & (1 << s)) && ApplySymmetry(s, a) == b) return true;
  }
  return false;
}

}  // namespace caipan::gomoku
