// Standings by points and a tie-break chain (see standings.h).
#include "engine/tournament/standings.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/tournament/event.h"
#include "engine/tournament/tiebreak.h"
#include "engine/tournament/tiebreak_values.h"

namespace caipan::tournament {
namespace {

using Group = std::vector<int>;  // indices in Event::players

// Splits `group` by a key per member, higher keys first; members with equal
// keys stay together, listed by start number (the order they came in).
template <typename Key>
std::vector<Group> SplitByKey(const Group& group,
                              const std::vector<Key>& keys) {
  std::vector<size_t> order(group.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return keys[a] > keys[b]; });
  std::vector<Group> parts;
  for (size_t k = 0; k < order.size(); ++k) {
    if (k == 0 || keys[order[k]] != keys[order[k - 1]]) parts.emplace_back();
    parts.back().push_back(group[order[k]]);
  }
  return parts;
}

class ChainSorter {
 public:
  ChainSorter(const TieBreakContext& context,
              const std::vector<TieBreak>& chain)
      : context_(context),
        chain_(chain),
        values_(chain.size(),
                std::vector<double>(context.player_count(), 0.0)) {}

  // The final groups of tied players, best first.
  std::vector<Group> Sort() {
    Group all(context_.player_count());
    for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    std::sort(all.begin(), all.end(), [&](int a, int b) {
      return context_.event().players[a].number <
             context_.event().players[b].number;
    });
    std::vector<long long> points;
    points.reserve(all.size());
    for (int player : all) points.push_back(Quantize(context_.Score(player)));
    std::vector<Group> groups = SplitByKey(all, points);
    for (size_t step = 0; step < chain_.size(); ++step) {
      std::vector<Group> next;
      next.reserve(groups.size());
      for (const Group& group : groups) {
        for (Group& part : Apply(step, group)) next.push_back(std::move(part));
      }
      groups = std::move(next);
    }
    return groups;
  }

  double Value(size_t step, int player) const { return values_[step][player]; }

 private:
  // Fills values_[step] for the members of `group` and splits it.
  std::vector<Group> Apply(size_t step, const Group& group) {
    std::vector<double>& values = values_[step];
    switch (chain_[step]) {
      case TieBreak::kOpponentScores:
        return ByFigure(group, values, /*higher_first=*/true,
                        [&](int p) { return context_.OpponentScores(p); });
      case TieBreak::kMedianOpponentScores:
        return ByFigure(group, values, true, [&](int p) {
          return context_.MedianOpponentScores(p);
        });
      case TieBreak::kCumulativeScores:
        return ByFigure(group, values, true,
                        [&](int p) { return context_.CumulativeScores(p); });
      case TieBreak::kWins:
        return ByFigure(group, values, true,
                        [&](int p) { return context_.Wins(p); });
      case TieBreak::kWinsAsBlack:
        return ByFigure(group, values, true,
                        [&](int p) { return context_.WinsAsBlack(p); });
      case TieBreak::kGamesAsBlack:
        return ByFigure(group, values, true,
                        [&](int p) { return context_.GamesAsBlack(p); });
      case TieBreak::kFouls:
        return ByFigure(group, values, /*higher_first=*/false,
                        [&](int p) { return context_.Fouls(p); });
      case TieBreak::kDirectEncounter:
        return HeadToHead(group, values, /*all_must_meet=*/true);
      case TieBreak::kMiniPoints:
        return HeadToHead(group, values, /*all_must_meet=*/false);
      case TieBreak::kPreviousRounds:
        return ByPreviousRounds(group, values);
    }
    return {group};
  }

  template <typename Figure>
  std::vector<Group> ByFigure(const Group& group, std::vector<double>& values,
                              bool higher_first, Figure figure) {
    std::vector<long long> keys;
    keys.reserve(group.size());
    for (int player : group) {
      values[player] = figure(player);
      const long long key = Quantize(values[player]);
      keys.push_back(higher_first ? key : -key);
    }
    return SplitByKey(group, keys);
  }

  std::vector<Group> HeadToHead(const Group& group, std::vector<double>& values,
                                bool all_must_meet) {
    for (int player : group) values[player] = 0;
    if (group.size() < 2) return {group};
    if (all_must_meet && !context_.AllMet(group)) return {group};
    const std::vector<double> points = context_.HeadToHeadPoints(group);
    for (size_t i = 0; i < group.size(); ++i) values[group[i]] = points[i];
    return SplitHeadToHead(group, points);
  }

  // Splits by head-to-head points; a still-tied part of a split group is
  // compared again by its own games when the options say so. (A part of a
  // group whose members all met has all met too.)
  std::vector<Group> SplitHeadToHead(const Group& group,
                                     const std::vector<double>& points) {
    std::vector<long long> keys;
    keys.reserve(points.size());
    for (double p : points) keys.push_back(Quantize(p));
    std::vector<Group> parts = SplitByKey(group, keys);
    if (parts.size() == 1 || !context_.options().repeat_head_to_head) {
      return parts;
    }
    std::vector<Group> result;
    for (Group& part : parts) {
      if (part.size() < 2) {
        result.push_back(std::move(part));
        continue;
      }
      for (Group& sub :
           SplitHeadToHead(part, context_.HeadToHeadPoints(part))) {
        result.push_back(std::move(sub));
      }
    }
    return result;
  }

  std::vector<Group> ByPreviousRounds(const Group& group,
                                      std::vector<double>& values) {
    std::vector<std::vector<long long>> keys;
    keys.reserve(group.size());
    for (int player : group) {
      values[player] = context_.PreviousRoundsValue(player);
      std::vector<long long> key;
      for (double p : context_.RoundPointsLatestFirst(player)) {
        key.push_back(Quantize(p));
      }
      keys.push_back(std::move(key));
    }
    return SplitByKey(group, keys);
  }

  const TieBreakContext& context_;
  const std::vector<TieBreak>& chain_;
  // values_[step][player]
  std::vector<std::vector<double>> values_;
};

std::string Where(const Player& player, int round) {
  return absl::StrCat("player ", player.number, " (", player.name, ") round ",
                      round);
}

}  // namespace

std::vector<StandingRow> ComputeStandings(const Event& event, int rounds,
                                          const std::vector<TieBreak>& chain) {
  return ComputeStandings(event, rounds, chain, TieBreakOptions{});
}

std::vector<StandingRow> ComputeStandings(const Event& event, int rounds,
                                          const std::vector<TieBreak>& chain,
                                          const TieBreakOptions& options) {
  const TieBreakContext context(event, rounds, options);
  ChainSorter sorter(context, chain);
  const std::vector<Group> groups = sorter.Sort();
  std::vector<StandingRow> rows;
  rows.reserve(event.players.size());
  for (const Group& group : groups) {
    const int place = static_cast<int>(rows.size()) + 1;
    for (int player : group) {
      StandingRow row;
      row.place = place;
      row.number = event.players[player].number;
      row.points = context.Score(player);
      row.tiebreaks.reserve(chain.size());
      for (size_t step = 0; step < chain.size(); ++step) {
        row.tiebreaks.push_back(sorter.Value(step, player));
      }
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

const Player* FindPlayer(const Event& event, int number) {
  if (number >= 1 && number <= static_cast<int>(event.players.size()) &&
      event.players[number - 1].number == number) {
    return &event.players[number - 1];
  }
  for (const Player& player : event.players) {
    if (player.number == number) return &player;
  }
  return nullptr;
}

absl::Status CheckResults(const Event& event, int rounds) {
  const int n = static_cast<int>(event.players.size());
  for (int i = 0; i < n; ++i) {
    if (event.players[i].number != i + 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("player ", event.players[i].number, " (",
                       event.players[i].name, ") is listed as number ", i + 1,
                       ": start numbers must be 1..", n, " in order"));
    }
  }
  for (const Player& player : event.players) {
    const int played = std::min<int>(rounds, player.rounds.size());
    for (int r = 0; r < played; ++r) {
      const RoundEntry& entry = player.rounds[r];
      const bool bye = entry.result == RoundResult::kPairingBye ||
                       entry.result == RoundResult::kHalfBye ||
                       entry.result == RoundResult::kFullBye ||
                       entry.result == RoundResult::kZeroBye;
      if (entry.opponent == 0) {
        if (bye || entry.result == RoundResult::kForfeitWin) continue;
        return absl::InvalidArgumentError(
            absl::StrCat(Where(player, r + 1), ": a game without an opponent"));
      }
      if (bye) {
        return absl::InvalidArgumentError(absl::StrCat(
            Where(player, r + 1), ": a bye against player ", entry.opponent));
      }
      if (entry.opponent < 1 || entry.opponent > n ||
          entry.opponent == player.number) {
        return absl::InvalidArgumentError(
            absl::StrCat(Where(player, r + 1), ": opponent ", entry.opponent,
                         " is not another player of the event"));
      }
      const Player& opponent = event.players[entry.opponent - 1];
      if (static_cast<int>(opponent.rounds.size()) <= r ||
          opponent.rounds[r].opponent != player.number) {
        return absl::InvalidArgumentError(
            absl::StrCat(Where(player, r + 1), ": opponent ", entry.opponent,
                         " does not name this player back"));
      }
      const RoundEntry& back = opponent.rounds[r];
      if (!ResultsAgree(entry.result, back.result)) {
        return absl::InvalidArgumentError(
            absl::StrCat(Where(player, r + 1), ": the result does not match ",
                         "opponent ", entry.opponent, "'s"));
      }
      if (entry.side.has_value() && back.side.has_value() &&
          *entry.side == *back.side) {
        return absl::InvalidArgumentError(
            absl::StrCat(Where(player, r + 1), ": the same colour as opponent ",
                         entry.opponent));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace caipan::tournament
