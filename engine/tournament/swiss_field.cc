// Building the field a Swiss round pairs (see swiss_field.h).
#include "engine/tournament/swiss_field.h"

#include <algorithm>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace caipan::tournament {
namespace {

bool IsBye(RoundResult result) {
  switch (result) {
    case RoundResult::kPairingBye:
    case RoundResult::kHalfBye:
    case RoundResult::kFullBye:
      return true;
    case RoundResult::kWin:
    case RoundResult::kDraw:
    case RoundResult::kLoss:
    case RoundResult::kForfeitWin:
    case RoundResult::kForfeitLoss:
    case RoundResult::kZeroBye:
    case RoundResult::kUnplayed:
      return false;
  }
  return false;
}

bool IsRequestedBye(RoundResult result) {
  switch (result) {
    case RoundResult::kHalfBye:
    case RoundResult::kFullBye:
    case RoundResult::kZeroBye:
      return true;
    case RoundResult::kWin:
    case RoundResult::kDraw:
    case RoundResult::kLoss:
    case RoundResult::kForfeitWin:
    case RoundResult::kForfeitLoss:
    case RoundResult::kPairingBye:
    case RoundResult::kUnplayed:
      return false;
  }
  return false;
}

}  // namespace

absl::StatusOr<SwissField> BuildSwissField(const Event& event, int round) {
  if (round < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("round %d: rounds count from 1", round));
  }
  const int n = static_cast<int>(event.players.size());
  for (int i = 0; i < n; ++i) {
    if (event.players[i].number != i + 1) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "player at position %d has start number %d, expected %d", i + 1,
          event.players[i].number, i + 1));
    }
  }
  std::vector<std::vector<int>> excluded(n);
  std::vector<double> score(n, 0);
  for (int i = 0; i < n; ++i) {
    const Player& player = event.players[i];
    score[i] = PointsAfter(event, player, round - 1);
    const int played = std::min<int>(round - 1, player.rounds.size());
    for (int r = 0; r < played; ++r) {
      const RoundEntry& entry = player.rounds[r];
      if (entry.result == RoundResult::kUnplayed) {
        return absl::FailedPreconditionError(absl::StrFormat(
            "round %d: player %d has no result for round %d yet", round,
            player.number, r + 1));
      }
      if (entry.opponent == 0) continue;
      if (entry.opponent < 1 || entry.opponent > n ||
          entry.opponent == player.number) {
        return absl::InvalidArgumentError(
            absl::StrFormat("player %d, round %d: opponent %d is no other "
                            "player of the event",
                            player.number, r + 1, entry.opponent));
      }
      // Both directions, so a one-sided record still forbids the rematch.
      excluded[i].push_back(entry.opponent);
      excluded[entry.opponent - 1].push_back(player.number);
    }
  }
  for (const auto& [a, b] : event.forbidden_pairs) {
    if (a < 1 || a > n || b < 1 || b > n || a == b) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "forbidden pair %d-%d does not name two players of the event", a, b));
    }
    excluded[a - 1].push_back(b);
    excluded[b - 1].push_back(a);
  }
  double lowest = std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i) lowest = std::min(lowest, score[i]);

  SwissField field;
  for (int i = 0; i < n; ++i) {
    const Player& player = event.players[i];
    if (player.withdrawn) continue;
    if (static_cast<int>(player.rounds.size()) >= round &&
        IsRequestedBye(player.rounds[round - 1].result)) {
      continue;
    }
    SwissEntrant entrant;
    entrant.number = player.number;
    entrant.score = score[i];
    const int played = std::min<int>(round - 1, player.rounds.size());
    for (int r = 0; r < played; ++r) {
      const RoundEntry& entry = player.rounds[r];
      if (entry.opponent != 0) {
        entrant.opponent_score += score[entry.opponent - 1];
      } else if (IsBye(entry.result)) {
        entrant.opponent_score += lowest;
      }
      if (entry.result == RoundResult::kPairingBye) entrant.had_bye = true;
    }
    entrant.colours = ColourHistoryBefore(player, round);
    std::vector<int>& ex = excluded[i];
    std::sort(ex.begin(), ex.end());
    ex.erase(std::unique(ex.begin(), ex.end()), ex.end());
    entrant.excluded = std::move(ex);
    field.ranked.push_back(std::move(entrant));
  }
  std::stable_sort(field.ranked.begin(), field.ranked.end(),
                   [](const SwissEntrant& a, const SwissEntrant& b) {
                     if (a.score != b.score) return a.score > b.score;
                     if (a.opponent_score != b.opponent_score) {
                       return a.opponent_score > b.opponent_score;
                     }
                     return a.number < b.number;
                   });
  return field;
}

}  // namespace caipan::tournament
