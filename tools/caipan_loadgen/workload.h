// The requests caipan-loadgen sends: a deterministic 100-ply xiangqi game
// (legal, no threefold repetition, no mate) built with the engine, and the
// requests made from it.
#ifndef CAIPAN_TOOLS_CAIPAN_LOADGEN_WORKLOAD_H_
#define CAIPAN_TOOLS_CAIPAN_LOADGEN_WORKLOAD_H_

#include <string>
#include <vector>

#include "caipan/v1/adjudication_service.pb.h"

namespace caipan::loadgen {

struct Workload {
  // ICCS moves of the game, from the start position.
  std::vector<std::string> game;
  // CheckMove: the game's first `plies` moves as history, then its next move.
  v1::CheckMoveRequest check_move;
  // The same request with the history as move codes (xiangqi.move_codes).
  v1::CheckMoveRequest check_move_codes;
  // The codes request in claim mode, where nothing but mate can decide: the
  // server answers it from its position cache after the first call, without
  // replaying the history. Nearly all that is left is reading the request and
  // checking one move: how close to Ping's QPS the uncached request could get.
  v1::CheckMoveRequest check_move_codes_cached;
  // ListMoves: the position after the game, given as a FEN without history.
  v1::ListMovesRequest list_moves;
  // AdjudicateGame: the whole game.
  v1::AdjudicateGameRequest adjudicate;
};

// Builds the workload for a history of `plies` moves (the game has plies + 1
// moves).
Workload MakeWorkload(int plies, unsigned seed);

}  // namespace caipan::loadgen

#endif  // CAIPAN_TOOLS_CAIPAN_LOADGEN_WORKLOAD_H_
