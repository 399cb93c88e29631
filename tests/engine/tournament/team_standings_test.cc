#include "engine/tournament/team_standings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/tournament/event.h"
#include "engine/tournament/standings.h"
#include "engine/tournament/tiebreak.h"
#include "tests/engine/tournament/standings_test_events.h"

namespace caipan::tournament {
namespace {

using test_events::EventBuilder;
using ::testing::ElementsAre;

std::vector<TeamMember> Unit(const std::string& unit,
                             const std::vector<int>& places) {
  std::vector<TeamMember> members;
  for (int place : places) {
    // Start numbers are made unique from the place for the test.
    members.push_back({.number = place, .unit = unit, .place = place});
  }
  return members;
}

std::vector<TeamMember> Join(std::vector<std::vector<TeamMember>> units) {
  std::vector<TeamMember> all;
  for (auto& unit : units) all.insert(all.end(), unit.begin(), unit.end());
  return all;
}

std::vector<std::string> UnitNames(const std::vector<TeamRow>& rows) {
  std::vector<std::string> names;
  for (const TeamRow& row : rows) names.push_back(row.unit);
  return names;
}

std::vector<int> TeamPlaces(const std::vector<TeamRow>& rows) {
  std::vector<int> places;
  for (const TeamRow& row : rows) places.push_back(row.place);
  return places;
}

TEST(TeamStandingsTest, DaqingBestFourThenTheFifth) {
  // 16 players. A: 1 4 6 9 12 (best four 20), B: 2 3 7 8 15 (20),
  // C: 5 10 11 13 (39), D: 14 16 and two missing at 17 each (64).
  // A and B tie on 20; A's 5th is 12th, B's 15th.
  const std::vector<TeamRow> rows = PlaceSumTeamStandings(
      Join({Unit("A", {1, 4, 6, 9, 12}), Unit("B", {2, 3, 7, 8, 15}),
            Unit("C", {5, 10, 11, 13}), Unit("D", {14, 16})}),
      DaqingTeamOptions());
  EXPECT_THAT(UnitNames(rows), ElementsAre("A", "B", "C", "D"));
  EXPECT_THAT(TeamPlaces(rows), ElementsAre(1, 2, 3, 4));
  EXPECT_EQ(rows[0].score, 20);
  EXPECT_EQ(rows[1].score, 20);
  EXPECT_EQ(rows[2].score, 39);
  EXPECT_EQ(rows[3].score, 14 + 16 + 17 + 17);
  EXPECT_THAT(rows[0].counted, ElementsAre(1, 4, 6, 9));
  EXPECT_THAT(rows[3].counted, ElementsAre(14, 16));
}

TEST(TeamStandingsTest, DaqingUnitWithAFifthPlayerBeatsOneWithout) {
  std::vector<TeamMember> members = {{.number = 1, .unit = "F", .place = 1},
                                     {.number = 2, .unit = "F", .place = 3},
                                     {.number = 3, .unit = "F", .place = 5},
                                     {.number = 4, .unit = "F", .place = 7},
                                     {.number = 5, .unit = "E", .place = 2},
                                     {.number = 6, .unit = "E", .place = 4},
                                     {.number = 7, .unit = "E", .place = 6},
                                     {.number = 8, .unit = "E", .place = 8},
                                     {.number = 9, .unit = "E", .place = 9}};
  // F 1+3+5+7 = 16, E 2+4+6+8 = 20: F ahead on the sum.
  std::vector<TeamRow> rows =
      PlaceSumTeamStandings(members, DaqingTeamOptions());
  EXPECT_THAT(UnitNames(rows), ElementsAre("F", "E"));
  // Make the sums equal: F's last player 11th → 20; E's 5th (9th) beats
  // F's missing 5th (charged 10: nine members + 1).
  members[3].place = 11;
  rows = PlaceSumTeamStandings(members, DaqingTeamOptions());
  EXPECT_THAT(UnitNames(rows), ElementsAre("E", "F"));
  EXPECT_EQ(rows[0].score, rows[1].score);
  EXPECT_THAT(TeamPlaces(rows), ElementsAre(1, 2));
}

TEST(TeamStandingsTest, UnitsEqualOnEverythingShareAPlace) {
  // Players sharing places: G 1 3 and H 1 3 (two counted).
  PlaceSumOptions options = DaqingTeamOptions();
  options.counted = 2;
  const std::vector<TeamRow> rows =
      PlaceSumTeamStandings({{.number = 1, .unit = "H", .place = 1},
                             {.number = 2, .unit = "G", .place = 1},
                             {.number = 3, .unit = "G", .place = 3},
                             {.number = 4, .unit = "H", .place = 3},
                             {.number = 5, .unit = "K", .place = 5}},
                            options);
  EXPECT_THAT(UnitNames(rows), ElementsAre("G", "H", "K"));
  EXPECT_THAT(TeamPlaces(rows), ElementsAre(1, 1, 3));
}

TEST(TeamStandingsTest, WxfSumOfPlacesTiesToTheBestPlace) {
  // A 1+6, B 2+5, C 3+4: all 7; best places 1, 2, 3. D 7+8 = 15.
  const std::vector<TeamRow> rows =
      PlaceSumTeamStandings(Join({Unit("C", {3, 4}), Unit("B", {2, 5}),
                                  Unit("A", {1, 6}), Unit("D", {7, 8})}),
                            WxfTeamOptions());
  EXPECT_THAT(UnitNames(rows), ElementsAre("A", "B", "C", "D"));
  EXPECT_THAT(TeamPlaces(rows), ElementsAre(1, 2, 3, 4));
  EXPECT_EQ(rows[0].score, 7);
  EXPECT_EQ(rows[3].score, 15);
}

TEST(TeamStandingsTest, GomokuYouthBestBoyPlusBestGirl) {
  // X: boys 8 pts (2nd), 6 (5th); girl 5 (7th): 13, places 2 + 7 = 9.
  // Y: boy 7 (3rd), girl 6 (4th): 13, places 3 + 4 = 7 → ahead of X.
  // Z: girl 9 (1st), no boy: 9.
  const std::vector<TeamMember> members = {
      {.number = 1, .unit = "X", .sex = Sex::kMale, .place = 2, .points = 8},
      {.number = 2, .unit = "X", .sex = Sex::kMale, .place = 5, .points = 6},
      {.number = 3, .unit = "X", .sex = Sex::kFemale, .place = 7, .points = 5},
      {.number = 4, .unit = "Y", .sex = Sex::kMale, .place = 3, .points = 7},
      {.number = 5, .unit = "Y", .sex = Sex::kFemale, .place = 4, .points = 6},
      {.number = 6, .unit = "Z", .sex = Sex::kFemale, .place = 1, .points = 9},
  };
  const std::vector<TeamRow> rows = BoyGirlTeamStandings(members);
  EXPECT_THAT(UnitNames(rows), ElementsAre("Y", "X", "Z"));
  EXPECT_THAT(TeamPlaces(rows), ElementsAre(1, 2, 3));
  EXPECT_EQ(rows[0].score, 13);
  EXPECT_EQ(rows[1].score, 13);
  EXPECT_EQ(rows[2].score, 9);
  EXPECT_THAT(rows[1].counted, ElementsAre(1, 3));
  EXPECT_THAT(rows[2].counted, ElementsAre(6));
}

TEST(TeamStandingsTest, GomokuYouthThenTheBoysPlace) {
  // Boys' and girls' tables: U boy 2nd + girl 9th, V boy 4th + girl 7th;
  // equal points and place sums (11): U's boy is placed higher.
  const std::vector<TeamMember> members = {
      {.number = 1, .unit = "V", .sex = Sex::kMale, .place = 4, .points = 6},
      {.number = 2, .unit = "V", .sex = Sex::kFemale, .place = 7, .points = 4},
      {.number = 3, .unit = "U", .sex = Sex::kMale, .place = 2, .points = 5},
      {.number = 4, .unit = "U", .sex = Sex::kFemale, .place = 9, .points = 5},
  };
  const std::vector<TeamRow> rows = BoyGirlTeamStandings(members);
  EXPECT_THAT(UnitNames(rows), ElementsAre("U", "V"));
  EXPECT_THAT(TeamPlaces(rows), ElementsAre(1, 2));
}

TEST(TeamStandingsTest, MembersFromStandings) {
  // R1: 1-2 1-0, 3-4 1-0; R2: 1-3 =, 2-4 1-0. P1 3, P3 3, P2 2, P4 0.
  EventBuilder builder(5);
  builder.Game(1, 1, 2, '1')
      .Game(1, 3, 4, '1')
      .Game(2, 1, 3, '=')
      .Game(2, 2, 4, '1')
      .Unit(1, "南宁", Sex::kMale)
      .Unit(2, "玉林", Sex::kFemale)
      .Unit(3, "玉林", Sex::kMale)
      .Unit(4, "南宁", Sex::kFemale);
  const std::vector<StandingRow> standings = ComputeStandings(
      builder.event(), 2, DefaultTieBreaks(EventFormat::kXiangqiSwiss));
  const std::vector<TeamMember> members =
      TeamMembers(builder.event(), standings);
  // P5 has no unit and is left out.
  ASSERT_EQ(members.size(), 4u);
  for (const TeamMember& member : members) EXPECT_NE(member.number, 5);
  PlaceSumOptions options = WxfTeamOptions();
  const std::vector<TeamRow> rows = PlaceSumTeamStandings(members, options);
  // Places: P1 and P3 on 3 points, 对手分 P1 2 + 3 = 5, P3 0 + 3 = 3: P1
  // 1st, P3 2nd; P2 3rd, P4 4th (P5 5th, no unit). 南宁 1 + 4, 玉林 2 + 3:
  // tied on 5, 南宁 has the best place.
  EXPECT_THAT(UnitNames(rows), ElementsAre("南宁", "玉林"));
  EXPECT_EQ(rows[0].score, 5);
  EXPECT_EQ(rows[1].score, 5);
  const std::vector<TeamRow> youth = BoyGirlTeamStandings(members);
  // 南宁 3 + 0, 玉林 3 + 2.
  EXPECT_THAT(UnitNames(youth), ElementsAre("玉林", "南宁"));
  EXPECT_EQ(youth[0].score, 5);
}

}  // namespace
}  // namespace caipan::tournament
