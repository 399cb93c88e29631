// Points of results (see event.h).
#include "engine/tournament/event.h"

#include <algorithm>

namespace caipan::tournament {

double PointsFor(const Scoring& scoring, RoundResult result) {
  switch (result) {
    case RoundResult::kWin:
      return scoring.win;
    case RoundResult::kDraw:
      return scoring.draw;
    case RoundResult::kLoss:
      return scoring.loss;
    case RoundResult::kForfeitWin:
      return scoring.forfeit_win;
    case RoundResult::kForfeitLoss:
      return scoring.forfeit_loss;
    case RoundResult::kPairingBye:
      return scoring.pairing_bye;
    case RoundResult::kHalfBye:
      return scoring.half_bye;
    case RoundResult::kFullBye:
      return scoring.full_bye;
    case RoundResult::kZeroBye:
      return scoring.zero_bye;
    case RoundResult::kUnplayed:
      return 0;
  }
  return 0;
}

bool ResultsAgree(RoundResult mine, RoundResult theirs) {
  switch (mine) {
    case RoundResult::kWin:
      return theirs == RoundResult::kLoss;
    case RoundResult::kLoss:
      return theirs == RoundResult::kWin;
    case RoundResult::kDraw:
      return theirs == RoundResult::kDraw;
    case RoundResult::kForfeitWin:
      return theirs == RoundResult::kForfeitLoss;
    case RoundResult::kForfeitLoss:
      return theirs == RoundResult::kForfeitWin ||
             theirs == RoundResult::kForfeitLoss;
    case RoundResult::kUnplayed:
      return theirs == RoundResult::kUnplayed;
    case RoundResult::kPairingBye:
    case RoundResult::kHalfBye:
    case RoundResult::kFullBye:
    case RoundResult::kZeroBye:
      return false;
  }
  return false;
}

double PointsAfter(const Event& event, const Player& player, int rounds) {
  double points = 0;
  const int played = std::min<int>(rounds, player.rounds.size());
  for (int r = 0; r < played; ++r) {
    points += PointsFor(event.scoring, player.rounds[r].result);
  }
  return points;
}

}  // namespace caipan::tournament
