// Builds a gomoku position for the CLI from a move sequence (--moves): points
// and passes played alternately from the empty board, black first.
#ifndef CAIPAN_TOOLS_CAIPAN_GOMOKU_MOVES_H_
#define CAIPAN_TOOLS_CAIPAN_GOMOKU_MOVES_H_

#include <string_view>

#include "absl/status/statusor.h"
#include "engine/gomoku/board.h"
#include "engine/gomoku/rules.h"
#include "engine/gomoku/types.h"

namespace caipan::cli {

struct GomokuMovesPosition {
  gomoku::Board board;
  gomoku::Color to_move = gomoku::Color::kBlack;
  int moves = 0;  // stones and passes played
};

// Plays `moves` (points such as h8, or "pass", separated by spaces or commas)
// under `rules` without an opening protocol: each stone must go on an empty
// point, and no move may follow the end of the game (a five, or black's
// forbidden move under renju-type rules). Errors start with "--moves: move N".
absl::StatusOr<GomokuMovesPosition> PlayGomokuMoves(
    std::string_view moves, const gomoku::RuleOptions& rules);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_GOMOKU_MOVES_H_
