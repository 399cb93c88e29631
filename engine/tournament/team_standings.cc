// Team standings from individual places and points (see team_standings.h).
#include "engine/tournament/team_standings.h"

#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "engine/tournament/event.h"
#include "engine/tournament/standings.h"
#include "engine/tournament/tiebreak_values.h"

namespace caipan::tournament {
namespace {

// Members by unit, each unit's members best place first (then start
// number); units in name order.
std::map<std::string, std::vector<TeamMember>> ByUnit(
    const std::vector<TeamMember>& members) {
  std::map<std::string, std::vector<TeamMember>> units;
  for (const TeamMember& member : members) {
    if (!member.unit.empty()) units[member.unit].push_back(member);
  }
  for (auto& [unit, list] : units) {
    std::sort(list.begin(), list.end(),
              [](const TeamMember& a, const TeamMember& b) {
                if (a.place != b.place) return a.place < b.place;
                return a.number < b.number;
              });
  }
  return units;
}

// A unit's ranking key: compared element by element, smaller first.
struct Keyed {
  TeamRow row;
  std::vector<long long> key;
};

// Sorts by key (units with equal keys by name, as they come from the
// std::map) and gives equal keys one place.
std::vector<TeamRow> Rank(std::vector<Keyed> units) {
  std::stable_sort(
      units.begin(), units.end(),
      [](const Keyed& a, const Keyed& b) { return a.key < b.key; });
  std::vector<TeamRow> rows;
  rows.reserve(units.size());
  for (size_t i = 0; i < units.size(); ++i) {
    units[i].row.place = i > 0 && units[i].key == units[i - 1].key
                             ? rows.back().place
                             : static_cast<int>(i) + 1;
    rows.push_back(std::move(units[i].row));
  }
  return rows;
}

}  // namespace

std::vector<TeamMember> TeamMembers(const Event& event,
                                    const std::vector<StandingRow>& standings) {
  std::vector<TeamMember> members;
  for (const StandingRow& row : standings) {
    const Player* player = FindPlayer(event, row.number);
    if (player == nullptr || player->unit.empty()) continue;
    members.push_back({.number = row.number,
                       .unit = player->unit,
                       .sex = player->sex,
                       .place = row.place,
                       .points = row.points});
  }
  return members;
}

PlaceSumOptions DaqingTeamOptions() {
  return {.counted = 4, .tie_rule = PlaceSumOptions::TieRule::kNextPlaces};
}

PlaceSumOptions WxfTeamOptions() {
  return {.counted = 0, .tie_rule = PlaceSumOptions::TieRule::kBestPlace};
}

std::vector<TeamRow> PlaceSumTeamStandings(
    const std::vector<TeamMember>& members, const PlaceSumOptions& options) {
  const int missing = options.missing_place > 0
                          ? options.missing_place
                          : static_cast<int>(members.size()) + 1;
  const auto units = ByUnit(members);
  size_t largest = 0;
  for (const auto& [unit, list] : units)
    largest = std::max(largest, list.size());
  const size_t counted =
      options.counted > 0 ? static_cast<size_t>(options.counted) : 0;
  std::vector<Keyed> keyed;
  for (const auto& [unit, list] : units) {
    Keyed entry;
    entry.row.unit = unit;
    // Counting all: every player of the unit; else the best `counted`, a
    // unit short of players charged `missing` for each one it lacks.
    const size_t take = counted > 0 ? counted : list.size();
    long long sum = 0;
    for (size_t k = 0; k < take; ++k) {
      if (k < list.size()) {
        sum += list[k].place;
        entry.row.counted.push_back(list[k].number);
      } else {
        sum += missing;
      }
    }
    entry.row.score = static_cast<double>(sum);
    entry.key.push_back(sum);
    switch (options.tie_rule) {
      case PlaceSumOptions::TieRule::kNextPlaces:
        // Everybody past the counted ones, up to the largest unit, so that
        // keys of all units have the same length.
        for (size_t k = take; k < std::max(largest, take); ++k) {
          entry.key.push_back(k < list.size() ? list[k].place : missing);
        }
        break;
      case PlaceSumOptions::TieRule::kBestPlace:
        entry.key.push_back(list.empty() ? missing : list.front().place);
        break;
    }
    keyed.push_back(std::move(entry));
  }
  return Rank(std::move(keyed));
}

std::vector<TeamRow> BoyGirlTeamStandings(
    const std::vector<TeamMember>& members) {
  const int missing = static_cast<int>(members.size()) + 1;
  std::vector<Keyed> keyed;
  for (const auto& [unit, list] : ByUnit(members)) {
    const TeamMember* best[2] = {nullptr, nullptr};  // boy, girl
    for (const TeamMember& member : list) {
      int slot = -1;
      switch (member.sex) {
        case Sex::kMale:
          slot = 0;
          break;
        case Sex::kFemale:
          slot = 1;
          break;
        case Sex::kUnknown:
          break;
      }
      if (slot < 0) continue;
      const TeamMember* current = best[slot];
      if (current == nullptr || member.points > current->points ||
          (member.points == current->points && member.place < current->place)) {
        best[slot] = &member;
      }
    }
    Keyed entry;
    entry.row.unit = unit;
    double points = 0;
    int place_sum = 0;
    for (const TeamMember* member : best) {
      if (member != nullptr) {
        points += member->points;
        place_sum += member->place;
        entry.row.counted.push_back(member->number);
      } else {
        place_sum += missing;
      }
    }
    entry.row.score = points;
    const int boy_place = best[0] != nullptr ? best[0]->place : missing;
    entry.key = {-Quantize(points), place_sum, boy_place};
    keyed.push_back(std::move(entry));
  }
  return Rank(std::move(keyed));
}

}  // namespace caipan::tournament
