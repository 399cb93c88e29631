// The forbidden map kept up to date stone by stone: a pattern board keeps each
// point's four line patterns, and only the points whose windows a stone
// touches are reclassified, plus the few whose answer came from the recursive
// three test (it can look beyond their windows).
#ifndef CAIPAN_ENGINE_GOMOKU_FORBIDDEN_TRACKER_H_
#define CAIPAN_ENGINE_GOMOKU_FORBIDDEN_TRACKER_H_

#include <array>
#include <cstdint>

#include "engine/gomoku/board.h"
#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/pattern_board.h"
#include "engine/gomoku/types.h"

namespace caipan::gomoku {

class ForbiddenTracker {
 public:
  ForbiddenTracker() : ForbiddenTracker(Board()) {}
  explicit ForbiddenTracker(const Board& board);

  // Puts a stone on an empty point / takes one off, updating the map.
  void Place(Point p, Color c);
  void Remove(Point p);

  const Board& board() const { return patterns_.board(); }
  const ForbiddenMap& map() const { return map_; }
  PointKind At(Point p) const { return map_[p.index()]; }

 private:
  // Marks p and the points whose windows contain it for reclassifying.
  void TouchLinesThrough(Point p);
  void Reclassify(int index);
  void Update(Point p);

  PatternBoard patterns_;
  ForbiddenMap map_{};
  // Point sets as 64-bit words: points to reclassify, and points whose
  // answer came from recursion.
  static constexpr int kWords = (kNumPoints + 63) / 64;
  uint64_t dirty_[kWords] = {};
  uint64_t deep_[kWords] = {};
};

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_FORBIDDEN_TRACKER_H_
