// Awards from a group's standings: prize money by place, the players who
// qualify for the next stage, and grade certificates (等级称号) by the
// Chinese Xiangqi Association's quotas and their scalings.
//
// Example (Yulin open: 1st 2000, 2nd 1500, 3rd 1000, 4th 800, 5–8th 500,
// 9–16th 200 yuan):
//   PrizeTable open = {.name = "open", .bands = {{1, 1, 2000}, {2, 2, 1500},
//       {3, 3, 1000}, {4, 4, 800}, {5, 8, 500}, {9, 16, 200}}};
//   std::vector<Prize> prizes = AwardPrizes(open, standings);
#ifndef CAIPAN_ENGINE_TOURNAMENT_AWARDS_H_
#define CAIPAN_ENGINE_TOURNAMENT_AWARDS_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "engine/tournament/event.h"
#include "engine/tournament/standings.h"

namespace caipan::tournament {

// ---- Prizes ----

// Places first_place..last_place (both included) each win `amount`.
struct PrizeBand {
  int first_place = 0;
  int last_place = 0;
  double amount = 0;
};

// One prize list (a group's, or a second list such as Ronggui's prizes for
// local players); a player may win in more than one list.
struct PrizeTable {
  std::string name;
  std::vector<PrizeBand> bands;
};

// Bands of places >= 1, first <= last, not overlapping, amounts >= 0;
// INVALID_ARGUMENT names the table and the band.
absl::Status CheckPrizeTable(const PrizeTable& table);

// The prize money of one place (0 when no band covers it).
double PrizeForPlace(const PrizeTable& table, int place);

enum class SharedPrizes {
  // Players sharing a place pool the prizes of the places they occupy
  // (two players sharing 4th share 4th's and 5th's) and split them evenly.
  kPooled,
  // Each gets the prize of the shared place.
  kPlacePrize,
};

struct Prize {
  // PrizeTable::name.
  std::string list;
  int place = 0;
  int number = 0;
  double amount = 0;
};

// The prizes of `table` for `standings` (a group's table, places from 1),
// best place first; players winning nothing are left out. The digest's
// gomoku rule settles a tie at a prize place by a playoff: before awarding,
// PlayoffsNeeded says which ties a playoff must decide.
std::vector<Prize> AwardPrizes(const PrizeTable& table,
                               const std::vector<StandingRow>& standings,
                               SharedPrizes shared = SharedPrizes::kPooled);

// The groups of players sharing a place whose occupied places carry
// different prize amounts (a playoff decides them; the digest's gomoku
// rule), as start numbers, best place first.
std::vector<std::vector<int>> PlayoffsNeeded(
    const PrizeTable& table, const std::vector<StandingRow>& standings);

// ---- Qualification ----

struct Qualification {
  // Start numbers of the players who advance, best place first.
  std::vector<int> qualified;
  // Players sharing the place at the cut: some but not all of them fit in
  // the remaining slots, which a playoff (or the organiser) fills. Empty
  // when the cut falls between places.
  std::vector<int> tied_at_cut;
  // Slots left for tied_at_cut.
  int open_slots = 0;
};

// The top `slots` of `standings`, skipping the start numbers in `skip`
// (players already qualified by another list, or who declined: the next
// one moves up).
Qualification Qualify(const std::vector<StandingRow>& standings, int slots,
                      const std::vector<int>& skip = {});

// ---- Grade certificates ----

enum class Grade {
  // 棋协大师
  kMaster,
  // 地方大师
  kLocalMaster,
  // 一级棋士
  kFirstClass,
  // 二级棋士
  kSecondClass,
  // 三级棋士
  kThirdClass,
  // 七级棋士 (family and pair groups)
  kSeventhClass,
};

// The Chinese name.
std::string_view GradeName(Grade grade);

// How many certificates of one grade a group grants, best grade first.
struct GradeQuota {
  Grade grade;
  int count = 0;
};

// The standard quota of a provincial event (places 1–3 棋协大师, 4–8
// 地方大师, 9–16 一级棋士, 17–32 二级棋士, 33–56 三级棋士): 3, 5, 8, 16, 24.
// It is the "14+ standard" of the digest: the table for players aged 14
// and over, the only table the digest gives; senior groups use it unchanged.
std::vector<GradeQuota> StandardGradeQuota();

enum class GroupKind {
  // An open or age group (the 14+ standard)
  kStandard,
  // A senior group: the 14+ standard, as the digest says.
  kSenior,
  // A family or pair group: every entry gets 七级棋士
  kFamily,
};

enum class QuotaRounding {
  // A scaled count is rounded down: a scaled quota is a ceiling, never
  // exceeded (3 × 50% grants one 棋协大师).
  kDown,
  // Rounded to the nearest, halves up (3 × 50% grants two).
  kNearest,
};

struct CertificateRules {
  // A provincial event grants the full quota whatever its size; an event
  // below provincial level with fewer than 20 players grants 50% of it,
  // with fewer than 10 players 25% (with 20 or more, the full quota).
  bool provincial_level = true;
  GroupKind kind = GroupKind::kStandard;
  std::vector<GradeQuota> quota = StandardGradeQuota();
  QuotaRounding rounding = QuotaRounding::kDown;
  // Groups with fewer players grant nothing (family groups excepted: their
  // rule gives every entry 七级棋士).
  int min_players = 6;
  // Groups with players from fewer units grant `few_units_factor` of the
  // (already scaled) quota.
  int min_units = 4;
  double few_units_factor = 0.6;
};

// The factor the quota is scaled by for a group of `players` players from
// `units` units: 1, 0.5 or 0.25 by size below provincial level, times 0.6
// with fewer than 4 units (the scalings multiply: a county event of 15
// players from 3 units grants 30%); 0 under 6 players.
double QuotaFactor(const CertificateRules& rules, int players, int units);

// The quota scaled by QuotaFactor, each grade's count rounded by
// rules.rounding.
std::vector<GradeQuota> ScaledQuota(const CertificateRules& rules, int players,
                                    int units);

struct Certificate {
  int number = 0;
  int place = 0;
  Grade grade;
};

// The certificates of one group. `standings` is the group's table (its
// players are the group: their number is the group size); units are
// counted from `event` (distinct Player::unit; a player without one counts
// as a unit of their own). The grades go down the table by place: with
// scaled counts c1, c2, …, places 1..c1 get the first grade, the next c2
// places the second, and so on, so a grade whose count rounds to 0 is
// skipped. Players sharing a place get the grade of that place.
std::vector<Certificate> GradeCertificates(
    const Event& event, const std::vector<StandingRow>& standings,
    const CertificateRules& rules);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_AWARDS_H_
