// Builds caipan-loadgen's requests (see workload.h).
#include "tools/caipan_loadgen/workload.h"

#include <cstdlib>
#include <random>
#include <unordered_map>

#include "engine/xiangqi/position.h"
#include "rpc/xiangqi_convert.h"

namespace caipan::loadgen {

using xiangqi::Move;
using xiangqi::Position;

Workload MakeWorkload(int plies, unsigned seed) {
  std::mt19937 rng(seed);
  Position pos = Position::Start();
  std::unordered_map<uint64_t, int> seen;
  seen[pos.Hash()] = 1;
  Workload w;
  std::vector<Move> game_moves;
  // Random legal moves, skipping any that mates, stalemates or repeats a
  // position twice over, so every request built from the game is an ordinary,
  // ongoing one.
  while (static_cast<int>(w.game.size()) < plies + 1) {
    xiangqi::MoveList moves;
    pos.GenerateLegalMoves(&moves);
    std::vector<Move> candidates(moves.begin(), moves.end());
    std::shuffle(candidates.begin(), candidates.end(), rng);
    bool played = false;
    for (Move m : candidates) {
      Position next = pos;
      next.MakeMove(m);
      const xiangqi::GameState state = next.State();
      if (state == xiangqi::GameState::kCheckmate ||
          state == xiangqi::GameState::kStalemate) {
        continue;
      }
      if (seen[next.Hash()] >= 2) continue;
      ++seen[next.Hash()];
      pos = next;
      w.game.push_back(xiangqi::ToIccs(m));
      game_moves.push_back(m);
      played = true;
      break;
    }
    if (!played)
      std::abort();  // cannot happen from the start position in 100 plies
  }
  for (int i = 0; i < plies; ++i) {
    w.check_move.mutable_xiangqi()->add_moves(w.game[i]);
    w.check_move_codes.mutable_xiangqi()->add_move_codes(
        rpc::XiangqiMoveCode(game_moves[i]));
  }
  w.check_move.set_move(w.game[plies]);
  w.check_move_codes.set_move(w.game[plies]);
  w.check_move_codes_cached = w.check_move_codes;
  w.check_move_codes_cached.mutable_xiangqi_rules()->set_mode(
      v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  w.list_moves.mutable_xiangqi()->set_fen(pos.ToFen());
  for (const std::string& m : w.game)
    w.adjudicate.mutable_xiangqi()->add_moves(m);
  return w;
}

}  // namespace caipan::loadgen
