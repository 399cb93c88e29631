// Incremental maintenance of the forbidden map.
#include "engine/gomoku/forbidden_tracker.h"

#include <bit>

#include "engine/gomoku/pattern.h"

namespace caipan::gomoku {

ForbiddenTracker::ForbiddenTracker(const Board& board) : board_(board) {
  for (int i = 0; i < kNumPoints; ++i) {
    const Point p = Point::FromIndex(i);
    for (int d = 0; d < kNumDirections; ++d) {
      patterns_[i][d] = BlackPattern(board_, p, d);
    }
    Reclassify(i);
  }
}

void ForbiddenTracker::Reclassify(int index) {
  const Point p = Point::FromIndex(index);
  if (!board_.IsEmpty(p)) {
    map_[index] = PointKind::kNone;
    deep_[index / 64] &= ~(uint64_t{1} << (index % 64));
    return;
  }
  bool recursed;
  map_[index] = ClassifyBlackMoveWithPatterns(
      board_, p, patterns_[index].data(), &recursed);
  const uint64_t bit = uint64_t{1} << (index % 64);
  deep_[index / 64] =
      recursed ? deep_[index / 64] | bit : deep_[index / 64] & ~bit;
}

void ForbiddenTracker::TouchLinesThrough(Point p) {
  for (int d = 0; d < kNumDirections; ++d) {
    for (int k = -kWindowRadius; k <= kWindowRadius; ++k) {
      const int col = p.col + k * kDirCol[d];
      const int row = p.row + k * kDirRow[d];
      if (!Point::OnBoard(col, row)) continue;
      const Point q{static_cast<int8_t>(col), static_cast<int8_t>(row)};
      patterns_[q.index()][d] = BlackPattern(board_, q, d);
      dirty_[q.index() / 64] |= uint64_t{1} << (q.index() % 64);
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
  board_.Place(p, c);
  Update(p);
}

void ForbiddenTracker::Remove(Point p) {
  board_.Remove(p);
  Update(p);
}

}  // namespace caipan::gomoku
