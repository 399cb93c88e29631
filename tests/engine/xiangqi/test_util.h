// Small helpers for xiangqi engine tests.
#ifndef CAIPAN_TESTS_ENGINE_XIANGQI_TEST_UTIL_H_
#define CAIPAN_TESTS_ENGINE_XIANGQI_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "engine/xiangqi/position.h"

namespace caipan::xiangqi::testing {

// Parses a FEN that the test knows to be valid (fails the test otherwise).
inline Position MustParse(std::string_view fen) {
  absl::StatusOr<Position> pos = Position::FromFen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << pos.status();
  return pos.ok() ? *pos : Position::Start();
}

// Square from its ICCS name, e.g. "e0".
inline int Sq(std::string_view name) {
  return MakeSquare(name[0] - 'a', name[1] - '0');
}
inline Move Mv(std::string_view iccs) {
  return Move{static_cast<uint8_t>(Sq(iccs.substr(0, 2))),
              static_cast<uint8_t>(Sq(iccs.substr(2, 2)))};
}

// Sorted target squares of the legal moves from one square.
inline std::vector<std::string> TargetsFrom(const Position& pos,
                                            std::string_view from) {
  MoveList moves;
  pos.GenerateLegalMoves(&moves);
  std::vector<std::string> targets;
  for (Move m : moves) {
    if (m.from == Sq(from)) targets.push_back(SquareName(m.to));
  }
  std::sort(targets.begin(), targets.end());
  return targets;
}

// Sorted square names of a bitboard.
inline std::vector<std::string> Names(Bitboard b) {
  std::vector<std::string> names;
  ForEachSquare(b, [&](int sq) { names.push_back(SquareName(sq)); });
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace caipan::xiangqi::testing

#endif  // CAIPAN_TESTS_ENGINE_XIANGQI_TEST_UTIL_H_
