// Fuzz target for game adjudication. The first bytes pick the start position
// and the rule options; each later byte picks a move: mostly one of the legal
// moves (byte modulo their number), sometimes a raw from/to pair (often
// illegal), and 0xFF replays the last four moves (a cycle, so repetition
// rulings run). Checks that adjudication never crashes and that its verdict is
// consistent with the moves.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/position.h"

namespace xq = ::caipan::xiangqi;

namespace {

constexpr const char* kStarts[] = {
    "startpos",
    "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1",
    "4k4/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1",
    "5k3/9/9/5r3/C8/9/4R4/9/5R3/3K5 w - - 0 1",
    "3k5/9/9/4n4/9/3r5/9/6n2/N2p5/4K4 w - - 0 1",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const xq::Position start =
      *xq::Position::FromFen(kStarts[data[0] % std::size(kStarts)]);
  xq::RuleOptions options;
  options.rule_set = static_cast<xq::RuleSet>(data[1] % 3);
  options.mode = (data[1] >> 2) & 1 ? xq::AdjudicationMode::kClaim
                                    : xq::AdjudicationMode::kAutomatic;
  options.natural_limit_rounds = 1 + ((data[1] >> 3) & 7) * 5;
  const int policy = (data[1] >> 6) & 3;
  options.limit_checks = policy == 0   ? xq::CheckCountPolicy::All()
                         : policy == 1 ? xq::CheckCountPolicy::None()
                                       : xq::CheckCountPolicy::AtMost(policy);

  std::vector<xq::Move> moves;
  xq::Position pos = start;
  bool illegal_played = false;
  for (size_t i = 2; i < size && moves.size() < 400; ++i) {
    const uint8_t b = data[i];
    xq::Move m;
    if (b == 0xFF && moves.size() >= 4) {
      for (int k = 0; k < 4; ++k) {
        m = moves[moves.size() - 4];
        moves.push_back(m);
        if (!illegal_played && pos.IsLegal(m)) {
          pos.MakeMove(m);
        } else {
          illegal_played = true;
        }
      }
      continue;
    }
    if (b >= 0xF0 && i + 2 < size) {  // raw pair
      m = xq::Move{static_cast<uint8_t>(data[i + 1] % xq::kSquares),
                   static_cast<uint8_t>(data[i + 2] % xq::kSquares)};
      i += 2;
    } else {
      xq::MoveList legal;
      pos.GenerateLegalMoves(&legal);
      if (legal.empty()) break;
      m = legal[b % legal.size()];
    }
    moves.push_back(m);
    if (!illegal_played && pos.IsLegal(m)) {
      pos.MakeMove(m);
    } else {
      illegal_played = true;
    }
  }

  const xq::Verdict v = xq::Adjudicate(start, moves, options);
  const int n = static_cast<int>(moves.size());
  if (v.ply < 0 || v.ply > n || v.ply + v.trailing_moves > n) __builtin_trap();
  if (v.illegal) {
    // The reported move is the first one that is not legal.
    xq::Position replay = start;
    for (int i = 0; i + 1 < v.illegal->ply; ++i) {
      if (!replay.IsLegal(moves[i])) __builtin_trap();
      replay.MakeMove(moves[i]);
    }
    if (replay.IsLegal(moves[v.illegal->ply - 1])) __builtin_trap();
  }
  if (v.reason == xq::VerdictReason::kPerpetualCheck ||
      v.reason == xq::VerdictReason::kPerpetualChase ||
      v.reason == xq::VerdictReason::kPerpetualMateThreat ||
      v.reason == xq::VerdictReason::kMixedForbiddenCycle) {
    if (!v.repetition || !v.repetition->MustVary()) __builtin_trap();
    if (v.repetition->last_ply != v.ply) __builtin_trap();
  }
  if (v.result == xq::GameResult::kOngoing &&
      v.reason != xq::VerdictReason::kOngoing &&
      v.reason != xq::VerdictReason::kIllegalMove) {
    __builtin_trap();
  }
  return 0;
}
