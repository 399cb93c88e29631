// A game adjudicated move by move, as it is played or read: the one place the
// rulings are made, so a record adjudicated whole (Adjudicate), a streamed
// game and a move checked against its history get the same verdict.
#ifndef CAIPAN_ENGINE_XIANGQI_GAME_ADJUDICATOR_H_
#define CAIPAN_ENGINE_XIANGQI_GAME_ADJUDICATOR_H_

#include <optional>
#include <vector>

#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/natural_limit.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/repetition_table.h"
#include "engine/xiangqi/rule_options.h"

namespace caipan::xiangqi {

// The rules are those of Adjudicate (adjudicator.h). Memory grows with the
// game: a few dozen bytes per ply.
class GameAdjudicator {
 public:
  // `start` must be a valid position; `expected_plies` only sizes the tables.
  GameAdjudicator(const Position& start, const RuleOptions& options,
                  int expected_plies = 0);

  // Plays the next move. An illegal move decides the game: its mover loses
  // (kIllegalMove); once decided, moves are counted as trailing and not
  // examined.
  void Play(Move m);
  // The next move's text named no legal move (e.g. "车九进一" with no chariot
  // there): ruled as an illegal move, for `reason`; IllegalMove::move is
  // a0a0 (no squares).
  void Unplayable(std::string reason);
  // Claim mode: a claim by `side` (unset: the side to move) after the moves
  // played so far. Ignored (nullopt) in automatic mode or once decided.
  std::optional<ClaimRuling> Claim(std::optional<Color> side);
  // How a claim by `claimant` after the moves played so far would be ruled,
  // in either mode, deciding and recording nothing (a live game's arbiter
  // asks this of the game's own adjudicator). The game must not be decided.
  ClaimRuling RuleOnClaim(Color claimant) const;

  bool decided() const { return v_.result != GameResult::kOngoing || illegal_; }
  // Whether the game is over: decided, or the side to move has no legal move
  // (mate and stalemate are found lazily, see Play). Cheaper than asking
  // Current() for its result.
  bool over() const {
    return decided() || (no_mate_at_ != plies() && !pos_.HasLegalMove());
  }
  // The current position's state (check, mate, stalemate). When the side to
  // move has a move, this is remembered, so that over() and Current() need
  // not look again.
  GameState PositionState();
  // The verdict so far: decided, or ongoing after plies() plies.
  Verdict Current() const;
  // The verdict at the end of a record: as Current(), and for an open game in
  // claim mode what a claim by the side to move would give (claim_at_end).
  Verdict Finish();

  const Position& position() const { return pos_; }
  int plies() const { return static_cast<int>(moves_.size()); }
  const std::vector<Move>& moves() const { return moves_; }
  const Position& start() const { return start_; }
  // The ruling made by the last Play, if it made one (automatic mode: the
  // decisive repetition).
  const std::optional<RepetitionRuling>& last_ruling() const {
    return last_ruling_;
  }
  // How many times the current position has occurred since the last capture
  // (1 after a capture).
  int occurrences() const { return occurrence_.count; }
  // The ruling on the repetition that brought the current position back for
  // the third time or more since the last capture, over the two cycles since
  // its (k-2)-th occurrence; nullopt when it has occurred fewer than three
  // times. It decides nothing: what the game makes of it is for Play (in
  // automatic mode) or Claim to say.
  std::optional<RepetitionRuling> RuleOnCurrentRepetition() const;

 private:
  bool AutomaticRulings(int ply);
  bool OrderBroken(int ply);
  void NoteClaimable(int ply);
  RepetitionRuling JudgeSpan(int first_ply, int last_ply) const;
  bool DecideIfNoMoves(int ply);
  void Decide(int ply);

  RuleOptions options_;
  bool automatic_;
  Position start_;
  Position pos_;
  NaturalLimitCounter limit_;
  RepetitionTable table_;
  // Positions since the last order to vary.
  RepetitionTable since_order_;
  std::vector<Move> moves_;
  // The position after the last capture (or the start) and its ply: a
  // repeated span never reaches back past a capture, so a span's first
  // position is rebuilt by replaying from here. Kept instead of an undo
  // record per ply, as captures are few and rulings fewer.
  Position since_capture_;
  int since_capture_ply_ = 0;
  Verdict v_;
  int decided_ply_ = -1;
  bool illegal_ = false;
  int trailing_ = 0;
  // The ply after which the side to move has moves.
  int no_mate_at_ = -1;
  RepetitionTable::Occurrence occurrence_;
  std::optional<RepetitionRuling> last_ruling_;
  bool ordered_to_vary_[2] = {false, false};
  bool limit_claimable_[2] = {false, false};
  // Whether the side to move is in check.
  bool in_check_ = false;
};

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_GAME_ADJUDICATOR_H_
