// Round robin (单循环) on the Berger tables (FIDE Handbook C.05, Annex 1):
// start numbers are Berger numbers; the player listed first plays red; an odd
// field plays the table of one more player, whose games are the byes.
//
// Berger table of n (even) players, round r: the player x with
// 2x ≡ r+1 (mod n-1) meets n at table 1, n playing red in even rounds; table
// k (2..n/2) has x+(k-1) and x-(k-1) (mod n-1, in 1..n-1), where of i < j
// the higher plays red when j-i is even, the lower when it is odd. Round 1 is
// 1-n, 2-(n-1), …; for 6 players round 2 is 6-4, 5-3, 1-2.
//
// The schedule is fixed: a withdrawn player keeps his games (scored as
// forfeits by the arbiter) and requested byes do not change it.
//
// Double round robin (双循环): the second cycle plays the table again, round
// by round in the table's order, with colours reversed (the same bye). By
// default the first cycle plays its last two rounds the other way round
// (FIDE C.05's recommendation): otherwise in every even field two players
// have the same colour three times in a row across the two cycles (4
// players: player 1 is black in rounds 3, 4 and 5).
#ifndef CAIPAN_ENGINE_TOURNAMENT_ROUND_ROBIN_H_
#define CAIPAN_ENGINE_TOURNAMENT_ROUND_ROBIN_H_

#include <vector>

#include "absl/status/statusor.h"
#include "engine/tournament/event.h"

namespace caipan::tournament {

struct RoundRobinOptions {
  // 1: single round robin (单循环); 2: double (双循环); more: the cycles
  // alternate colours (odd cycles as the table, even ones reversed).
  int cycles = 1;
  // With two or more cycles, odd cycles play the table's last two rounds in
  // swapped order, so that nobody has the same colour three times in a row.
  bool swap_last_two_rounds = true;
};

// Rounds of the Berger table of `players` players: players-1 when even,
// players when odd (0 for no players).
int RoundRobinRounds(int players);
// The rounds of all the cycles: RoundRobinRounds(players) * cycles (0 when
// cycles < 1).
int RoundRobinRounds(int players, const RoundRobinOptions& options);

// Round `round` of the Berger table of `players` players, by Berger number:
// games first in table order, then the bye (odd fields; black == 0).
// InvalidArgument if players < 1 or round is outside 1..RoundRobinRounds.
absl::StatusOr<std::vector<Pairing>> BergerRound(int players, int round);

// Berger tables; the player listed first plays red; odd fields: a bye each
// round. InvalidArgument if round is outside 1..rounds of the table (of all
// its cycles), or options.cycles < 1.
absl::StatusOr<std::vector<Pairing>> PairRoundRobinRound(
    const Event& event, int round, const RoundRobinOptions& options = {});

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_ROUND_ROBIN_H_
