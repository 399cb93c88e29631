// Incremental maintenance of the forbidden map.
#include "engine/gomoku/forbidden_tracker.h"

#include <bit>

namespace caipan::gomoku {

ForbiddenTracker::ForbiddenTracker(const Board& board) : patterns_(board) {
  for (int i = 0; i < kNumPoints; ++i) Reclassify(i);
}

void ForbiddenTracker::Reclassify(int index) {
  const Point p = Point::FromIndex(index);
  map_[index] = patterns_.ClassifyBlack(p);
  const uint64_t bit = uint64_t{1} << (index % 64);
  deep_[index / 64] = patterns_.Verdict(p) == LineVerdict::kThreeTest
                          ? deep_[index / 64] | bit
                          : deep_[index / 64] & ~bit;
}

void ForbiddenTracker::TouchLinesThrough(Point p) {
  for (int d = 0; d < kNumDirections; ++d) {
    for (int k = -kWindowRadius; k <= kWindowRadius; ++k) {
      const int col = p.col + k * kDirCol[d];
      const int row = p.row + k * kDirRow[d];
      if (!Point::OnBoard(col, row)) continue;
      const int q =
          Point{static_cast<int8_t>(col), static_cast<int8_t>(row)}.index();
      dirty_[q / 64] |= uint64_t{1} << (q % 64);
    }
  }
}

void ForbiddenTracker::Update(Point p) {
  TouchLinesThrough(p);
  for (int w = 0; w < kWords; ++w) {
    uint64_t bits = dirty_[w] | deep_[w];
    dirty_[w] = 0;
    while (bits) {
      Reclassify(w * 64 + std::countr_zero(bits));
      bits &= bits - 1;
    }
  }
}

void ForbiddenTracker::Place(Point p, Color c) {
  patterns_.Place(p, c);
  Update(p);
}

void ForbiddenTracker::Remove(Point p) {
  patterns_.Remove(p);
  Update(p);
}

}  // namespace caipan::gomoku
