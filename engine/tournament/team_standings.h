// Team standings from individual results: a unit (Player::unit: team,
// school, city) is ranked by its players' places (Daqing, WXF) or by its
// best boy's and best girl's points (gomoku youth).
//
// Example (Daqing: the best 4 places added, lower is better):
//   std::vector<TeamRow> teams = PlaceSumTeamStandings(
//       TeamMembers(event, ComputeStandings(event, 5, chain)),
//       DaqingTeamOptions());
#ifndef CAIPAN_ENGINE_TOURNAMENT_TEAM_STANDINGS_H_
#define CAIPAN_ENGINE_TOURNAMENT_TEAM_STANDINGS_H_

#include <string>
#include <vector>

#include "engine/tournament/event.h"
#include "engine/tournament/standings.h"

namespace caipan::tournament {

// One player's individual result as the team standings read it. Members
// may come from several individual tables (boys' and girls' groups).
struct TeamMember {
  int number = 0;
  std::string unit;
  Sex sex = Sex::kUnknown;
  int place = 0;
  double points = 0;
};

// The members of `standings` with their unit and sex from `event`; players
// without a unit are left out (they play for no team).
std::vector<TeamMember> TeamMembers(const Event& event,
                                    const std::vector<StandingRow>& standings);

struct TeamRow {
  // 1-based; units equal on the score and every tie rule share a place.
  int place = 0;
  std::string unit;
  // Sum of places (lower is better) or of points (higher is better).
  double score = 0;
  // The start numbers counted in `score`, best first.
  std::vector<int> counted;
};

struct PlaceSumOptions {
  // Places counted per unit: the unit's best `counted`; 0 counts them all.
  int counted = 4;
  enum class TieRule {
    // The next player's place (the 5th when 4 count), then the one after,
    // and so on (Daqing).
    kNextPlaces,
    // The unit's best individual place (WXF).
    kBestPlace,
  };
  TieRule tie_rule = TieRule::kNextPlaces;
  // The place a unit short of players is charged for each missing one,
  // in the score and in kNextPlaces; 0: one more than the number of members
  // (worse than anybody who played).
  int missing_place = 0;
};

// Daqing: the best 4 places, ties by the 5th player's place and so on.
PlaceSumOptions DaqingTeamOptions();
// WXF: the sum of all the unit's places, ties to the best individual place.
// Units are expected to field the same number of players; a unit with more
// players adds more places (set `counted` to compare the best N instead).
PlaceSumOptions WxfTeamOptions();

// Units ranked by the sum of their players' places, lower first. Units
// still equal after the tie rule share a place and are listed by name.
std::vector<TeamRow> PlaceSumTeamStandings(
    const std::vector<TeamMember>& members, const PlaceSumOptions& options);

// Gomoku youth: per unit, the best boy's points plus the best girl's points
// (best: the most points, then the better place — the same thing within
// one table), higher first; ties by the sum of
// those two players' individual places, lower first, then by the boy's
// place. A unit without a boy or without a girl scores 0 points for the
// missing one and is charged one more than the number of members as its
// place. `counted` lists the boy, then the girl (those the unit has).
std::vector<TeamRow> BoyGirlTeamStandings(
    const std::vector<TeamMember>& members);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_TEAM_STANDINGS_H_
