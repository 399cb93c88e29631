#include "engine/tournament/awards.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>
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

// Yulin open: 1st 2000, 2nd 1500, 3rd 1000, 4th 800, 5–8th 500, 9–16th 200.
PrizeTable YulinOpen() {
  return {.name = "open",
          .bands = {{1, 1, 2000},
                    {2, 2, 1500},
                    {3, 3, 1000},
                    {4, 4, 800},
                    {5, 8, 500},
                    {9, 16, 200}}};
}

StandingRow Row(int place, int number, double points = 0) {
  StandingRow row;
  row.place = place;
  row.number = number;
  row.points = points;
  return row;
}

// A table of `n` players with start number = place, optionally with the
// given places shared: {4, 2} makes places 4 and 5 both 4th.
std::vector<StandingRow> Table(int n, int shared_place = 0, int count = 0) {
  std::vector<StandingRow> rows;
  for (int i = 1; i <= n; ++i) {
    int place = i;
    if (shared_place > 0 && i >= shared_place && i < shared_place + count) {
      place = shared_place;
    }
    rows.push_back(Row(place, i, 2 * (n - i)));
  }
  return rows;
}

double Total(const std::vector<Prize>& prizes) {
  double total = 0;
  for (const Prize& prize : prizes) total += prize.amount;
  return total;
}

std::vector<Grade> Grades(const std::vector<Certificate>& certificates) {
  std::vector<Grade> grades;
  for (const Certificate& c : certificates) grades.push_back(c.grade);
  return grades;
}

std::vector<int> Counts(const std::vector<GradeQuota>& quota) {
  std::vector<int> counts;
  for (const GradeQuota& q : quota) counts.push_back(q.count);
  return counts;
}

TEST(PrizesTest, YulinOpenTable) {
  ASSERT_TRUE(CheckPrizeTable(YulinOpen()).ok());
  const std::vector<Prize> prizes = AwardPrizes(YulinOpen(), Table(20));
  ASSERT_EQ(prizes.size(), 16u);
  EXPECT_EQ(prizes[0].amount, 2000);
  EXPECT_EQ(prizes[3].amount, 800);
  EXPECT_EQ(prizes[7].amount, 500);
  EXPECT_EQ(prizes[8].amount, 200);
  EXPECT_EQ(prizes[15].number, 16);
  EXPECT_EQ(prizes[15].list, "open");
  EXPECT_EQ(Total(prizes), 2000 + 1500 + 1000 + 800 + 4 * 500 + 8 * 200);
  EXPECT_EQ(PrizeForPlace(YulinOpen(), 17), 0);
}

TEST(PrizesTest, SharedPlacesPoolOrTakeThePlacePrize) {
  // Two players share 4th: 4th and 5th prizes (800 + 500) split.
  const std::vector<StandingRow> rows = Table(20, 4, 2);
  std::vector<Prize> prizes = AwardPrizes(YulinOpen(), rows);
  EXPECT_EQ(prizes[3].amount, 650);
  EXPECT_EQ(prizes[4].amount, 650);
  EXPECT_EQ(prizes[4].place, 4);
  EXPECT_EQ(Total(prizes), 2000 + 1500 + 1000 + 800 + 4 * 500 + 8 * 200);
  prizes = AwardPrizes(YulinOpen(), rows, SharedPrizes::kPlacePrize);
  EXPECT_EQ(prizes[3].amount, 800);
  EXPECT_EQ(prizes[4].amount, 800);
  // Three sharing 15th: 15th and 16th prizes and 17th's nothing.
  prizes = AwardPrizes(YulinOpen(), Table(20, 15, 3));
  ASSERT_EQ(prizes.size(), 17u);
  EXPECT_DOUBLE_EQ(prizes[16].amount, 400.0 / 3);
}

TEST(PrizesTest, PlayoffsOnlyWhereTheAmountsDiffer) {
  EXPECT_THAT(PlayoffsNeeded(YulinOpen(), Table(20, 4, 2)),
              ElementsAre(ElementsAre(4, 5)));
  // 6th and 7th both win 500: shared, no playoff.
  EXPECT_THAT(PlayoffsNeeded(YulinOpen(), Table(20, 6, 2)), IsEmpty());
  // 16th and 17th: 200 against nothing.
  EXPECT_THAT(PlayoffsNeeded(YulinOpen(), Table(20, 16, 2)),
              ElementsAre(ElementsAre(16, 17)));
}

TEST(PrizesTest, APlayerMayWinInTwoLists) {
  // Ronggui: the open list, and a list for local players cut from the
  // same table (players 3, 7, 9 are local; here placed 1st, 2nd, 3rd).
  const PrizeTable open = {.name = "open", .bands = {{1, 3, 1000}}};
  const PrizeTable local = {.name = "local", .bands = {{1, 1, 300}}};
  const std::vector<StandingRow> all = Table(10);
  const std::vector<StandingRow> local_rows = {Row(1, 3), Row(2, 7), Row(3, 9)};
  std::vector<Prize> prizes = AwardPrizes(open, all);
  const std::vector<Prize> more = AwardPrizes(local, local_rows);
  prizes.insert(prizes.end(), more.begin(), more.end());
  double player3 = 0;
  for (const Prize& prize : prizes) {
    if (prize.number == 3) player3 += prize.amount;
  }
  EXPECT_EQ(player3, 1300);
}

TEST(PrizesTest, TableChecks) {
  PrizeTable table = YulinOpen();
  table.bands.push_back({16, 20, 100});
  absl::Status status = CheckPrizeTable(table);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.message(), HasSubstr("open"));
  EXPECT_THAT(status.message(), HasSubstr("overlaps"));
  EXPECT_FALSE(CheckPrizeTable({.name = "x", .bands = {{0, 2, 10}}}).ok());
  EXPECT_FALSE(CheckPrizeTable({.name = "x", .bands = {{3, 2, 10}}}).ok());
  EXPECT_FALSE(CheckPrizeTable({.name = "x", .bands = {{1, 2, -1}}}).ok());
}

TEST(QualifyTest, TopNOfAGroup) {
  const Qualification q = Qualify(Table(20), 16);
  ASSERT_EQ(q.qualified.size(), 16u);
  EXPECT_EQ(q.qualified.front(), 1);
  EXPECT_EQ(q.qualified.back(), 16);
  EXPECT_THAT(q.tied_at_cut, IsEmpty());
  EXPECT_EQ(q.open_slots, 0);
}

TEST(QualifyTest, ATieAcrossTheCutIsReported) {
  // Places 15, 16, 17 shared at 15th: 14 in, 3 for 2 slots.
  const Qualification q = Qualify(Table(20, 15, 3), 16);
  EXPECT_EQ(q.qualified.size(), 14u);
  EXPECT_THAT(q.tied_at_cut, ElementsAre(15, 16, 17));
  EXPECT_EQ(q.open_slots, 2);
  // A tie that fits wholly is in.
  EXPECT_EQ(Qualify(Table(20, 14, 3), 16).qualified.size(), 16u);
}

TEST(QualifyTest, SkippedPlayersLetTheNextMoveUp) {
  const Qualification q = Qualify(Table(10), 3, {2});
  EXPECT_THAT(q.qualified, ElementsAre(1, 3, 4));
  EXPECT_THAT(Qualify(Table(2), 4).qualified, ElementsAre(1, 2));
  EXPECT_THAT(Qualify(Table(5), 0).qualified, IsEmpty());
}

Event EventWithUnits(int players, int units) {
  Event event;
  for (int i = 1; i <= players; ++i) {
    Player player;
    player.number = i;
    player.unit = absl::StrCat("unit", i % units);
    event.players.push_back(std::move(player));
  }
  return event;
}

TEST(CertificatesTest, ProvincialStandardQuota) {
  const CertificateRules rules;
  EXPECT_THAT(Counts(ScaledQuota(rules, 60, 10)), ElementsAre(3, 5, 8, 16, 24));
  const std::vector<Certificate> certificates =
      GradeCertificates(EventWithUnits(60, 10), Table(60), rules);
  ASSERT_EQ(certificates.size(), 56u);  // 57th to 60th get none
  EXPECT_EQ(certificates[0].grade, Grade::kMaster);
  EXPECT_EQ(certificates[2].grade, Grade::kMaster);
  EXPECT_EQ(certificates[3].grade, Grade::kLocalMaster);
  EXPECT_EQ(certificates[7].grade, Grade::kLocalMaster);
  EXPECT_EQ(certificates[8].grade, Grade::kFirstClass);
  EXPECT_EQ(certificates[15].grade, Grade::kFirstClass);
  EXPECT_EQ(certificates[16].grade, Grade::kSecondClass);
  EXPECT_EQ(certificates[31].grade, Grade::kSecondClass);
  EXPECT_EQ(certificates[32].grade, Grade::kThirdClass);
  EXPECT_EQ(certificates[55].grade, Grade::kThirdClass);
  EXPECT_EQ(GradeName(certificates[0].grade), "棋协大师");
  EXPECT_EQ(GradeName(Grade::kThirdClass), "三级棋士");
}

TEST(CertificatesTest, BelowProvincialLevelSmallGroupsGetPartOfTheQuota) {
  CertificateRules rules;
  rules.provincial_level = false;
  EXPECT_EQ(QuotaFactor(rules, 20, 5), 1);
  EXPECT_EQ(QuotaFactor(rules, 19, 5), 0.5);
  EXPECT_EQ(QuotaFactor(rules, 9, 5), 0.25);
  EXPECT_EQ(QuotaFactor(rules, 5, 5), 0);
  // 50% rounded down: 1.5 → 1, 2.5 → 2, 4, 8, 12.
  EXPECT_THAT(Counts(ScaledQuota(rules, 15, 5)), ElementsAre(1, 2, 4, 8, 12));
  std::vector<Certificate> certificates =
      GradeCertificates(EventWithUnits(15, 5), Table(15), rules);
  EXPECT_THAT(
      Grades(certificates),
      ElementsAre(Grade::kMaster, Grade::kLocalMaster, Grade::kLocalMaster,
                  Grade::kFirstClass, Grade::kFirstClass, Grade::kFirstClass,
                  Grade::kFirstClass, Grade::kSecondClass, Grade::kSecondClass,
                  Grade::kSecondClass, Grade::kSecondClass, Grade::kSecondClass,
                  Grade::kSecondClass, Grade::kSecondClass,
                  Grade::kSecondClass));
  // 25% of 3 rounds to no 棋协大师: 1st gets 地方大师.
  EXPECT_THAT(Counts(ScaledQuota(rules, 8, 5)), ElementsAre(0, 1, 2, 4, 6));
  certificates = GradeCertificates(EventWithUnits(8, 5), Table(8), rules);
  EXPECT_THAT(
      Grades(certificates),
      ElementsAre(Grade::kLocalMaster, Grade::kFirstClass, Grade::kFirstClass,
                  Grade::kSecondClass, Grade::kSecondClass, Grade::kSecondClass,
                  Grade::kSecondClass, Grade::kThirdClass));
  // Provincial events are not scaled by size.
  rules.provincial_level = true;
  EXPECT_EQ(QuotaFactor(rules, 8, 5), 1);
}

TEST(CertificatesTest, FewUnitsAndRounding) {
  CertificateRules rules;
  // Provincial, 3 units: 60% → 1.8, 3, 4.8, 9.6, 14.4.
  EXPECT_EQ(QuotaFactor(rules, 40, 3), 0.6);
  EXPECT_THAT(Counts(ScaledQuota(rules, 40, 3)), ElementsAre(1, 3, 4, 9, 14));
  rules.rounding = QuotaRounding::kNearest;
  EXPECT_THAT(Counts(ScaledQuota(rules, 40, 3)), ElementsAre(2, 3, 5, 10, 14));
  // Below provincial level, 15 players from 3 units: 50% × 60% = 30%.
  rules.provincial_level = false;
  rules.rounding = QuotaRounding::kDown;
  EXPECT_DOUBLE_EQ(QuotaFactor(rules, 15, 3), 0.3);
  EXPECT_THAT(Counts(ScaledQuota(rules, 15, 3)), ElementsAre(0, 1, 2, 4, 7));
  // Units are counted from the event; a player without one is a unit.
  Event event = EventWithUnits(15, 3);
  EXPECT_EQ(GradeCertificates(event, Table(15), rules).front().grade,
            Grade::kLocalMaster);
  event.players[0].unit.clear();  // a fourth unit
  EXPECT_EQ(GradeCertificates(event, Table(15), rules).front().grade,
            Grade::kMaster);
}

TEST(CertificatesTest, SmallGroupsGetNoneFamilyGroupsAllGetSeventhClass) {
  CertificateRules rules;
  EXPECT_THAT(GradeCertificates(EventWithUnits(5, 5), Table(5), rules),
              IsEmpty());
  rules.kind = GroupKind::kFamily;
  const std::vector<Certificate> certificates =
      GradeCertificates(EventWithUnits(4, 4), Table(4), rules);
  EXPECT_THAT(Grades(certificates),
              ElementsAre(Grade::kSeventhClass, Grade::kSeventhClass,
                          Grade::kSeventhClass, Grade::kSeventhClass));
  EXPECT_EQ(GradeName(Grade::kSeventhClass), "七级棋士");
  // Senior groups: the 14+ standard, unchanged.
  rules.kind = GroupKind::kSenior;
  EXPECT_THAT(Counts(ScaledQuota(rules, 60, 10)), ElementsAre(3, 5, 8, 16, 24));
}

TEST(CertificatesTest, PlayersSharingAPlaceGetItsGrade) {
  // Places 3, 4 shared at 3rd: both 棋协大师; 5th 地方大师.
  const std::vector<Certificate> certificates =
      GradeCertificates(EventWithUnits(10, 5), Table(10, 3, 2), {});
  EXPECT_EQ(certificates[2].grade, Grade::kMaster);
  EXPECT_EQ(certificates[3].grade, Grade::kMaster);
  EXPECT_EQ(certificates[3].place, 3);
  EXPECT_EQ(certificates[4].grade, Grade::kLocalMaster);
}

}  // namespace
}  // namespace caipan::tournament
