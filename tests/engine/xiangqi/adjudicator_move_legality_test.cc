// The adjudicator's single-move legality test must agree with
// Position::IsLegal on every from/to pair, over positions from a pseudo-random
// walk of games (checks, pins, facing kings and screens all occur).
#include <gtest/gtest.h>

#include <random>

#include "engine/xiangqi/move_legality.h"
#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

TEST(MoveLegalityTest, AgreesWithPositionIsLegal) {
  std::mt19937 rng(2024);
  int positions = 0, legal = 0;
  for (int game = 0; game < 12; ++game) {
    Position pos = Position::Start();
    for (int ply = 0; ply < 100; ++ply) {
      ++positions;
      for (int from = 0; from < kSquares; ++from) {
        if (pos.PieceAt(from) == kNoPiece) continue;
        for (int to = 0; to < kSquares; ++to) {
          const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
          const bool expected = pos.IsLegal(m);
          ASSERT_EQ(IsLegalMove(pos, m), expected)
              << pos.ToFen() << " " << ToIccs(m);
          legal += expected;
        }
      }
      MoveList moves;
      pos.GenerateLegalMoves(&moves);
      if (moves.empty()) break;
      pos.MakeMove(moves[std::uniform_int_distribution<size_t>(
          0, moves.size() - 1)(rng)]);
    }
  }
  EXPECT_GT(positions, 500);
  EXPECT_GT(legal, 5000);
}

TEST(MoveLegalityTest, RejectsOutOfRangeAndEmpty) {
  Position pos = Position::Start();
  EXPECT_FALSE(IsLegalMove(pos, Move{200, 3}));
  EXPECT_FALSE(IsLegalMove(pos, Move{40, 41}));  // empty square
  EXPECT_FALSE(IsLegalMove(pos, Move{4, 4}));
  EXPECT_TRUE(IsLegalMove(pos, testing::Mv("h2e2")));
  EXPECT_FALSE(IsLegalMove(pos, testing::Mv("h9g7")));  // not red's piece
}

}  // namespace
}  // namespace caipan::xiangqi
