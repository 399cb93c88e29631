// Window-code upkeep of the pattern board and its forbidden-point query.
#include "engine/gomoku/pattern_board.h"

#include <algorithm>
#include <array>
#include <optional>

namespace caipan::gomoku {
namespace {

// Step between neighbouring points of a direction, in point indices.
constexpr int kIndexStep[kNumDirections] = {
    kDirRow[0] * kBoardSize + kDirCol[0], kDirRow[1] * kBoardSize + kDirCol[1],
    kDirRow[2] * kBoardSize + kDirCol[2], kDirRow[3] * kBoardSize + kDirCol[3]};

// Weight in a window code of the cell at offset o (-5..5, not 0) from the
// window's centre: digit o + 5 below the centre, o + 4 above (see
// WindowCode).
constexpr int CellWeight(int o) {
  int w = 1;
  for (int i = 0; i < (o < 0 ? o + kWindowRadius : o + kWindowRadius - 1);
       ++i) {
    w *= 3;
  }
  return w;
}

// Weight, in the code of the window centred k steps from a point (index
// k + 5), of that point: it sits at offset -k there.
constexpr std::array<int, 2 * kWindowRadius + 1> kWeightSeenFrom = [] {
  std::array<int, 2 * kWindowRadius + 1> t{};
  for (int k = -kWindowRadius; k <= kWindowRadius; ++k) {
    t[k + kWindowRadius] = k == 0 ? 0 : CellWeight(-k);
  }
  return t;
}();

// How many steps from (col, row) stay on the board going one way along a
// direction, by the signs of its column and row steps.
constexpr int StepsLeft(int col, int row, int dc, int dr) {
  int n = kBoardSize;
  if (dc > 0) n = std::min(n, kBoardSize - 1 - col);
  if (dc < 0) n = std::min(n, col);
  if (dr > 0) n = std::min(n, kBoardSize - 1 - row);
  if (dr < 0) n = std::min(n, row);
  return n;
}

// A stone's digit in black's window codes: own 1, blocked 2.
constexpr int DigitOf(Color c) { return c == Color::kBlack ? 1 : 2; }

}  // namespace

PatternBoard::PatternBoard(const Board& board)
    : board_(board), table_(BlackPatternTable().data()) {
  const uint16_t* b2t = BinaryToTernary().data();
  for (int i = 0; i < kNumPoints; ++i) {
    for (int d = 0; d < kNumDirections; ++d) {
      codes_[i][d] = static_cast<uint16_t>(
          WindowCode(board_, Point::FromIndex(i), d, Color::kBlack, b2t));
      patterns_[i][d] = table_[codes_[i][d]];
    }
    SetVerdict(i);
  }
}

void PatternBoard::SetVerdict(int index) {
  verdicts_[index] = board_.IsEmpty(Point::FromIndex(index))
                         ? VerdictFromPatterns(patterns_[index].data())
                         : LineVerdict::kNone;
}

void PatternBoard::Touch(Point p, int weight) {
  const int index = p.index();
  for (int d = 0; d < kNumDirections; ++d) {
    const int ahead = std::min(kWindowRadius,
                               StepsLeft(p.col, p.row, kDirCol[d], kDirRow[d]));
    const int behind = std::min(
        kWindowRadius, StepsLeft(p.col, p.row, -kDirCol[d], -kDirRow[d]));
    for (int k = -behind; k <= ahead; ++k) {
      if (k == 0) continue;
      // The point k steps along sees p at offset -k.
      const int q = index + k * kIndexStep[d];
      codes_[q][d] = static_cast<uint16_t>(
          codes_[q][d] + weight * kWeightSeenFrom[k + kWindowRadius]);
      patterns_[q][d] = table_[codes_[q][d]];
      SetVerdict(q);
    }
  }
}

void PatternBoard::Place(Point p, Color c) {
  board_.Place(p, c);
  Touch(p, DigitOf(c));
  verdicts_[p.index()] = LineVerdict::kNone;
}

void PatternBoard::Remove(Point p) {
  const Stone s = board_.At(p);
  if (s == Stone::kEmpty) return;
  board_.Remove(p);
  Touch(p, -DigitOf(s == Stone::kBlack ? Color::kBlack : Color::kWhite));
  SetVerdict(p.index());
}

PointKind PatternBoard::ThreeTest(Point p) const {
  // Made only if some straight-four point needs a deeper test than its own
  // patterns give: the plain board with p played.
  std::optional<Board> scratch;
  const auto four_point_is_free = [&](Point q, int dir, int offset) {
    // With p black, only q's window along dir changes: p sits at -offset.
    Patterns qe = patterns_[q.index()];
    qe[dir] = table_[codes_[q.index()][dir] +
                     kWeightSeenFrom[offset + kWindowRadius]];
    const LineVerdict v = VerdictFromPatterns(qe.data());
    if (v != LineVerdict::kThreeTest) return v == LineVerdict::kNone;
    if (!scratch) {
      scratch.emplace(board_);
      scratch->Place(p, Color::kBlack);
    }
    bool recursed;
    return ClassifyBlackMoveWithPatterns(*scratch, q, qe.data(), &recursed) ==
           PointKind::kNone;
  };
  return MakesDoubleThree(p, patterns_[p.index()].data(), four_point_is_free)
             ? PointKind::kDoubleThree
             : PointKind::kNone;
}

}  // namespace caipan::gomoku
