// A plain reference for black's forbidden points, written straight from the
// rule definitions (no bit rows, no tables), and a random clustered position
// generator; shared by the cross-check tests.
#ifndef CAIPAN_TESTS_ENGINE_GOMOKU_REFERENCE_FORBIDDEN_H_
#define CAIPAN_TESTS_ENGINE_GOMOKU_REFERENCE_FORBIDDEN_H_

#include <cmath>
#include <random>
#include <vector>

#include "engine/gomoku/board.h"
#include "engine/gomoku/forbidden.h"

namespace caipan::gomoku::testing {

// The reference board: 0 empty, 1 black, 2 white.
struct Ref {
  int cell[kBoardSize][kBoardSize] = {};

  bool In(int x, int y) const {
    return x >= 0 && y >= 0 && x < kBoardSize && y < kBoardSize;
  }
  bool Black(int x, int y) const { return In(x, y) && cell[x][y] == 1; }
  bool Empty(int x, int y) const { return In(x, y) && cell[x][y] == 0; }

  // Black row through (x, y) along d: its length and first cell offset.
  int Run(int x, int y, int d, int* first) const {
    int lo = 0, hi = 0;
    while (Black(x + (lo - 1) * kDirCol[d], y + (lo - 1) * kDirRow[d])) --lo;
    while (Black(x + (hi + 1) * kDirCol[d], y + (hi + 1) * kDirRow[d])) ++hi;
    if (first) *first = lo;
    return hi - lo + 1;
  }

  // Five points for the line through black (x, y) along d: empty points
  // whose stone makes an exact five containing (x, y). Returns their offsets.
  std::vector<int> FivePoints(int x, int y, int d) {
    std::vector<int> out;
    for (int k = -4; k <= 4; ++k) {
      const int qx = x + k * kDirCol[d], qy = y + k * kDirRow[d];
      if (k == 0 || !Empty(qx, qy)) continue;
      cell[qx][qy] = 1;
      int first;
      const int run = Run(qx, qy, d, &first);
      // The run through q contains (x, y) if (x, y) lies within it.
      const int rel = -k;  // offset of (x, y) from q
      if (run == 5 && rel >= first && rel < first + run) out.push_back(k);
      cell[qx][qy] = 0;
    }
    return out;
  }

  int Fours(int x, int y, int d) {
    std::vector<int> f = FivePoints(x, y, d);
    if (f.size() == 2 && f[1] - f[0] == 5) return 1;
    return static_cast<int>(f.size());
  }

  // With (x, y) and (qx, qy) black: is the row through (x, y) exactly four
  // long with both ends making exact fives?
  bool StraightFour(int x, int y, int d) {
    int first;
    if (Run(x, y, d, &first) != 4) return false;
    for (int end : {first - 1, first + 4}) {
      const int ex = x + end * kDirCol[d], ey = y + end * kDirRow[d];
      if (!Empty(ex, ey)) return false;
      cell[ex][ey] = 1;
      const int run = Run(ex, ey, d, nullptr);
      cell[ex][ey] = 0;
      if (run != 5) return false;
    }
    return true;
  }

  PointKind Classify(int x, int y) {
    cell[x][y] = 1;
    PointKind result = PointKind::kNone;
    bool five = false, overline = false;
    for (int d = 0; d < kNumDirections; ++d) {
      const int run = Run(x, y, d, nullptr);
      five = five || run == 5;
      overline = overline || run >= 6;
    }
    if (five) {
      result = PointKind::kFive;
    } else if (overline) {
      result = PointKind::kOverline;
    } else {
      int fours = 0, threes = 0;
      for (int d = 0; d < kNumDirections; ++d) fours += Fours(x, y, d);
      if (fours >= 2) {
        result = PointKind::kDoubleFour;
      } else {
        for (int d = 0; d < kNumDirections; ++d) {
          if (Fours(x, y, d) > 0) continue;
          bool three = false;
          for (int k = -4; k <= 4 && !three; ++k) {
            const int qx = x + k * kDirCol[d], qy = y + k * kDirRow[d];
            if (k == 0 || !Empty(qx, qy)) continue;
            cell[qx][qy] = 1;
            const bool straight = StraightFour(x, y, d);
            cell[qx][qy] = 0;
            three = straight && Classify(qx, qy) == PointKind::kNone;
          }
          threes += three;
        }
        if (threes >= 2) result = PointKind::kDoubleThree;
      }
    }
    cell[x][y] = 0;
    return result;
  }
};

inline Board RandomPosition(std::mt19937& rng, int stones, double black_share,
                            double sigma, Ref* ref) {
  Board board;
  std::normal_distribution<double> pos(7.0, sigma);
  std::uniform_real_distribution<double> coin(0, 1);
  int placed = 0;
  while (placed < stones) {
    const int x = static_cast<int>(std::lround(pos(rng)));
    const int y = static_cast<int>(std::lround(pos(rng)));
    if (!Point::OnBoard(x, y)) continue;
    const Point p{static_cast<int8_t>(x), static_cast<int8_t>(y)};
    if (!board.IsEmpty(p)) continue;
    const bool black = coin(rng) < black_share;
    board.Place(p, black ? Color::kBlack : Color::kWhite);
    ref->cell[x][y] = black ? 1 : 2;
    ++placed;
  }
  return board;
}

}  // namespace caipan::gomoku::testing

#endif  // CAIPAN_TESTS_ENGINE_GOMOKU_REFERENCE_FORBIDDEN_H_
