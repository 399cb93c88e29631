// Round trips: every legal move, formatted in each notation, parses back to
// itself — over many random games and over handcrafted positions with tandem
// pieces and pawns.
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/xiangqi/notation.h"
#include "gtest/gtest.h"

namespace caipan::xiangqi {
namespace {

constexpr Notation kNotations[] = {Notation::kIccs, Notation::kWxf,
                                   Notation::kChinese};

// Checks every legal move of `pos` in every notation; returns the number of
// failures and records the first few in `log`.
int CheckAllMoves(const Position& pos, std::vector<std::string>* log) {
  MoveList moves;
  pos.GenerateLegalMoves(&moves);
  int failures = 0;
  for (Notation n : kNotations) {
    std::set<std::string> seen;
    for (Move m : moves) {
      std::string text = FormatMove(pos, m, n);
      absl::StatusOr<Move> back = ParseMove(pos, text);
      bool unique = seen.insert(text).second;
      if (!back.ok() || *back != m || !unique) {
        ++failures;
        if (log->size() < 10) {
          log->push_back(pos.ToFen() + " " + ToIccs(m) + " -> " + text +
                         " -> " +
                         (back.ok() ? ToIccs(*back)
                                    : std::string(back.status().message())) +
                         (unique ? "" : " (duplicate text)"));
        }
      }
    }
  }
  return failures;
}

TEST(NotationRoundTripTest, RandomGames) {
  std::mt19937 rng(20260530);
  int failures = 0, positions = 0, moves_checked = 0;
  std::vector<std::string> log;
  for (int game = 0; game < 200; ++game) {
    Position pos = Position::Start();
    for (int ply = 0; ply < 150; ++ply) {
      MoveList moves;
      pos.GenerateLegalMoves(&moves);
      if (moves.empty()) break;
      failures += CheckAllMoves(pos, &log);
      ++positions;
      moves_checked += static_cast<int>(moves.size());
      pos.MakeMove(moves[rng() % moves.size()]);
    }
  }
  EXPECT_EQ(failures, 0) << [&] {
    std::string s;
    for (const std::string& line : log) s += line + "\n";
    return s;
  }();
  // The games are long enough to exercise many positions (a sanity bound, not a
  // count).
  EXPECT_GT(positions, 10000);
  EXPECT_GT(moves_checked, 200000);
}

TEST(NotationRoundTripTest, TandemPositions) {
  const char* fens[] = {
      // Tandem chariots, cannons, horses for both sides.
      "4k4/9/9/9/9/9/9/8R/9/3K4R w - - 0 1",
      "2r1k4/9/2r6/9/9/9/9/9/9/3K5 b - - 0 1",
      "4k4/9/9/9/3C5/9/3C5/9/9/3K5 w - - 0 1",
      "3k5/9/9/2n6/9/2n6/9/9/9/4K4 b - - 0 1",
      "3k5/9/9/9/9/6N2/9/6N2/9/4K4 w - - 0 1",
      // Advisors and elephants on one file.
      "3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1",
      "3k5/9/9/9/9/9/9/9/9/2B1K4 w - - 0 1",
      "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1",
      "2bak4/9/3a5/9/2b6/9/9/9/9/3K5 b - - 0 1",
      // Pawns: three, four and five on a file; two files with several.
      "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
      "4k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
      "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
      "4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1",
      "4k4/9/P1P6/P1P6/P8/9/9/9/9/3K5 w - - 0 1",
      "4k4/9/9/9/9/2p6/2p6/2p6/9/3K5 b - - 0 1",
      "4k4/9/9/9/9/2p6/2p6/2p6/2p6/2p2K3 b - - 0 1",
      "4k4/9/9/9/9/2p3p2/2p3p2/2p6/9/3K5 b - - 0 1",
      // Everything at once: tandem chariots and pawns with pieces to capture.
      "3k5/4a4/4ba3/R1P6/R1P1p4/2P1p4/4p4/4B4/4A4/3AK4 w - - 0 1",
  };
  std::vector<std::string> log;
  int failures = 0;
  for (const char* fen : fens) {
    absl::StatusOr<Position> pos = Position::FromFen(fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << pos.status();
    if (!pos.ok()) continue;
    MoveList moves;
    pos->GenerateLegalMoves(&moves);
    EXPECT_FALSE(moves.empty()) << fen;
    failures += CheckAllMoves(*pos, &log);
  }
  EXPECT_EQ(failures, 0) << [&] {
    std::string s;
    for (const std::string& line : log) s += line + "\n";
    return s;
  }();
}

}  // namespace
}  // namespace caipan::xiangqi
