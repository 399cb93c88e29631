// Position::IsLegal (a single-move test) must agree with the generated legal
// moves on every from/to pair, over positions from a pseudo-random walk of
// games (checks, pins, facing kings and screens all occur); the adjudicator
// must reject exactly the illegal ones.
#include <gtest/gtest.h>

#include <random>

#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

TEST(MoveLegalityTest, SingleMoveTestAgreesWithGeneration) {
  std::mt19937 rng(2024);
  int positions = 0, legal = 0;
  for (int game = 0; game < 12; ++game) {
    Position pos = Position::Start();
    for (int ply = 0; ply < 100; ++ply) {
      ++positions;
      MoveList generated;
      pos.GenerateLegalMoves(&generated);
      for (int from = 0; from < kSquares; ++from) {
        if (pos.PieceAt(from) == kNoPiece) continue;
        for (int to = 0; to < kSquares; ++to) {
          const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
          const bool expected = generated.Contains(m);
          ASSERT_EQ(pos.IsLegal(m), expected)
              << pos.ToFen() << " " << ToIccs(m);
          ASSERT_EQ(pos.CheckLegal(m).ok(), expected)
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
  EXPECT_FALSE(pos.IsLegal(Move{200, 3}));
  EXPECT_FALSE(pos.IsLegal(Move{40, 41}));  // empty square
  EXPECT_FALSE(pos.IsLegal(Move{4, 4}));
  EXPECT_TRUE(pos.IsLegal(testing::Mv("h2e2")));
  EXPECT_FALSE(pos.IsLegal(testing::Mv("h9g7")));  // not red's piece
}

}  // namespace
}  // namespace caipan::xiangqi

namespace caipan::xiangqi {
namespace {

// The adjudicator skips the king-safety test where a move cannot matter to
// its own king; every pseudo-legal continuation of random games must still be
// judged exactly as Position::IsLegal judges it.
TEST(MoveLegalityTest, AdjudicatorRejectsExactlyTheIllegalMoves) {
  std::mt19937 rng(77);
  int illegal_seen = 0;
  for (int game = 0; game < 4; ++game) {
    Position pos = Position::Start();
    std::vector<Move> played;
    for (int ply = 0; ply < 50; ++ply) {
      for (int from = 0; from < kSquares; ++from) {
        for (int to = 0; to < kSquares; ++to) {
          const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
          if (!pos.IsPseudoLegal(m)) continue;
          std::vector<Move> line = played;
          line.push_back(m);
          RuleOptions options;
          options.mode = AdjudicationMode::kClaim;  // play through repetitions
          Verdict v = Adjudicate(Position::Start(), line, options);
          const bool legal = pos.IsLegal(m);
          ASSERT_EQ(v.illegal.has_value(), !legal)
              << pos.ToFen() << " " << ToIccs(m);
          illegal_seen += !legal;
        }
      }
      MoveList moves;
      pos.GenerateLegalMoves(&moves);
      if (moves.empty()) break;
      const Move m = moves[std::uniform_int_distribution<size_t>(
          0, moves.size() - 1)(rng)];
      pos.MakeMove(m);
      played.push_back(m);
    }
  }
  EXPECT_GT(illegal_seen, 50);
}

}  // namespace
}  // namespace caipan::xiangqi
