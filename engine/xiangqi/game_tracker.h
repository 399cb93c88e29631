// Follows a xiangqi game move by move for the repetition and natural-limit
// rules, at a cost per move independent of the game's length (the
// RuleOnRepetition RPC and `caipan xiangqi repetition` keep one).
#ifndef CAIPAN_ENGINE_XIANGQI_GAME_TRACKER_H_
#define CAIPAN_ENGINE_XIANGQI_GAME_TRACKER_H_

#include <optional>
#include <vector>

#include "engine/xiangqi/natural_limit.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/repetition.h"
#include "engine/xiangqi/repetition_table.h"
#include "engine/xiangqi/rule_options.h"

namespace caipan::xiangqi {

class GameTracker {
 public:
  // `max_plies` bounds the moves that will be played; nothing is allocated
  // for it up front.
  GameTracker(const Position& start, const RuleOptions& options, int max_plies);

  // What a move completed.
  struct Step {
    // How many times the position after the move has occurred since the last
    // capture.
    int occurrences = 1;
    // The ruling on the repetition, when the position occurred for the third
    // time or more and rulings were asked for.
    std::optional<RepetitionRuling> repetition;
  };
  // Plays a legal move. With `judge`, a repetition is ruled on.
  Step Play(Move move, bool judge = true);

  const Position& start() const { return start_; }
  const Position& position() const { return pos_; }
  const std::vector<Move>& moves() const { return moves_; }
  int plies() const { return static_cast<int>(moves_.size()); }
  const NaturalLimitCounter& limit() const { return limit_; }
  const RuleOptions& options() const { return options_; }

 private:
  RuleOptions options_;
  Position start_;
  Position pos_;
  // Where the current capture-free stretch starts, to rebuild a cycle's first
  // position.
  Position segment_start_;
  int segment_ply_ = 0;
  std::vector<Move> moves_;
  RepetitionTable table_;
  NaturalLimitCounter limit_;
};

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_GAME_TRACKER_H_
