#include "engine/tournament/groups.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/tournament/event.h"
#include "engine/tournament/standings.h"

namespace caipan::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

Player Born(int number, std::optional<Date> birth_date,
            Sex sex = Sex::kUnknown) {
  Player player;
  player.number = number;
  player.name = absl::StrCat("P", number);
  player.sex = sex;
  player.birth_date = birth_date;
  return player;
}

// Birth dates on both sides of Yulin's windows (A 2001…2004, B 2005…2007,
// C 2008+).
Event Juniors() {
  Event event;
  event.players = {
      Born(1, Date{2000, 12, 31}, Sex::kMale),
      Born(2, Date{2001, 1, 1}, Sex::kFemale),
      Born(3, Date{2004, 12, 31}, Sex::kMale),
      Born(4, Date{2005, 1, 1}, Sex::kFemale),
      Born(5, Date{2007, 12, 31}, Sex::kMale),
      Born(6, Date{2008, 1, 1}, Sex::kFemale),
      Born(7, std::nullopt, Sex::kMale),
  };
  return event;
}

TEST(GroupsTest, BirthYearWindowsIncludeBothEnds) {
  const Event event = Juniors();
  EXPECT_THAT(PlayersInGroup(event, BornInYears("A", 2001, 2004), {}),
              ElementsAre(2, 3));
  EXPECT_THAT(PlayersInGroup(event, BornInYears("B", 2005, 2007), {}),
              ElementsAre(4, 5));
  EXPECT_THAT(PlayersInGroup(event, BornInYears("C", 2008, std::nullopt), {}),
              ElementsAre(6));
  // Girls U16, born 2001 or later.
  EXPECT_THAT(
      PlayersInGroup(
          event, BornInYears("girls", 2001, std::nullopt, Sex::kFemale), {}),
      ElementsAre(2, 4, 6));
  // An open group needs no birth date.
  EXPECT_THAT(PlayersInGroup(
                  event, BornInYears("open", std::nullopt, std::nullopt), {}),
              ElementsAre(1, 2, 3, 4, 5, 6, 7));
}

TEST(GroupsTest, SongyuanOpenAndSeniorMenAndWomenSeparately) {
  Event event;
  event.players = {Born(1, Date{1956, 12, 31}, Sex::kMale),
                   Born(2, Date{1957, 1, 1}, Sex::kMale),
                   Born(3, Date{2000, 12, 31}, Sex::kFemale),
                   Born(4, Date{2001, 1, 1}, Sex::kFemale),
                   Born(5, Date{1950, 3, 8}, Sex::kFemale)};
  EXPECT_THAT(PlayersInGroup(
                  event, BornInYears("open men", 1957, 2000, Sex::kMale), {}),
              ElementsAre(2));
  EXPECT_THAT(
      PlayersInGroup(event, BornInYears("open women", 1957, 2000, Sex::kFemale),
                     {}),
      ElementsAre(3));
  EXPECT_THAT(
      PlayersInGroup(event, BornInYears("senior", std::nullopt, 1956), {}),
      ElementsAre(1, 5));
}

TEST(GroupsTest, EligibilityFlags) {
  const Event event = Juniors();
  GroupRule rule = BornInYears("A", 2001, 2004);
  rule.required_flags = {"resident"};
  rule.excluded_flags = {"national_master"};
  EntryFlags flags = {{2, {"resident"}}, {3, {"resident", "national_master"}}};
  EXPECT_THAT(PlayersInGroup(event, rule, flags), ElementsAre(2));
  absl::Status status = CheckEntry(rule, event.players[2], flags);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.message(), HasSubstr("player 3 (P3)"));
  EXPECT_THAT(status.message(), HasSubstr("national_master"));
  flags.erase(2);
  status = CheckEntry(rule, event.players[1], flags);
  EXPECT_THAT(status.message(), HasSubstr("lacks \"resident\""));
}

TEST(GroupsTest, EntryChecksSayWhy) {
  const Event event = Juniors();
  const GroupRule a = BornInYears("A", 2001, 2004);
  EXPECT_TRUE(CheckEntry(a, event.players[1], {}).ok());
  absl::Status status = CheckEntry(a, event.players[0], {});
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("group A"));
  EXPECT_THAT(status.message(), HasSubstr("2000-12-31"));
  EXPECT_THAT(status.message(), HasSubstr("2001-01-01…2004-12-31"));
  EXPECT_THAT(CheckEntry(a, event.players[6], {}).message(),
              HasSubstr("no birth date"));
  const GroupRule women =
      BornInYears("women", std::nullopt, std::nullopt, Sex::kFemale);
  EXPECT_THAT(CheckEntry(women, event.players[0], {}).message(),
              HasSubstr("for women"));
}

TEST(GroupsTest, RuleChecks) {
  EXPECT_TRUE(CheckGroupRule(BornInYears("A", 2001, 2004)).ok());
  EXPECT_TRUE(
      CheckGroupRule(BornInYears("open", std::nullopt, std::nullopt)).ok());
  GroupRule rule = BornInYears("leap", std::nullopt, std::nullopt);
  rule.born_from = Date{2024, 2, 29};
  EXPECT_TRUE(CheckGroupRule(rule).ok());
  rule.born_from = Date{2023, 2, 29};
  absl::Status status = CheckGroupRule(rule);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.message(), HasSubstr("leap"));
  EXPECT_THAT(status.message(), HasSubstr("2023-02-29"));
  rule.born_from = Date{1900, 2, 29};
  EXPECT_FALSE(CheckGroupRule(rule).ok());
  rule.born_from = Date{2000, 2, 29};
  EXPECT_TRUE(CheckGroupRule(rule).ok());
  EXPECT_FALSE(CheckGroupRule(BornInYears("empty", 2005, 2004)).ok());
  rule = BornInYears("month", 2000, 2001);
  rule.born_to = Date{2001, 13, 1};
  EXPECT_FALSE(CheckGroupRule(rule).ok());
}

TEST(GroupsTest, GroupStandingsPlaceAnew) {
  // Whole field: 1st P1, P2 and P3 share 2nd, 4th P4, 5th P5.
  std::vector<StandingRow> all(5);
  const int places[] = {1, 2, 2, 4, 5};
  for (int i = 0; i < 5; ++i) {
    all[i].place = places[i];
    all[i].number = i + 1;
  }
  std::vector<StandingRow> group = GroupStandings(all, {5, 3, 2});
  ASSERT_EQ(group.size(), 3u);
  EXPECT_EQ(group[0].number, 2);
  EXPECT_EQ(group[0].place, 1);
  EXPECT_EQ(group[1].number, 3);
  EXPECT_EQ(group[1].place, 1);
  EXPECT_EQ(group[2].number, 5);
  EXPECT_EQ(group[2].place, 3);
  group = GroupStandings(all, {3, 4});
  EXPECT_EQ(group[0].place, 1);
  EXPECT_EQ(group[1].place, 2);
  EXPECT_THAT(GroupStandings(all, {}), IsEmpty());
}

}  // namespace
}  // namespace caipan::tournament
