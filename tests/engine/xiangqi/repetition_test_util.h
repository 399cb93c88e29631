// Helpers for the repetition, classification and adjudication tests: play a
// line of ICCS moves from a FEN (failing the test on an illegal move) and
// describe chase targets compactly ("Rb2>cb7" = red chariot on b2 threatens the
// black cannon on b7).
#ifndef CAIPAN_TESTS_ENGINE_XIANGQI_REPETITION_TEST_UTIL_H_
#define CAIPAN_TESTS_ENGINE_XIANGQI_REPETITION_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/common/text.h"
#include "engine/xiangqi/move_classifier.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"

namespace caipan::xiangqi::testing {

// Parses `text` (moves separated by spaces) from `start`; every move must be
// legal.
inline std::vector<Move> Line(const Position& start, std::string_view text) {
  std::vector<Move> moves;
  Position pos = start;
  for (std::string_view token : SplitTokens(text)) {
    absl::StatusOr<Move> m = ParseMove(pos, token);
    EXPECT_TRUE(m.ok()) << "ply " << moves.size() + 1 << ": " << m.status();
    if (!m.ok()) break;
    moves.push_back(*m);
    pos.MakeMove(*m);
  }
  return moves;
}

// Repeats a line `times` times (a cycle played over and over).
inline std::string Repeat(std::string_view line, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) {
    if (!out.empty()) out += ' ';
    out += line;
  }
  return out;
}

inline std::string DescribeTargets(const MoveClassification& c) {
  std::string out;
  for (const ChaseTarget& t : c.Targets()) {
    if (!out.empty()) out += ' ';
    out += PieceToFenChar(t.attacker);
    out += SquareName(t.attacker_square);
    out += '>';
    out += PieceToFenChar(t.target);
    out += SquareName(t.target_square);
  }
  return out;
}

}  // namespace caipan::xiangqi::testing

#endif  // CAIPAN_TESTS_ENGINE_XIANGQI_REPETITION_TEST_UTIL_H_
