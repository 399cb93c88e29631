// Individual standings: players ordered by points, then by a chain of
// tie-breaks; players equal on everything share a place.
//
// Example (the default xiangqi Swiss chain; TB1 is 对手分):
//   std::vector<StandingRow> rows = ComputeStandings(
//       event, 5, DefaultTieBreaks(EventFormat::kXiangqiSwiss));
//   // rows[0].place == 1, rows[0].tiebreaks[0] is the leader's 对手分.
#ifndef CAIPAN_ENGINE_TOURNAMENT_STANDINGS_H_
#define CAIPAN_ENGINE_TOURNAMENT_STANDINGS_H_

#include <vector>

#include "absl/status/status.h"
#include "engine/tournament/event.h"
#include "engine/tournament/tiebreak.h"
#include "engine/tournament/tiebreak_values.h"

namespace caipan::tournament {

struct StandingRow {
  // 1-based; players equal on points and on every tie-break of the chain
  // share a place (the next place skips: 1, 2, 2, 4).
  int place = 0;
  // Start number.
  int number = 0;
  double points = 0;
  // One value per tie-break, in chain order:
  //   kOpponentScores … kGamesAsBlack: the figure (tiebreak_values.h);
  //   kFouls: the number of fouls (fewer ranks higher);
  //   kDirectEncounter: the points scored against the others of the
  //     player's tied group when the step is applied (players equal on
  //     points and all earlier tie-breaks), if all of them met each other;
  //     0 otherwise or when the player is alone in the group;
  //   kMiniPoints: the points scored against the others of that group
  //     (0 when alone);
  //   kPreviousRounds: TieBreakContext::PreviousRoundsValue (the points of
  //     the last round, the one before, … as decimal digits).
  std::vector<double> tiebreaks;
};

// Standings after `rounds` rounds: results of later rounds are ignored and
// kUnplayed counts as no game. Every player of the event is listed,
// withdrawn players included. Players in the same place are listed by start
// number.
//
// Each tie-break re-groups the players still tied after the ones before:
// per-player figures split a group by value; 直胜 and 小分 compare the games
// among the members of the group (直胜 only when all of them met), and again
// among a still-tied part of it (TieBreakOptions::repeat_head_to_head);
// previous rounds compares the last round's points, then the round before,
// and so on back.
//
// Round entries that name no player of the event are counted for points
// only; CheckResults finds them.
std::vector<StandingRow> ComputeStandings(const Event& event, int rounds,
                                          const std::vector<TieBreak>& chain);
std::vector<StandingRow> ComputeStandings(const Event& event, int rounds,
                                          const std::vector<TieBreak>& chain,
                                          const TieBreakOptions& options);

// The player with start number `number`; nullptr if none. Looks at
// players[number - 1] first (the model's order), then searches.
const Player* FindPlayer(const Event& event, int number);

// Whether the first `rounds` rounds of `event` are consistent: start numbers
// 1..n in order; a game (win, draw, loss, forfeit, unplayed) names another
// player of the event whose entry for that round names this player back with
// the matching result (win–loss, draw–draw, forfeit win–forfeit loss, a
// double forfeit loss, unplayed–unplayed) and, when both are recorded, the
// other colour; a bye names no opponent (a forfeit win may be recorded
// against nobody). INVALID_ARGUMENT names the player and the round.
absl::Status CheckResults(const Event& event, int rounds);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_STANDINGS_H_
