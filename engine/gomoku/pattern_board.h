// A board that keeps, for every point, black's four line-window codes, their
// line patterns and what those patterns decide, updated stone by stone. A
// forbidden-point query then reads one precomputed verdict, and only the
// rare point with two possible threes runs the recursive three test.
#ifndef CAIPAN_ENGINE_GOMOKU_PATTERN_BOARD_H_
#define CAIPAN_ENGINE_GOMOKU_PATTERN_BOARD_H_

#include <array>
#include <cstdint>

#include "engine/gomoku/board.h"
#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/pattern.h"
#include "engine/gomoku/types.h"

namespace caipan::gomoku {

class PatternBoard {
 public:
  PatternBoard() : PatternBoard(Board()) {}
  explicit PatternBoard(const Board& board);

  // Puts a stone on an empty point / takes one off an occupied point. Each
  // touches the ten windows around the point in each direction: O(40).
  void Place(Point p, Color c);
  void Remove(Point p);

  const Board& board() const { return board_; }

  // Black's pattern at p in direction dir (p treated as black), the same
  // value as BlackPattern(board(), p, dir).
  LinePattern Pattern(Point p, int dir) const {
    return patterns_[p.index()][dir];
  }
  // What the four patterns decide; kNone on an occupied point.
  LineVerdict Verdict(Point p) const { return verdicts_[p.index()]; }

  // The same answer as ClassifyBlackMove on board() for an empty point;
  // kNone on an occupied one. Allocates nothing.
  PointKind ClassifyBlack(Point p) const {
    const LineVerdict v = verdicts_[p.index()];
    return v == LineVerdict::kThreeTest ? ThreeTest(p) : KindOf(v);
  }

 private:
  using Patterns = std::array<LinePattern, kNumDirections>;

  // Adds `weight` times the digit of a cell at p to the windows around p.
  void Touch(Point p, int weight);
  void SetVerdict(int index);
  // The recursive three test at an empty point whose verdict is kThreeTest.
  PointKind ThreeTest(Point p) const;

  Board board_;
  // Base-3 window codes as in WindowCode (black's view).
  std::array<std::array<uint16_t, kNumDirections>, kNumPoints> codes_{};
  std::array<Patterns, kNumPoints> patterns_{};
  std::array<LineVerdict, kNumPoints> verdicts_{};
  const LinePattern* table_;
};

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_PATTERN_BOARD_H_
