// Checking-sequence mate search: only checks are tried for the attacker, every
// reply for the defender. Small trees: a handful of checks, a handful of
// evasions.
#include "engine/xiangqi/mate_search.h"

#include "engine/xiangqi/move_list.h"

namespace caipan::xiangqi {

bool HasCheckingMate(Position& pos, int depth) {
  if (depth <= 0) return false;
  MoveList checks;
  pos.GenerateChecks(&checks);
  for (Move m : checks) {
    Position::Undo undo = pos.MakeMove(m);
    bool mates = false;
    if (depth == 1) {
      // Last move of the sequence: only whether a reply exists matters.
      mates = !pos.HasLegalMove();
    } else {
      // Mate if no reply escapes (none at all is mate already).
      MoveList replies;
      pos.GenerateLegalMoves(&replies);
      mates = true;
      for (Move r : replies) {
        Position::Undo reply_undo = pos.MakeMove(r);
        const bool still = HasCheckingMate(pos, depth - 1);
        pos.UnmakeMove(r, reply_undo);
        if (!still) {
          mates = false;
          break;
        }
      }
    }
    pos.UnmakeMove(m, undo);
    if (mates) return true;
  }
  return false;
}

}  // namespace caipan::xiangqi
