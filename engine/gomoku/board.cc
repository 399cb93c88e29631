// Line tables and stone updates of the bit-row board.
#include "engine/gomoku/board.h"

#include <bit>

namespace caipan::gomoku {
namespace {

// Line number and position along it of a point in each direction. Positions
// are the column for every direction but the vertical one, so a diagonal's
// cells that fall off the board are marked as such in kOffBoard.
constexpr int LineOf(int dir, int col, int row) {
  switch (dir) {
    case 0:
      return row;
    case 1:
      return col;
    case 2:
      return col - row + kBoardSize - 1;
    default:
      return col + row;
  }
}
constexpr int PosOf(int dir, int col, int row) { return dir == 1 ? row : col; }

}  // namespace

Board::LineRefTable Board::BuildLineRefs() {
  LineRefTable t{};
  for (int d = 0; d < kNumDirections; ++d) {
    for (int i = 0; i < kNumPoints; ++i) {
      Point p = Point::FromIndex(i);
      t[d][i] = LineRef{static_cast<uint8_t>(LineOf(d, p.col, p.row)),
                        static_cast<uint8_t>(PosOf(d, p.col, p.row))};
    }
  }
  return t;
}

Board::OffBoardTable Board::BuildOffBoard() {
  OffBoardTable t{};
  for (auto& dir : t) dir.fill(~0u);
  for (int d = 0; d < kNumDirections; ++d) {
    for (int i = 0; i < kNumPoints; ++i) {
      Point p = Point::FromIndex(i);
      t[d][LineOf(d, p.col, p.row)] &=
          ~(1u << (PosOf(d, p.col, p.row) + kWindowRadius));
    }
  }
  return t;
}

const Board::LineRefTable Board::kLineRefs = Board::BuildLineRefs();
const Board::OffBoardTable Board::kOffBoard = Board::BuildOffBoard();

Board::Board() = default;

void Board::Place(Point p, Color c) {
  cells_[p.index()] = StoneOf(c);
  ++counts_[Index(c)];
  for (int d = 0; d < kNumDirections; ++d) {
    const LineRef r = kLineRefs[d][p.index()];
    lines_[Index(c)][d][r.line] |= 1u << (r.pos + kWindowRadius);
  }
}

void Board::Remove(Point p) {
  const Stone s = cells_[p.index()];
  if (s == Stone::kEmpty) return;
  const Color c = s == Stone::kBlack ? Color::kBlack : Color::kWhite;
  cells_[p.index()] = Stone::kEmpty;
  --counts_[Index(c)];
  for (int d = 0; d < kNumDirections; ++d) {
    const LineRef r = kLineRefs[d][p.index()];
    lines_[Index(c)][d][r.line] &= ~(1u << (r.pos + kWindowRadius));
  }
}

int Board::RunThrough(Point p, int dir, Color c) const {
  const LineRef r = kLineRefs[dir][p.index()];
  const uint32_t own =
      lines_[Index(c)][dir][r.line] | (1u << (r.pos + kWindowRadius));
  const int bit = r.pos + kWindowRadius;
  // Ones above the point, then ones below it.
  const int up = std::countr_one(own >> bit);
  const int down = std::countl_one(own << (31 - bit));
  return up + down - 1;
}

}  // namespace caipan::gomoku
