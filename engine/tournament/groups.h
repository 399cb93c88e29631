// Groups of an event (age groups by birth-date windows, men and women,
// eligibility flags): which players belong to a group, why a player does
// not, and a group's own standings cut from the whole field's.
//
// Example (Yulin's A group, born 2001-01-01…2004-12-31, residents only):
//   GroupRule a = BornInYears("A", 2001, 2004);
//   a.required_flags = {"resident"};
//   std::vector<int> numbers = PlayersInGroup(event, a, flags);
#ifndef CAIPAN_ENGINE_TOURNAMENT_GROUPS_H_
#define CAIPAN_ENGINE_TOURNAMENT_GROUPS_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "engine/tournament/event.h"
#include "engine/tournament/standings.h"

namespace caipan::tournament {

// Eligibility flags recorded at entry ("resident", "national_master", …),
// by start number. The event model has no field for them, so they travel
// beside it.
using EntryFlags = absl::flat_hash_map<int, absl::flat_hash_set<std::string>>;

struct GroupRule {
  std::string name;
  // The birth-date window, both ends included; nullopt: open on that side.
  std::optional<Date> born_from;
  std::optional<Date> born_to;
  // nullopt: men and women together.
  std::optional<Sex> sex;
  // Flags a player must all have, and flags a player must have none of.
  std::vector<std::string> required_flags;
  std::vector<std::string> excluded_flags;
};

// A window of whole birth years: first_year-01-01 … last_year-12-31; a
// missing year leaves that side open ("C: 2008+" is BornInYears("C", 2008,
// std::nullopt); Songyuan's senior group "≤1956" is (nullopt, 1956)).
GroupRule BornInYears(std::string name, std::optional<int> first_year,
                      std::optional<int> last_year,
                      std::optional<Sex> sex = std::nullopt);

// Whether a rule is well formed: real calendar dates, born_from <= born_to.
// INVALID_ARGUMENT names the group.
absl::Status CheckGroupRule(const GroupRule& rule);

// Whether `player` may play in the group; INVALID_ARGUMENT naming the
// player and the group says why not. A player without a recorded birth date
// (or sex) is not admitted to a group that needs one.
absl::Status CheckEntry(const GroupRule& rule, const Player& player,
                        const EntryFlags& flags);

// The start numbers of the players of `event` that CheckEntry admits, in
// start-number order.
std::vector<int> PlayersInGroup(const Event& event, const GroupRule& rule,
                                const EntryFlags& flags);

// The rows of `standings` whose start number is in `numbers`, in the same
// order, placed again among themselves: the places of the players ahead are
// counted anew, and players sharing a place in the whole field share it in
// the group (men and women of one field "ranked separately").
std::vector<StandingRow> GroupStandings(const std::vector<StandingRow>& all,
                                        const std::vector<int>& numbers);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_GROUPS_H_
