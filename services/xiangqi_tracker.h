// Follows a xiangqi game move by move for the repetition and natural-limit
// rules, at a cost per move independent of the game's length (a PlayGame stream
// keeps one).
#ifndef CAIPAN_SERVICES_XIANGQI_TRACKER_H_
#define CAIPAN_SERVICES_XIANGQI_TRACKER_H_

#include <optional>
#include <vector>

#include "engine/xiangqi/natural_limit.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/repetition.h"
#include "engine/xiangqi/repetition_table.h"
#include "engine/xiangqi/rule_options.h"

namespace caipan::services {

class XiangqiTracker {
 public:
  // `max_plies` bounds the moves that will be played; nothing is allocated
  // for it up front.
  XiangqiTracker(const xiangqi::Position& start,
                 const xiangqi::RuleOptions& options, int max_plies);

  // What a move completed.
  struct Step {
    // How many times the position after the move has occurred since the last
    // capture.
    int occurrences = 1;
    // The ruling on the repetition, when the position occurred for the third
    // time or more and rulings were asked for.
    std::optional<xiangqi::RepetitionRuling> repetition;
  };
  // Plays a legal move. With `judge`, a repetition is ruled on.
  Step Play(xiangqi::Move move, bool judge = true);

  const xiangqi::Position& start() const { return start_; }
  const xiangqi::Position& position() const { return pos_; }
  const std::vector<xiangqi::Move>& moves() const { return moves_; }
  int plies() const { return static_cast<int>(moves_.size()); }
  const xiangqi::NaturalLimitCounter& limit() const { return limit_; }
  const xiangqi::RuleOptions& options() const { return options_; }

 private:
  xiangqi::RuleOptions options_;
  xiangqi::Position start_;
  xiangqi::Position pos_;
  // Where the current capture-free stretch starts, to rebuild a cycle's first
  // position.
  xiangqi::Position segment_start_;
  int segment_ply_ = 0;
  std::vector<xiangqi::Move> moves_;
  xiangqi::RepetitionTable table_;
  xiangqi::NaturalLimitCounter limit_;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_XIANGQI_TRACKER_H_
