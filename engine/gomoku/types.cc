// Names of colours and points.
#include "engine/gomoku/types.h"

namespace caipan::gomoku {

const char* ColorName(Color c) {
  return c == Color::kBlack ? "black" : "white";
}

std::string PointName(Point p) {
  std::string s(1, static_cast<char>('a' + p.col));
  s += std::to_string(p.row + 1);
  return s;
}

}  // namespace caipan::gomoku
