// Forbidden-map speed: the whole-board map of a position given from scratch
// (board built from a stone list, then every empty point classified) and the
// incremental update per stone; and one point's classification, from the
// plain board and from a board that keeps its patterns. Counters report time
// per empty point ("per_empty_point", shown in seconds) and per stone placed
// or removed.
#include <benchmark/benchmark.h>

#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_split.h"
#include "engine/gomoku/board.h"
#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/forbidden_tracker.h"
#include "engine/gomoku/notation.h"
#include "engine/gomoku/pattern_board.h"

namespace caipan::gomoku {
namespace {

using Stones = std::vector<std::pair<Point, Color>>;

// A game-like sequence: alternating colours, each stone near the centre
// (normal spread 2.5), never completing a row of five or more.
Stones GameLikeSequence(int stones, uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> pos(7.0, 2.5);
  Board board;
  Stones out;
  Color c = Color::kBlack;
  while (static_cast<int>(out.size()) < stones) {
    const int x = static_cast<int>(std::lround(pos(rng)));
    const int y = static_cast<int>(std::lround(pos(rng)));
    if (!Point::OnBoard(x, y)) continue;
    const Point p{static_cast<int8_t>(x), static_cast<int8_t>(y)};
    if (!board.IsEmpty(p)) continue;
    bool five = false;
    for (int d = 0; d < kNumDirections; ++d) {
      five = five || board.RunThrough(p, d, c) >= 5;
    }
    if (five) continue;
    board.Place(p, c);
    out.push_back({p, c});
    c = Opponent(c);
  }
  return out;
}

constexpr int kPositions = 64;

void BM_ForbiddenMapFromScratch(benchmark::State& state) {
  const int stones = static_cast<int>(state.range(0));
  std::vector<Stones> positions;
  for (int i = 0; i < kPositions; ++i) {
    positions.push_back(GameLikeSequence(stones, 1000 + i));
  }
  int64_t empty_points = 0;
  size_t next = 0;
  for (auto _ : state) {
    const Stones& s = positions[next];
    next = (next + 1) % positions.size();
    Board board;
    for (const auto& [p, c] : s) board.Place(p, c);
    ForbiddenMap map = ComputeForbiddenMap(board);
    benchmark::DoNotOptimize(map);
    empty_points += kNumPoints - stones;
  }
  state.counters["per_empty_point"] = benchmark::Counter(
      static_cast<double>(empty_points),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ForbiddenMapFromScratch)->Arg(10)->Arg(30)->Arg(60)->Arg(100);

// 64 positions rich in forbidden points: 30 stones each near the centre
// (normal spread 2.2), two in three black.
std::vector<Board> BlackHeavyBoards() {
  std::mt19937 rng(99);
  std::normal_distribution<double> pos(7.0, 2.2);
  std::vector<Board> boards;
  for (int i = 0; i < kPositions; ++i) {
    Board b;
    for (int placed = 0; placed < 30;) {
      const int x = static_cast<int>(std::lround(pos(rng)));
      const int y = static_cast<int>(std::lround(pos(rng)));
      if (!Point::OnBoard(x, y)) continue;
      const Point p{static_cast<int8_t>(x), static_cast<int8_t>(y)};
      if (!b.IsEmpty(p)) continue;
      b.Place(p, rng() % 3 ? Color::kBlack : Color::kWhite);
      ++placed;
    }
    boards.push_back(b);
  }
  return boards;
}

// The whole map on those positions.
void BM_ForbiddenMapBlackHeavy(benchmark::State& state) {
  const std::vector<Board> boards = BlackHeavyBoards();
  int64_t empty_points = 0;
  size_t next = 0;
  for (auto _ : state) {
    const Board& b = boards[next];
    next = (next + 1) % boards.size();
    ForbiddenMap map = ComputeForbiddenMap(b);
    benchmark::DoNotOptimize(map);
    empty_points += kNumPoints - b.StoneCount();
  }
  state.counters["per_empty_point"] = benchmark::Counter(
      static_cast<double>(empty_points),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ForbiddenMapBlackHeavy);

// Incremental: play a 100-stone game stone by stone, then take it back, with
// the map kept current after every stone.
void BM_ForbiddenMapIncremental(benchmark::State& state) {
  const Stones game = GameLikeSequence(100, 7);
  ForbiddenTracker tracker;
  int64_t updates = 0;
  int64_t empty_points = 0;
  for (auto _ : state) {
    for (const auto& [p, c] : game) {
      tracker.Place(p, c);
      empty_points += kNumPoints - tracker.board().StoneCount();
    }
    for (auto it = game.rbegin(); it != game.rend(); ++it) {
      tracker.Remove(it->first);
      empty_points += kNumPoints - tracker.board().StoneCount();
    }
    benchmark::DoNotOptimize(tracker.map());
    updates += 2 * static_cast<int64_t>(game.size());
  }
  state.counters["per_stone"] = benchmark::Counter(
      static_cast<double>(updates),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["per_empty_point"] = benchmark::Counter(
      static_cast<double>(empty_points),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ForbiddenMapIncremental);

// The position of the one-point benchmarks (60 stones of a game, full of
// shapes) and its empty points.
Stones OnePointGame() { return GameLikeSequence(60, 11); }
std::vector<Point> EmptyPoints(const Board& board) {
  std::vector<Point> empty;
  for (int i = 0; i < kNumPoints; ++i) {
    if (board.IsEmpty(Point::FromIndex(i)))
      empty.push_back(Point::FromIndex(i));
  }
  return empty;
}

// One point's classification from the plain board (its windows read on the
// spot), cycling over the empty points.
void BM_ClassifyOnePoint(benchmark::State& state) {
  Board board;
  for (const auto& [p, c] : OnePointGame()) board.Place(p, c);
  const std::vector<Point> empty = EmptyPoints(board);
  size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(ClassifyBlackMove(board, empty[next]));
    next = next + 1 == empty.size() ? 0 : next + 1;
  }
}
BENCHMARK(BM_ClassifyOnePoint);

// The same query on a board that keeps its patterns up to date.
void BM_ClassifyOnePointMaintained(benchmark::State& state) {
  PatternBoard board;
  for (const auto& [p, c] : OnePointGame()) board.Place(p, c);
  const std::vector<Point> empty = EmptyPoints(board.board());
  size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(board.ClassifyBlack(empty[next]));
    next = next + 1 == empty.size() ? 0 : next + 1;
  }
}
BENCHMARK(BM_ClassifyOnePointMaintained);

// The points a forbidden-point query has work to do on: empty points whose
// lines hold a five, an overline, two fours or possible threes, in the
// black-heavy positions. Most
// points of a game are none of these; these are where the recursive three
// test runs.
struct HardPoints {
  std::vector<PatternBoard> boards;
  std::vector<std::pair<int, Point>> points;  // (board, point)
};
HardPoints MakeHardPoints() {
  HardPoints h;
  for (const Board& plain : BlackHeavyBoards()) {
    PatternBoard b(plain);
    for (const Point p : EmptyPoints(plain)) {
      if (b.Verdict(p) != LineVerdict::kNone) {
        h.points.emplace_back(static_cast<int>(h.boards.size()), p);
      }
    }
    h.boards.push_back(std::move(b));
  }
  return h;
}

// The hard points' classification from the plain board.
void BM_ClassifyHardPoint(benchmark::State& state) {
  const HardPoints h = MakeHardPoints();
  // ClassifyBlackMove tries stones on the board it is given and takes them
  // back: plain copies.
  std::vector<Board> plain;
  for (const PatternBoard& b : h.boards) plain.push_back(b.board());
  size_t next = 0;
  for (auto _ : state) {
    const auto& [board, p] = h.points[next];
    benchmark::DoNotOptimize(ClassifyBlackMove(plain[board], p));
    next = next + 1 == h.points.size() ? 0 : next + 1;
  }
  state.counters["points"] = static_cast<double>(h.points.size());
}
BENCHMARK(BM_ClassifyHardPoint);

// The same points on the boards that keep their patterns.
void BM_ClassifyHardPointMaintained(benchmark::State& state) {
  const HardPoints h = MakeHardPoints();
  size_t next = 0;
  for (auto _ : state) {
    const auto& [board, p] = h.points[next];
    benchmark::DoNotOptimize(h.boards[board].ClassifyBlack(p));
    next = next + 1 == h.points.size() ? 0 : next + 1;
  }
  state.counters["points"] = static_cast<double>(h.points.size());
}
BENCHMARK(BM_ClassifyHardPointMaintained);

// The rows of tests/data/gomoku/forbidden_cases.tsv (published forbidden-point
// cases): each distinct position as a pattern board, every empty point of
// each, and the points the rows ask about. A fixed, shared input, so another
// engine's forbidden check can be timed on exactly these queries.
struct CaseRows {
  std::vector<PatternBoard> boards;
  std::vector<std::pair<int, Point>> empty_points;  // (board, point)
  std::vector<std::pair<int, Point>> listed_points;
};
// False, with `error` naming the file or the row, if the file cannot be read.
bool ReadCaseRows(CaseRows* rows, std::string* error) {
  const std::string path =
      std::string(CAIPAN_TEST_DATA_DIR) + "/gomoku/forbidden_cases.tsv";
  std::ifstream in(path);
  if (!in) {
    *error = "cannot read " + path;
    return false;
  }
  std::map<std::string, int> board_of;
  std::string line;
  std::getline(in, line);  // header
  for (int line_number = 2; std::getline(in, line); ++line_number) {
    const std::vector<std::string> f = absl::StrSplit(line, '\t');
    absl::StatusOr<Board> board = absl::InvalidArgumentError("too few fields");
    absl::StatusOr<Point> point = board.status();
    if (f.size() >= 2) {
      board = ParseStones(f[0]);
      point = ParsePoint(f[1]);
    }
    if (!board.ok() || !point.ok()) {
      *error =
          path + " line " + std::to_string(line_number) + ": " +
          std::string((board.ok() ? point.status() : board.status()).message());
      return false;
    }
    auto [it, added] =
        board_of.emplace(f[0], static_cast<int>(rows->boards.size()));
    if (added) {
      rows->boards.emplace_back(*board);
      for (const Point p : EmptyPoints(*board))
        rows->empty_points.emplace_back(it->second, p);
    }
    rows->listed_points.emplace_back(it->second, *point);
  }
  return true;
}

// One point's query on those boards, kept up to date, cycling over every
// empty point (range 0) or over the listed points (range 1).
void BM_ClassifyCaseRowsMaintained(benchmark::State& state) {
  CaseRows rows;
  std::string error;
  if (!ReadCaseRows(&rows, &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  const auto& points =
      state.range(0) == 0 ? rows.empty_points : rows.listed_points;
  size_t next = 0;
  for (auto _ : state) {
    const auto& [board, p] = points[next];
    benchmark::DoNotOptimize(rows.boards[board].ClassifyBlack(p));
    next = next + 1 == points.size() ? 0 : next + 1;
  }
  state.SetLabel(state.range(0) == 0 ? "every empty point" : "listed points");
  state.counters["points"] = static_cast<double>(points.size());
  state.counters["positions"] = static_cast<double>(rows.boards.size());
}
BENCHMARK(BM_ClassifyCaseRowsMaintained)->Arg(0)->Arg(1);

// What keeping the patterns costs: a 100-stone game played onto the pattern
// board and taken back, per stone.
void BM_PatternBoardPlaceRemove(benchmark::State& state) {
  const Stones game = GameLikeSequence(100, 7);
  PatternBoard board;
  int64_t updates = 0;
  for (auto _ : state) {
    for (const auto& [p, c] : game) board.Place(p, c);
    for (auto it = game.rbegin(); it != game.rend(); ++it) {
      board.Remove(it->first);
    }
    benchmark::DoNotOptimize(board);
    updates += 2 * static_cast<int64_t>(game.size());
  }
  state.counters["per_stone"] = benchmark::Counter(
      static_cast<double>(updates),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_PatternBoardPlaceRemove);

}  // namespace
}  // namespace caipan::gomoku
