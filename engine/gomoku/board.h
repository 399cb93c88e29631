// The 15x15 board as per-line bit rows: for each colour and each of the four
// directions, one 32-bit word per line, so the cells around a point in any
// direction are a shift and a mask away. Updated incrementally per stone.
#ifndef CAIPAN_ENGINE_GOMOKU_BOARD_H_
#define CAIPAN_ENGINE_GOMOKU_BOARD_H_

#include <array>
#include <cstdint>

#include "engine/gomoku/types.h"

namespace caipan::gomoku {

enum class Stone : uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2 };
constexpr Stone StoneOf(Color c) {
  return c == Color::kBlack ? Stone::kBlack : Stone::kWhite;
}

// Width of a window: the point itself and five cells each side.
inline constexpr int kWindowRadius = 5;
inline constexpr uint32_t kWindowMask = (1u << (2 * kWindowRadius + 1)) - 1;

class Board {
 public:
  Board();

  Stone At(Point p) const { return cells_[p.index()]; }
  bool IsEmpty(Point p) const { return cells_[p.index()] == Stone::kEmpty; }
  int Count(Color c) const { return counts_[Index(c)]; }
  int StoneCount() const { return counts_[0] + counts_[1]; }
  bool Full() const { return StoneCount() == kNumPoints; }

  // Puts a stone on an empty point / takes one off an occupied point.
  void Place(Point p, Color c);
  void Remove(Point p);

  // Cells at offsets -5..+5 from p along direction `dir` as an 11-bit mask
  // (bit k = offset k - 5): stones of colour c, and cells that are blocked
  // for c (the other colour's stones or off the board).
  uint32_t OwnWindow(Point p, int dir, Color c) const {
    const LineRef r = kLineRefs[dir][p.index()];
    return (lines_[Index(c)][dir][r.line] >> r.pos) & kWindowMask;
  }
  uint32_t BlockedWindow(Point p, int dir, Color c) const {
    const LineRef r = kLineRefs[dir][p.index()];
    return ((lines_[Index(Opponent(c))][dir][r.line] |
             kOffBoard[dir][r.line]) >>
            r.pos) &
           kWindowMask;
  }

  // Length of the unbroken row of c-coloured stones through p along `dir`,
  // counting p itself as a c stone (whatever it holds).
  int RunThrough(Point p, int dir, Color c) const;

 private:
  struct LineRef {
    // Which line of the direction.
    uint8_t line;
    // Cell position along the line (its bit is pos + 5)
    uint8_t pos;
  };
  // 29 lines per direction at most (the diagonals).
  static constexpr int kMaxLines = 2 * kBoardSize - 1;
  using LineRefTable =
      std::array<std::array<LineRef, kNumPoints>, kNumDirections>;
  using OffBoardTable =
      std::array<std::array<uint32_t, kMaxLines>, kNumDirections>;
  static const LineRefTable kLineRefs;
  static const OffBoardTable kOffBoard;
  static LineRefTable BuildLineRefs();
  static OffBoardTable BuildOffBoard();

  uint32_t lines_[2][kNumDirections][kMaxLines] = {};
  std::array<Stone, kNumPoints> cells_ = {};
  int counts_[2] = {0, 0};
};

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_BOARD_H_
