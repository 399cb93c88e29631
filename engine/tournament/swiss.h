// Swiss pairing (积分编排) as the Chinese regulations practise it: round 1 by
// drawn number, later rounds down the list of players placed by score,
// 对手分 and number, within score groups first.
//
// The pairing a round gets (what "exact" means here), in order of priority:
//  0. Absolute rules: no rematch (any earlier pairing, forfeits included),
//     no forbidden pair, nobody over the red/black difference or the same
//     colour too many games in a row (colour.h), nobody a second
//     pairing-allocated bye.
//  1. Odd field: the bye goes to the lowest-placed player without one so far
//     for whom the rest can still be paired.
//  2. Score groups from the top: the players floated into a group head it;
//     the group pairs as many of its players among themselves as it can
//     while the rest of the field can still be paired; those left over
//     float down into the next group.
//  3. Within that, greedy down the list: the highest-placed player not yet
//     paired takes the highest-placed partner that still allows 1 and 2 (in
//     round 1 with top half against bottom half, a top-half player looks at
//     the bottom half first, in order: 1 meets n/2+1 unless forbidden).
// Colours then follow colour.h; tables are numbered in order of each game's
// higher-placed player, the bye last.
//
// How it is computed (swiss_matching.h, swiss_group.cc): a perfect matching
// of the players still to pair is kept as proof that they can all be
// paired, and repaired with augmenting paths after each decision, so no
// decision ever leaves the rest unpairable and nothing is searched blindly.
// A score group's pairs: at most a maximum matching of the group among
// itself, and at least as many left over as the colour classes below need;
// from that number down, the greedy choice of rule 3 with a matching of the
// group (plus one slot per player left over) as exact oracle. With at most
// one player left over this is exact (when the rest cannot take the one the
// greedy choice leaves over, those it can take are worked out first); with
// more, a depth-first search in the same order checks each complete choice
// against the rest. The search of a group
// is bounded (at least 200,000 steps, 64 per player); when the bound is hit
// the group falls back to the greedy choice with the proof alone as oracle
// (each pair kept only if the rest still pairs, at most 8 tries per player,
// then the proof's own partner): still within every absolute rule, but not
// necessarily the most pairs within the group. Measured: never hit in 2,500
// random events of up to 60 players over 5-9 rounds, nor in 27,000 rounds of
// 100 players and 2,700 of 1,000; once in 540 rounds of 10,000 players (a
// group that had to float four players); often only in events with nearly
// as many rounds as players.
// FailedPrecondition only when no pairing at all keeps the absolute rules.
#ifndef CAIPAN_ENGINE_TOURNAMENT_SWISS_H_
#define CAIPAN_ENGINE_TOURNAMENT_SWISS_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/tournament/event.h"

namespace caipan::tournament {

struct SwissOptions {
  // Round 1: 1-2, 3-4 … instead of top half vs bottom half.
  bool round_one_neighbours = false;
  // |reds - blacks| stays within this.
  int max_colour_difference = 2;
  // Never the same colour three times in a row.
  int max_same_colour_in_row = 2;
};

// The pairings of round `round` (1-based) from the results of rounds
// 1..round-1 in `event` (players[i].rounds). Tables numbered from 1 in order
// of the higher-placed player; a bye last (black == 0). Withdrawn players
// and players whose entry for `round` is already a requested bye
// (kHalfBye/kFullBye/kZeroBye present at index round-1) are not paired.
// FailedPrecondition naming the reason when no pairing satisfies the
// absolute rules.
absl::StatusOr<std::vector<Pairing>> PairSwissRound(
    const Event& event, int round, const SwissOptions& options = {});

// What the search of one round did (benchmarks and tests).
struct SwissStats {
  // Score groups searched.
  int groups = 0;
  // Groups that hit the bound: the proof's pairs.
  int fallback_groups = 0;
  // Search steps and adjacency tests.
  int64_t steps = 0;
};

// PairSwissRound, also filling `stats` (not null).
absl::StatusOr<std::vector<Pairing>> PairSwissRound(const Event& event,
                                                    int round,
                                                    const SwissOptions& options,
                                                    SwissStats* stats);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_SWISS_H_
