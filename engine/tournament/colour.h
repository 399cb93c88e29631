// The Swiss colour rules of the digest: a player's colour history, the
// absolute limits (red/black difference, same colour in a row) and the
// allocation of red and black to the two players of a game.
//
// Only games played count for colours: a win, draw or loss (or a game paired
// and not yet played) with a colour; forfeits and byes are skipped, so "in a
// row" means in consecutive games played, whatever rounds lie between.
#ifndef CAIPAN_ENGINE_TOURNAMENT_COLOUR_H_
#define CAIPAN_ENGINE_TOURNAMENT_COLOUR_H_

#include <optional>

#include "engine/tournament/event.h"

namespace caipan::tournament {

struct ColourLimits {
  // |reds - blacks| after the game stays within.
  int max_difference = 2;
  // At most this many games in a row with a colour.
  int max_run = 2;
};

// A player's colours before a round.
struct ColourHistory {
  int reds = 0;
  int blacks = 0;
  // The colour of the last game played.
  std::optional<Side> last;
  // Games in a row, up to the last, with `last`
  int run = 0;
  int imbalance() const { return reds - blacks; }
  friend bool operator==(const ColourHistory&, const ColourHistory&) = default;
};

// The colours of `player`'s games in rounds 1..round-1.
ColourHistory ColourHistoryBefore(const Player& player, int round);

// The history after one more game with `side`.
ColourHistory WithGame(ColourHistory history, Side side);

// Whether playing `side` keeps the player within `limits`.
bool MayPlay(const ColourHistory& history, Side side,
             const ColourLimits& limits);

// Who plays red when `higher` (the higher-placed player) meets `lower` at
// table `table`: true if `higher` does, nullopt if no allocation keeps both
// within `limits`. When both allocations are allowed:
//   1. the larger |imbalance| gets the colour it lacks;
//   2. equal |imbalance|: each alternates from its last game when their last
//      colours differ (or only one has played);
//   3. still equal (the same last colour): the higher-placed alternates;
//   4. neither has played a game: the higher-placed has red on odd tables
//      and black on even ones (round 1: 1 red, 2 black, 3 red, …).
std::optional<bool> HigherPlacedPlaysRed(const ColourHistory& higher,
                                         const ColourHistory& lower, int table,
                                         const ColourLimits& limits);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_COLOUR_H_
