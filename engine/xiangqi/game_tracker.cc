// Move-by-move repetition and natural-limit tracking (see game_tracker.h).
#include "engine/xiangqi/game_tracker.h"

#include <span>

namespace caipan::xiangqi {

GameTracker::GameTracker(const Position& start, const RuleOptions& options,
                         int max_plies)
    : options_(options),
      start_(start),
      pos_(start),
      segment_start_(start),
      // Memory follows the game: the table and the move list grow as it is
      // played, whatever the history limit.
      table_(/*max_positions=*/16),
      limit_(options, start.HalfmoveClock()) {
  table_.Insert(pos_.Hash(), 0);
}

GameTracker::Step GameTracker::Play(Move move, bool judge) {
  Step step;
  const int ply = plies() + 1;
  const Color mover = pos_.SideToMove();
  const bool capture = pos_.PieceAt(move.to) != kNoPiece;
  pos_.MakeMove(move);
  moves_.push_back(move);
  limit_.OnPly(ply, mover, capture, limit_.NeedsChecks() && pos_.InCheck());
  if (capture) {
    // No position before a capture can recur.
    table_.Reset();
    table_.Insert(pos_.Hash(), ply);
    segment_start_ = pos_;
    segment_ply_ = ply;
    return step;
  }
  const RepetitionTable::Occurrence occ = table_.Insert(pos_.Hash(), ply);
  step.occurrences = occ.count;
  if (occ.count >= 3 && judge) {
    Position cycle_start = segment_start_;
    for (int j = segment_ply_; j < occ.span_start_ply; ++j)
      cycle_start.MakeMove(moves_[j]);
    std::span<const Move> all(moves_);
    step.repetition = JudgeCycle(
        cycle_start, all.subspan(occ.span_start_ply, ply - occ.span_start_ply),
        occ.span_start_ply + 1, options_);
  }
  return step;
}

}  // namespace caipan::xiangqi
