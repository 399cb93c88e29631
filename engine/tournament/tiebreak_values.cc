// Per-player tie-break figures (see tiebreak_values.h).
#include "engine/tournament/tiebreak_values.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "engine/tournament/event.h"

namespace caipan::tournament {
namespace {

bool IsGameResult(RoundResult result) {
  switch (result) {
    case RoundResult::kWin:
    case RoundResult::kDraw:
    case RoundResult::kLoss:
    case RoundResult::kForfeitWin:
    case RoundResult::kForfeitLoss:
      return true;
    case RoundResult::kPairingBye:
    case RoundResult::kHalfBye:
    case RoundResult::kFullBye:
    case RoundResult::kZeroBye:
    case RoundResult::kUnplayed:
      return false;
  }
  return false;
}

bool IsPlayedOverTheBoard(RoundResult result) {
  return result == RoundResult::kWin || result == RoundResult::kDraw ||
         result == RoundResult::kLoss;
}

}  // namespace

long long Quantize(double value) { return std::llround(value * 1e6); }

TieBreakContext::TieBreakContext(const Event& event, int rounds,
                                 const TieBreakOptions& options)
    : event_(event), options_(options) {
  size_t most = 0;
  for (const Player& player : event.players) {
    most = std::max(most, player.rounds.size());
  }
  rounds_ = std::clamp<int>(rounds, 0, static_cast<int>(most));
  scores_.reserve(event.players.size());
  for (size_t i = 0; i < event.players.size(); ++i) {
    scores_.push_back(PointsAfter(event, event.players[i], rounds_));
    if (event.players[i].number != static_cast<int>(i) + 1) {
      numbers_in_order_ = false;
    }
  }
  if (!numbers_in_order_) {
    index_of_number_.reserve(event.players.size());
    for (size_t i = 0; i < event.players.size(); ++i) {
      index_of_number_.emplace(event.players[i].number, static_cast<int>(i));
    }
  }
  member_mark_.assign(event.players.size(), 0);
  if (!scores_.empty()) {
    lowest_score_ = *std::min_element(scores_.begin(), scores_.end());
  }
}

int TieBreakContext::IndexOf(int number) const {
  if (numbers_in_order_) {
    return number >= 1 && number <= player_count() ? number - 1 : -1;
  }
  auto it = index_of_number_.find(number);
  return it == index_of_number_.end() ? -1 : it->second;
}

int TieBreakContext::GameOpponent(const RoundEntry& entry) const {
  if (entry.opponent == 0 || !IsGameResult(entry.result)) return -1;
  return IndexOf(entry.opponent);
}

bool TieBreakContext::IsBye(const RoundEntry& entry) const {
  switch (entry.result) {
    case RoundResult::kPairingBye:
    case RoundResult::kHalfBye:
    case RoundResult::kFullBye:
      return true;
    case RoundResult::kForfeitWin:
      // TRF writes a win given without an opponent as "+" against 0000.
      return GameOpponent(entry) < 0;
    case RoundResult::kWin:
    case RoundResult::kDraw:
    case RoundResult::kLoss:
    case RoundResult::kForfeitLoss:
    case RoundResult::kZeroBye:
    case RoundResult::kUnplayed:
      return false;
  }
  return false;
}

std::vector<double> TieBreakContext::OpponentScoreList(int player) const {
  std::vector<double> list;
  const std::vector<RoundEntry>& entries = event_.players[player].rounds;
  const int played = std::min<int>(rounds_, entries.size());
  for (int r = 0; r < played; ++r) {
    const int opponent = GameOpponent(entries[r]);
    if (opponent >= 0) {
      list.push_back(scores_[opponent]);
    } else if (IsBye(entries[r]) &&
               options_.bye_opponent ==
                   TieBreakOptions::ByeOpponent::kLowestScore) {
      list.push_back(lowest_score_);
    }
  }
  return list;
}

double TieBreakContext::OpponentScores(int player) const {
  double sum = 0;
  for (double score : OpponentScoreList(player)) sum += score;
  return sum;
}

double TieBreakContext::MedianOpponentScores(int player) const {
  const std::vector<double> list = OpponentScoreList(player);
  if (list.size() < 3) return 0;
  double sum = 0;
  for (double score : list) sum += score;
  const auto [low, high] = std::minmax_element(list.begin(), list.end());
  return sum - *low - *high;
}

double TieBreakContext::CumulativeScores(int player) const {
  const std::vector<RoundEntry>& entries = event_.players[player].rounds;
  double running = 0;
  double sum = 0;
  for (int r = 0; r < rounds_; ++r) {
    if (r < static_cast<int>(entries.size())) {
      running += PointsFor(event_.scoring, entries[r].result);
    }
    sum += running;
  }
  return sum;
}

int TieBreakContext::Wins(int player) const {
  const std::vector<RoundEntry>& entries = event_.players[player].rounds;
  const int played = std::min<int>(rounds_, entries.size());
  int wins = 0;
  for (int r = 0; r < played; ++r) {
    const RoundResult result = entries[r].result;
    if (result == RoundResult::kWin ||
        (result == RoundResult::kForfeitWin && options_.forfeit_wins_count &&
         GameOpponent(entries[r]) >= 0)) {
      ++wins;
    }
  }
  return wins;
}

int TieBreakContext::WinsAsBlack(int player) const {
  const std::vector<RoundEntry>& entries = event_.players[player].rounds;
  const int played = std::min<int>(rounds_, entries.size());
  int wins = 0;
  for (int r = 0; r < played; ++r) {
    const RoundEntry& entry = entries[r];
    if (entry.side != Side::kBlack) continue;
    if (entry.result == RoundResult::kWin ||
        (entry.result == RoundResult::kForfeitWin &&
         options_.forfeit_wins_count && GameOpponent(entry) >= 0)) {
      ++wins;
    }
  }
  return wins;
}

int TieBreakContext::GamesAsBlack(int player) const {
  const std::vector<RoundEntry>& entries = event_.players[player].rounds;
  const int played = std::min<int>(rounds_, entries.size());
  int games = 0;
  for (int r = 0; r < played; ++r) {
    if (entries[r].side == Side::kBlack &&
        IsPlayedOverTheBoard(entries[r].result)) {
      ++games;
    }
  }
  return games;
}

int TieBreakContext::Fouls(int player) const {
  return event_.players[player].fouls;
}

std::vector<double> TieBreakContext::RoundPointsLatestFirst(int player) const {
  const std::vector<RoundEntry>& entries = event_.players[player].rounds;
  std::vector<double> points;
  points.reserve(rounds_);
  for (int r = rounds_ - 1; r >= 0; --r) {
    points.push_back(r < static_cast<int>(entries.size())
                         ? PointsFor(event_.scoring, entries[r].result)
                         : 0.0);
  }
  return points;
}

double TieBreakContext::PreviousRoundsValue(int player) const {
  double value = 0;
  for (double points : RoundPointsLatestFirst(player)) {
    value = value * 10 + points;
  }
  return value;
}

int TieBreakContext::MarkMembers(const std::vector<int>& group) const {
  ++mark_;
  for (int player : group) member_mark_[player] = mark_;
  return mark_;
}

std::vector<double> TieBreakContext::HeadToHeadPoints(
    const std::vector<int>& group) const {
  const int mark = MarkMembers(group);
  std::vector<double> points(group.size(), 0.0);
  for (size_t i = 0; i < group.size(); ++i) {
    const std::vector<RoundEntry>& entries = event_.players[group[i]].rounds;
    const int played = std::min<int>(rounds_, entries.size());
    for (int r = 0; r < played; ++r) {
      const int opponent = GameOpponent(entries[r]);
      if (opponent >= 0 && opponent != group[i] &&
          member_mark_[opponent] == mark) {
        points[i] += PointsFor(event_.scoring, entries[r].result);
      }
    }
  }
  return points;
}

bool TieBreakContext::AllMet(const std::vector<int>& group) const {
  // Each member needs a game against each of the others: a group larger
  // than the rounds played plus one cannot have met in full.
  if (group.size() > static_cast<size_t>(rounds_) + 1) return false;
  const int mark = MarkMembers(group);
  std::vector<int> met;
  for (int player : group) {
    met.clear();
    const std::vector<RoundEntry>& entries = event_.players[player].rounds;
    const int played = std::min<int>(rounds_, entries.size());
    for (int r = 0; r < played; ++r) {
      const int opponent = GameOpponent(entries[r]);
      if (opponent >= 0 && opponent != player &&
          member_mark_[opponent] == mark) {
        met.push_back(opponent);
      }
    }
    std::sort(met.begin(), met.end());
    met.erase(std::unique(met.begin(), met.end()), met.end());
    if (met.size() + 1 < group.size()) return false;
  }
  return true;
}

}  // namespace caipan::tournament
