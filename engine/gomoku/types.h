// Basic gomoku vocabulary: colours, points on the 15x15 board and line
// directions.
#ifndef CAIPAN_ENGINE_GOMOKU_TYPES_H_
#define CAIPAN_ENGINE_GOMOKU_TYPES_H_

#include <cstdint>
#include <string>

namespace caipan::gomoku {

inline constexpr int kBoardSize = 15;
inline constexpr int kNumPoints = kBoardSize * kBoardSize;

enum class Color : uint8_t { kBlack = 0, kWhite = 1 };
constexpr Color Opponent(Color c) {
  return c == Color::kBlack ? Color::kWhite : Color::kBlack;
}
constexpr int Index(Color c) { return static_cast<int>(c); }
// "black" / "white".
const char* ColorName(Color c);

// A point of the board: col 0 = 'a' (left), row 0 = '1' (bottom). The index
// row * 15 + col orders points by row, then column.
struct Point {
  int8_t col = 0;
  int8_t row = 0;

  constexpr int index() const { return row * kBoardSize + col; }
  static constexpr Point FromIndex(int index) {
    return Point{static_cast<int8_t>(index % kBoardSize),
                 static_cast<int8_t>(index / kBoardSize)};
  }
  static constexpr bool OnBoard(int col, int row) {
    return col >= 0 && col < kBoardSize && row >= 0 && row < kBoardSize;
  }
  friend constexpr bool operator==(Point a, Point b) = default;
};

inline constexpr Point kCentre{7, 7};

// The four line directions: horizontal, vertical, diagonal (up-right) and
// anti-diagonal (down-right).
inline constexpr int kNumDirections = 4;
inline constexpr int kDirCol[kNumDirections] = {1, 0, 1, 1};
inline constexpr int kDirRow[kNumDirections] = {0, 1, 1, -1};

// "h8"-style name of a point.
std::string PointName(Point p);

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_TYPES_H_
