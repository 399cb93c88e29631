// The players a Swiss round pairs, as the pairing sees them: placed by score,
// 对手分 and start number, with their colour histories, the players they may
// not meet and whether they may still get the bye.
#ifndef CAIPAN_ENGINE_TOURNAMENT_SWISS_FIELD_H_
#define CAIPAN_ENGINE_TOURNAMENT_SWISS_FIELD_H_

#include <vector>

#include "absl/status/statusor.h"
#include "engine/tournament/colour.h"
#include "engine/tournament/event.h"

namespace caipan::tournament {

struct SwissEntrant {
  int number = 0;
  // Points after the previous round.
  double score = 0;
  // 对手分 (see BuildSwissField)
  double opponent_score = 0;
  ColourHistory colours;
  // A pairing-allocated bye (U) in an earlier round.
  bool had_bye = false;
  // Start numbers of the players met in earlier rounds (any game paired,
  // forfeits included) and of the forbidden pairs; sorted, no repeats.
  std::vector<int> excluded;
};

struct SwissField {
  // The players to pair in round order: score, then 对手分 (both
  // descending), then start number. Withdrawn players and players with a
  // requested bye (H, F, Z) recorded for the round are left out.
  std::vector<SwissEntrant> ranked;
};

// The field of round `round` (1-based) of `event` from rounds 1..round-1.
// 对手分 is the sum of the current scores of the opponents met (forfeits count
// the real opponent); a bye (U, H or F) counts as an opponent with the lowest
// current score in the event; a round without a game and without a bye (Z, or
// no entry) counts nothing.
// InvalidArgument: round < 1, start numbers not 1..n in order, an opponent or
// forbidden pair naming no player. FailedPrecondition: an earlier round with
// a game not yet played (its result is needed to place the players).
absl::StatusOr<SwissField> BuildSwissField(const Event& event, int round);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_SWISS_FIELD_H_
