// Adjudicating a 300-ply xiangqi game that contains repetitions: two-fold
// repetitions throughout (a piece out and back by each side) and, at the end,
// a cycle played until its position occurs a third time, so the last ply
// carries a full repetition ruling. Goal: <= 10 us per game.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/move_classifier.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/repetition.h"

namespace caipan::xiangqi {
namespace {

constexpr int kPlies = 300;

struct Game {
  Position start;
  std::vector<Move> moves;
};

// Builds the game deterministically: random legal moves (captures allowed,
// so the natural limit does not end it early), each pair followed by the same
// two moves taken back (a two-fold repetition); no move may mate, stalemate or
// make a third occurrence before the end; the last 8 plies play one cycle
// twice from a position seen once, so ply 300 is a third occurrence.
class GameBuilder {
 public:
  explicit GameBuilder(uint32_t seed) : rng_(seed), pos_(Position::Start()) {
    counts_[pos_.Hash()] = 1;
  }

  Game Build() {
    Game game{Position::Start(), {}};
    while (static_cast<int>(moves_.size()) < kPlies - 8) {
      const size_t mark = moves_.size();
      Move a, b;
      if (!PlayRandom(&a, false) || !PlayRandom(&b, false)) break;
      const int remaining = kPlies - 8 - static_cast<int>(moves_.size());
      if (remaining >= 2 && Reversible(a) && Reversible(b)) {
        Play(Move{a.to, a.from});
        Play(Move{b.to, b.from});
      }
      if (moves_.size() == mark) break;
    }
    // Final cycle: out and back by both sides, twice.
    for (int attempt = 0; attempt < 200; ++attempt) {
      Move a, b;
      if (!RandomQuiet(&a)) break;
      Position::Undo ua = pos_.MakeMove(a);
      Move b_pick;
      bool ok = RandomQuiet(&b_pick);
      pos_.UnmakeMove(a, ua);
      if (!ok) continue;
      b = b_pick;
      if (TryCycle(a, b)) break;
    }
    game.moves = moves_;
    return game;
  }

 private:
  bool Reversible(Move m) const {
    return pos_.IsLegal(Move{m.to, m.from}) && pos_.PieceAt(m.from) == 0 &&
           counts_.count(AfterHash(Move{m.to, m.from})) == 0;
  }

  uint64_t AfterHash(Move m) const {
    Position p = pos_;
    p.MakeMove(m);
    return p.Hash();
  }

  void Play(Move m) {
    pos_.MakeMove(m);
    ++counts_[pos_.Hash()];
    moves_.push_back(m);
  }

  // A legal move that neither ends the game nor makes any position occur a
  // third time.
  bool Acceptable(Move m) {
    Position::Undo u = pos_.MakeMove(m);
    const auto it = counts_.find(pos_.Hash());
    const bool ok =
        (it == counts_.end() || it->second < 2) && pos_.CountLegalMoves() > 0;
    pos_.UnmakeMove(m, u);
    return ok;
  }

  bool PlayRandom(Move* out, bool quiet_only) {
    MoveList list;
    pos_.GenerateLegalMoves(&list);
    if (list.empty()) return false;
    for (int tries = 0; tries < 64; ++tries) {
      Move m =
          list[std::uniform_int_distribution<size_t>(0, list.size() - 1)(rng_)];
      if (quiet_only && pos_.PieceAt(m.to) != 0) continue;
      if (!Acceptable(m)) continue;
      Play(m);
      *out = m;
      return true;
    }
    return false;
  }

  bool RandomQuiet(Move* out) {
    MoveList list;
    pos_.GenerateLegalMoves(&list);
    for (int tries = 0; tries < 64 && !list.empty(); ++tries) {
      Move m =
          list[std::uniform_int_distribution<size_t>(0, list.size() - 1)(rng_)];
      if (pos_.PieceAt(m.to) != 0) continue;
      *out = m;
      return true;
    }
    return false;
  }

  // Plays a b a' b' a b a' b' if every move is legal and nothing recurs early.
  bool TryCycle(Move a, Move b) {
    const Move cycle[4] = {a, b, Move{a.to, a.from}, Move{b.to, b.from}};
    Position p = pos_;
    for (int i = 0; i < 8; ++i) {
      if (!p.IsLegal(cycle[i % 4])) return false;
      p.MakeMove(cycle[i % 4]);
      if (p.CountLegalMoves() == 0) return false;
      if (i < 3 && counts_.count(p.Hash())) return false;
    }
    for (int i = 0; i < 8; ++i) Play(cycle[i % 4]);
    return true;
  }

  std::mt19937 rng_;
  Position pos_;
  std::unordered_map<uint64_t, int> counts_;
  std::vector<Move> moves_;
};

const Game& TheGame() {
  static const Game game = [] {
    for (uint32_t seed = 1;; ++seed) {
      Game g = GameBuilder(seed).Build();
      if (static_cast<int>(g.moves.size()) != kPlies) continue;
      Verdict v = Adjudicate(g.start, g.moves, RuleOptions{});
      if (v.ply == kPlies && v.repetition.has_value()) return g;
    }
  }();
  return game;
}

void BM_AdjudicateGame300(benchmark::State& state) {
  const Game& game = TheGame();
  RuleOptions options;
  int ply = 0;
  for (auto _ : state) {
    Verdict v = Adjudicate(game.start, game.moves, options);
    ply = v.ply;
    benchmark::DoNotOptimize(v);
  }
  state.counters["plies"] = ply;
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AdjudicateGame300)->Unit(benchmark::kMicrosecond);

// The same game under the claim mode and the "none" check policy (which
// tracks checks on every ply).
void BM_AdjudicateGame300ClaimNoneChecks(benchmark::State& state) {
  const Game& game = TheGame();
  RuleOptions options;
  options.mode = AdjudicationMode::kClaim;
  options.limit_checks = CheckCountPolicy::None();
  for (auto _ : state) {
    Verdict v = Adjudicate(game.start, game.moves, options);
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_AdjudicateGame300ClaimNoneChecks)->Unit(benchmark::kMicrosecond);

// The per-ply work alone: the same game without its last 8 plies (no ruling).
void BM_AdjudicateFirst292Plies(benchmark::State& state) {
  const Game& game = TheGame();
  std::span<const Move> moves(game.moves.data(), kPlies - 8);
  for (auto _ : state) {
    Verdict v = Adjudicate(game.start, moves, RuleOptions{});
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_AdjudicateFirst292Plies)->Unit(benchmark::kMicrosecond);

// Only the final ruling: classifying the 8 moves of the repeated span.
void BM_JudgeFinalCycle(benchmark::State& state) {
  const Game& game = TheGame();
  Position before = game.start;
  for (int i = 0; i < kPlies - 8; ++i) before.MakeMove(game.moves[i]);
  std::span<const Move> cycle(game.moves.data() + kPlies - 8, 8);
  for (auto _ : state) {
    RepetitionRuling r = JudgeCycle(before, cycle, kPlies - 7, RuleOptions{});
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_JudgeFinalCycle)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace caipan::xiangqi
