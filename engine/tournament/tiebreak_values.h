// The figures the tie-breaks compare, for one event after a number of rounds:
// scores, opponent scores, wins, colours, head-to-head points among a group
// of tied players and the round-by-round results read backwards.
//
// Players are addressed by their index in Event::players throughout.
#ifndef CAIPAN_ENGINE_TOURNAMENT_TIEBREAK_VALUES_H_
#define CAIPAN_ENGINE_TOURNAMENT_TIEBREAK_VALUES_H_

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "engine/tournament/event.h"

namespace caipan::tournament {

// Where the digest leaves room; the defaults are the digest's or, where it
// is silent, the choice written next to each field.
struct TieBreakOptions {
  enum class ByeOpponent {
    // A bye (pairing bye U, requested byes H and F, or a forfeit win against
    // nobody) adds an opponent with the lowest score in the field (WXF).
    kLowestScore,
    // A bye adds nothing to 对手分 and is not in 中间对手分's list.
    kNothing,
  };
  ByeOpponent bye_opponent = ByeOpponent::kLowestScore;
  // 胜局 and 后走胜局 count forfeit wins: the player came to the board and
  // the opponent did not, which the results table records as a win. Byes
  // are never wins.
  bool forfeit_wins_count = true;
  // 直胜 and 小分: when the head-to-head points split a tied group only in
  // part, the still-tied subgroups are compared again by their games among
  // themselves, until nothing changes.
  bool repeat_head_to_head = true;
};

// Values comparing 1e-6 apart or less are equal (scores are sums of a few
// scoring values; this absorbs rounding of values such as 0.1).
long long Quantize(double value);

// Everything the tie-breaks of one event after `rounds` rounds read,
// computed once. Results of rounds after `rounds` are ignored; a round entry
// with kUnplayed counts as no game at all (no points, opponent or colour).
// Not for use from two threads at once (the group methods share scratch
// space).
class TieBreakContext {
 public:
  TieBreakContext(const Event& event, int rounds,
                  const TieBreakOptions& options);

  const Event& event() const { return event_; }
  const TieBreakOptions& options() const { return options_; }
  int player_count() const { return static_cast<int>(scores_.size()); }
  // min(rounds, the most round entries any player has), at least 0.
  int rounds() const { return rounds_; }

  // Index in Event::players of start number `number`; -1 if none.
  int IndexOf(int number) const;
  // The opponent's index when round entry `entry` is a game with a result
  // (win, draw, loss or a forfeit) against a player of the event; else -1.
  int GameOpponent(const RoundEntry& entry) const;

  // Points after rounds().
  double Score(int player) const { return scores_[player]; }
  // The lowest score in the field (0 for an empty event).
  double LowestScore() const { return lowest_score_; }

  // The opponents' scores, one per round with an opponent (a forfeit counts
  // the real opponent) or a bye counted under options().bye_opponent.
  std::vector<double> OpponentScoreList(int player) const;
  // 对手分: the sum of OpponentScoreList.
  double OpponentScores(int player) const;
  // 中间对手分: that sum minus the highest and the lowest entry; 0 with
  // fewer than three entries.
  double MedianOpponentScores(int player) const;
  // 累进分: the sum over rounds 1..rounds() of the score after each.
  double CumulativeScores(int player) const;
  // 胜局, 后走胜局 (forfeit wins per options()).
  int Wins(int player) const;
  int WinsAsBlack(int player) const;
  // 后走局数: games played over the board as black (forfeits were not
  // played).
  int GamesAsBlack(int player) const;
  int Fouls(int player) const;

  // The points of each round, latest first: rounds(), rounds() - 1, …, 1
  // (0 for a round with no entry).
  std::vector<double> RoundPointsLatestFirst(int player) const;
  // Those points as one number: the decimal digits, left to right, are the
  // points of the last round, the one before, …, round 1 (with 2/1/0 scoring
  // a win, loss, draw in rounds 3, 2, 1 gives 201). Only for display: the
  // sort compares the list itself, which stays right for any scoring.
  double PreviousRoundsValue(int player) const;

  // For each of `group` (indices), the points it scored in games against the
  // others of `group` (forfeits included; a rematch counts every game).
  std::vector<double> HeadToHeadPoints(const std::vector<int>& group) const;
  // Whether every two players of `group` met in a game with a result.
  bool AllMet(const std::vector<int>& group) const;

 private:
  bool IsBye(const RoundEntry& entry) const;
  // Marks the members of `group` in member_mark_ and returns the mark.
  int MarkMembers(const std::vector<int>& group) const;

  const Event& event_;
  TieBreakOptions options_;
  int rounds_ = 0;
  std::vector<double> scores_;
  double lowest_score_ = 0;
  // Start numbers are 1..n in order (the model's rule): number k is index
  // k - 1. Otherwise the map is used.
  bool numbers_in_order_ = true;
  absl::flat_hash_map<int, int> index_of_number_;
  // member_mark_[player] == current mark: the player is in the group being
  // looked at. Marks only grow, so no clearing between groups.
  mutable std::vector<int> member_mark_;
  mutable int mark_ = 0;
};

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_TIEBREAK_VALUES_H_
