// The representation's invariants hold through make/unmake along many random
// games, and debug-check builds stop an illegal move at once.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/xiangqi/move_list.h"
#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

// A move list as ICCS strings in sorted order: lists compare as sets, and a
// move listed twice still shows.
std::vector<std::string> SortedMoves(const MoveList& list) {
  std::vector<std::string> moves;
  for (Move m : list) moves.push_back(ToIccs(m));
  std::sort(moves.begin(), moves.end());
  return moves;
}

using testing::MustParse;
using testing::Mv;

TEST(PositionInvariantsTest, HoldThroughRandomGamesAndTheirUndoing) {
  std::mt19937 random(20261202);
  for (int game = 0; game < 40; ++game) {
    Position pos = Position::Start();
    std::vector<Move> played;
    std::vector<Position::Undo> undos;
    std::vector<std::string> fens{pos.ToFen()};
    for (int ply = 0; ply < 150; ++ply) {
      MoveList moves;
      pos.GenerateLegalMoves(&moves);
      if (moves.empty()) break;
      const Move m = moves[random() % moves.size()];
      undos.push_back(pos.MakeMove(m));
      played.push_back(m);
      fens.push_back(pos.ToFen());
      ASSERT_TRUE(pos.CheckInvariants().ok())
          << "game " << game << " ply " << ply + 1 << ": "
          << pos.CheckInvariants();
    }
    const uint64_t start_hash = Position::Start().Hash();
    while (!played.empty()) {
      pos.UnmakeMove(played.back(), undos.back());
      played.pop_back();
      undos.pop_back();
      fens.pop_back();
      ASSERT_TRUE(pos.CheckInvariants().ok()) << pos.CheckInvariants();
      ASSERT_EQ(pos.ToFen(), fens.back());
    }
    EXPECT_EQ(pos.Hash(), start_hash);
  }
}

// The shortcuts agree with the plain questions: the not-in-check king safety
// with the full one, GivesCheck with playing the move and asking InCheck, the
// check generator with the legal moves that check, HasLegalMove and the legal
// move count (in check: only the evasion points tested) with the list.
TEST(PositionInvariantsTest, KingSafetyShortcutsAgreeAlongRandomGames) {
  std::mt19937 random(7);
  int compared = 0, in_check_positions = 0;
  for (int game = 0; game < 30; ++game) {
    Position pos = Position::Start();
    for (int ply = 0; ply < 120; ++ply) {
      const bool in_check = pos.InCheck();
      for (int from = 0; from < kSquares; ++from) {
        for (int to = 0; to < kSquares; ++to) {
          const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
          if (!pos.IsPseudoLegal(m)) continue;
          if (!in_check) {
            ASSERT_EQ(pos.LeavesKingSafeWhenNotInCheck(m),
                      pos.LeavesKingSafe(m))
                << pos.ToFen() << " " << ToIccs(m);
            ++compared;
          }
          if (!pos.LeavesKingSafe(m)) continue;
          Position after = pos;
          after.MakeMove(m);
          ASSERT_EQ(pos.GivesCheck(m), after.InCheck())
              << pos.ToFen() << " " << ToIccs(m);
        }
      }
      MoveList moves;
      pos.GenerateLegalMoves(&moves);
      ASSERT_EQ(pos.HasLegalMove(), !moves.empty()) << pos.ToFen();
      ASSERT_EQ(pos.CountLegalMoves(), static_cast<int>(moves.size()))
          << pos.ToFen();
      MoveList checks, expected_checks;
      pos.GenerateChecks(&checks);
      for (Move m : moves) {
        if (pos.GivesCheck(m)) expected_checks.Add(m);
      }
      ASSERT_EQ(SortedMoves(checks), SortedMoves(expected_checks))
          << pos.ToFen();
      in_check_positions += in_check;
      if (moves.empty()) break;
      pos.MakeMove(moves[random() % moves.size()]);
    }
  }
  EXPECT_GT(compared, 10000);
  EXPECT_GT(in_check_positions, 20);
}

// The generators against testing every pseudo-legal move in full, along
// games that play a check whenever a coin says so: many positions in check,
// double checks and cannon screens, where the evasion and check points
// matter.
TEST(PositionInvariantsTest, GeneratorsAgreeWithTestingEveryMoveInSharpGames) {
  std::mt19937 random(999);
  int positions = 0, in_check = 0, checks_seen = 0;
  for (int game = 0; game < 120; ++game) {
    Position pos = Position::Start();
    for (int ply = 0; ply < 150; ++ply) {
      MoveList legal, checks, expected_legal, expected_checks;
      pos.GenerateLegalMoves(&legal);
      pos.GenerateChecks(&checks);
      for (int from = 0; from < kSquares; ++from) {
        for (int to = 0; to < kSquares; ++to) {
          const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
          // The full king-safety query (every attacker, on the board the
          // move would leave) decides legality; only legal moves are played
          // (MakeMove checks that in debug builds).
          if (!pos.IsPseudoLegal(m) || !pos.LeavesKingSafe(m)) continue;
          expected_legal.Add(m);
          Position after = pos;
          after.MakeMove(m);
          if (after.InCheck()) expected_checks.Add(m);
        }
      }
      ASSERT_EQ(SortedMoves(legal), SortedMoves(expected_legal)) << pos.ToFen();
      ASSERT_EQ(SortedMoves(checks), SortedMoves(expected_checks))
          << pos.ToFen();
      ASSERT_EQ(pos.CountLegalMoves(), static_cast<int>(legal.size()))
          << pos.ToFen();
      ASSERT_EQ(pos.HasLegalMove(), !legal.empty()) << pos.ToFen();
      ++positions;
      in_check += pos.InCheck();
      checks_seen += static_cast<int>(checks.size());
      if (legal.empty()) break;
      const bool play_check = !checks.empty() && random() % 2 == 0;
      const MoveList& pool = play_check ? checks : legal;
      pos.MakeMove(pool[random() % pool.size()]);
    }
  }
  EXPECT_GT(positions, 5000);
  EXPECT_GT(in_check, 1000);
  EXPECT_GT(checks_seen, 3000);
}

TEST(PositionInvariantsTest, ParsedPositionsAreConsistent) {
  for (const char* fen :
       {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "3k5/9/4r4/9/9/9/9/4N4/9/4K4 w", "4k4/4R4/9/9/9/9/9/9/9/3K5 b"}) {
    EXPECT_TRUE(MustParse(fen).CheckInvariants().ok()) << fen;
  }
}

#ifdef CAIPAN_DEBUG_CHECKS
TEST(PositionInvariantsDeathTest, AnIllegalMoveStopsADebugBuild) {
  Position pos = Position::Start();
  // The chariot a0 cannot jump over the pawn on a3.
  EXPECT_DEATH(pos.MakeMove(Mv("a0a5")), "debug check failed: IsLegal");
}
#endif

}  // namespace
}  // namespace caipan::xiangqi
