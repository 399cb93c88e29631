// Group membership and group standings (see groups.h).
#include "engine/tournament/groups.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/tournament/event.h"
#include "engine/tournament/standings.h"

namespace caipan::tournament {
namespace {

bool IsLeapYear(int year) {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

bool IsCalendarDate(const Date& date) {
  if (date.month < 1 || date.month > 12 || date.day < 1) return false;
  constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int days = kDays[date.month - 1];
  if (date.month == 2 && IsLeapYear(date.year)) days = 29;
  return date.day <= days;
}

std::string FormatDate(const Date& date) {
  return absl::StrFormat("%04d-%02d-%02d", date.year, date.month, date.day);
}

std::string SexName(Sex sex) {
  switch (sex) {
    case Sex::kMale:
      return "men";
    case Sex::kFemale:
      return "women";
    case Sex::kUnknown:
      return "unknown sex";
  }
  return "unknown sex";
}

std::string Window(const GroupRule& rule) {
  return absl::StrCat(
      rule.born_from.has_value() ? FormatDate(*rule.born_from) : "", "…",
      rule.born_to.has_value() ? FormatDate(*rule.born_to) : "");
}

absl::Status NotAdmitted(const GroupRule& rule, const Player& player,
                         const std::string& why) {
  return absl::InvalidArgumentError(
      absl::StrCat("player ", player.number, " (", player.name,
                   ") is not admitted to group ", rule.name, ": ", why));
}

}  // namespace

GroupRule BornInYears(std::string name, std::optional<int> first_year,
                      std::optional<int> last_year, std::optional<Sex> sex) {
  GroupRule rule;
  rule.name = std::move(name);
  if (first_year.has_value()) rule.born_from = Date{*first_year, 1, 1};
  if (last_year.has_value()) rule.born_to = Date{*last_year, 12, 31};
  rule.sex = sex;
  return rule;
}

absl::Status CheckGroupRule(const GroupRule& rule) {
  for (const std::optional<Date>& date : {rule.born_from, rule.born_to}) {
    if (date.has_value() && !IsCalendarDate(*date)) {
      return absl::InvalidArgumentError(
          absl::StrCat("group ", rule.name, ": ", FormatDate(*date),
                       " is not a calendar date"));
    }
  }
  if (rule.born_from.has_value() && rule.born_to.has_value() &&
      *rule.born_to < *rule.born_from) {
    return absl::InvalidArgumentError(absl::StrCat(
        "group ", rule.name, ": the window ", Window(rule), " is empty"));
  }
  return absl::OkStatus();
}

absl::Status CheckEntry(const GroupRule& rule, const Player& player,
                        const EntryFlags& flags) {
  if (rule.born_from.has_value() || rule.born_to.has_value()) {
    if (!player.birth_date.has_value()) {
      return NotAdmitted(rule, player, "no birth date recorded");
    }
    const Date& born = *player.birth_date;
    if ((rule.born_from.has_value() && born < *rule.born_from) ||
        (rule.born_to.has_value() && *rule.born_to < born)) {
      return NotAdmitted(
          rule, player,
          absl::StrCat("born ", FormatDate(born), ", outside ", Window(rule)));
    }
  }
  if (rule.sex.has_value() && player.sex != *rule.sex) {
    return NotAdmitted(
        rule, player,
        absl::StrCat("the group is for ", SexName(*rule.sex),
                     ", the player's entry says ", SexName(player.sex)));
  }
  static const absl::flat_hash_set<std::string> kNoFlags;
  auto it = flags.find(player.number);
  const absl::flat_hash_set<std::string>& own =
      it == flags.end() ? kNoFlags : it->second;
  for (const std::string& flag : rule.required_flags) {
    if (!own.contains(flag)) {
      return NotAdmitted(rule, player, absl::StrCat("lacks \"", flag, "\""));
    }
  }
  for (const std::string& flag : rule.excluded_flags) {
    if (own.contains(flag)) {
      return NotAdmitted(rule, player, absl::StrCat("has \"", flag, "\""));
    }
  }
  return absl::OkStatus();
}

std::vector<int> PlayersInGroup(const Event& event, const GroupRule& rule,
                                const EntryFlags& flags) {
  std::vector<int> numbers;
  for (const Player& player : event.players) {
    if (CheckEntry(rule, player, flags).ok()) numbers.push_back(player.number);
  }
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

std::vector<StandingRow> GroupStandings(const std::vector<StandingRow>& all,
                                        const std::vector<int>& numbers) {
  const absl::flat_hash_set<int> wanted(numbers.begin(), numbers.end());
  std::vector<StandingRow> rows;
  int previous_place = 0;  // the place in the whole field of the last kept row
  for (const StandingRow& row : all) {
    if (!wanted.contains(row.number)) continue;
    StandingRow kept = row;
    kept.place = rows.empty() || row.place != previous_place
                     ? static_cast<int>(rows.size()) + 1
                     : rows.back().place;
    previous_place = row.place;
    rows.push_back(std::move(kept));
  }
  return rows;
}

}  // namespace caipan::tournament
