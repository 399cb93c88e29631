// Colour history and allocation (see colour.h).
#include "engine/tournament/colour.h"

#include <algorithm>
#include <cstdlib>

namespace caipan::tournament {
namespace {

bool IsGamePlayed(const RoundEntry& entry) {
  if (!entry.side.has_value() || entry.opponent == 0) return false;
  switch (entry.result) {
    case RoundResult::kWin:
    case RoundResult::kDraw:
    case RoundResult::kLoss:
    case RoundResult::kUnplayed:
      return true;
    case RoundResult::kForfeitWin:
    case RoundResult::kForfeitLoss:
    case RoundResult::kPairingBye:
    case RoundResult::kHalfBye:
    case RoundResult::kFullBye:
    case RoundResult::kZeroBye:
      return false;
  }
  return false;
}

Side Other(Side side) { return side == Side::kRed ? Side::kBlack : Side::kRed; }

// The colour `history` alternates to, if it has played.
std::optional<Side> Alternate(const ColourHistory& history) {
  if (!history.last.has_value()) return std::nullopt;
  return Other(*history.last);
}

}  // namespace

ColourHistory ColourHistoryBefore(const Player& player, int round) {
  ColourHistory history;
  const int rounds = std::min<int>(round - 1, player.rounds.size());
  for (int r = 0; r < rounds; ++r) {
    const RoundEntry& entry = player.rounds[r];
    if (IsGamePlayed(entry)) history = WithGame(history, *entry.side);
  }
  return history;
}

ColourHistory WithGame(ColourHistory history, Side side) {
  (side == Side::kRed ? history.reds : history.blacks) += 1;
  history.run = history.last == side ? history.run + 1 : 1;
  history.last = side;
  return history;
}

bool MayPlay(const ColourHistory& history, Side side,
             const ColourLimits& limits) {
  const ColourHistory after = WithGame(history, side);
  return std::abs(after.imbalance()) <= limits.max_difference &&
         after.run <= limits.max_run;
}

std::optional<bool> HigherPlacedPlaysRed(const ColourHistory& higher,
                                         const ColourHistory& lower, int table,
                                         const ColourLimits& limits) {
  const bool higher_red_ok = MayPlay(higher, Side::kRed, limits) &&
                             MayPlay(lower, Side::kBlack, limits);
  const bool higher_black_ok = MayPlay(higher, Side::kBlack, limits) &&
                               MayPlay(lower, Side::kRed, limits);
  if (!higher_red_ok && !higher_black_ok) return std::nullopt;
  if (!higher_red_ok) return false;
  if (!higher_black_ok) return true;

  const int h = higher.imbalance();
  const int l = lower.imbalance();
  if (std::abs(h) != std::abs(l)) {
    // The player further from even gets the colour it has had less.
    if (std::abs(h) > std::abs(l)) return h < 0;
    return l > 0;
  }
  if (h != 0 && (h > 0) != (l > 0)) return h < 0;  // each gets what it lacks
  const std::optional<Side> h_alt = Alternate(higher);
  const std::optional<Side> l_alt = Alternate(lower);
  if (h_alt.has_value()) return *h_alt == Side::kRed;  // rules 2 and 3
  if (l_alt.has_value()) return *l_alt == Side::kBlack;
  return table % 2 == 1;
}

}  // namespace caipan::tournament
