// Prizes, qualification and grade certificates (see awards.h).
#include "engine/tournament/awards.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/tournament/event.h"
#include "engine/tournament/standings.h"

namespace caipan::tournament {
namespace {

// [begin, end) ranges of rows sharing a place.
std::vector<std::pair<size_t, size_t>> PlaceRuns(
    const std::vector<StandingRow>& rows) {
  std::vector<std::pair<size_t, size_t>> runs;
  size_t begin = 0;
  for (size_t i = 1; i <= rows.size(); ++i) {
    if (i == rows.size() || rows[i].place != rows[begin].place) {
      runs.emplace_back(begin, i);
      begin = i;
    }
  }
  return runs;
}

std::string BandText(const PrizeBand& band) {
  return absl::StrCat("band ", band.first_place, "–", band.last_place);
}

}  // namespace

absl::Status CheckPrizeTable(const PrizeTable& table) {
  for (size_t i = 0; i < table.bands.size(); ++i) {
    const PrizeBand& band = table.bands[i];
    if (band.first_place < 1 || band.last_place < band.first_place) {
      return absl::InvalidArgumentError(
          absl::StrCat("prize table ", table.name, ": ", BandText(band),
                       " is not a range of places from 1"));
    }
    if (!(band.amount >= 0) || !std::isfinite(band.amount)) {
      return absl::InvalidArgumentError(
          absl::StrCat("prize table ", table.name, ": ", BandText(band),
                       " has amount ", band.amount));
    }
    for (size_t j = 0; j < i; ++j) {
      const PrizeBand& other = table.bands[j];
      if (band.first_place <= other.last_place &&
          other.first_place <= band.last_place) {
        return absl::InvalidArgumentError(
            absl::StrCat("prize table ", table.name, ": ", BandText(band),
                         " overlaps ", BandText(other)));
      }
    }
  }
  return absl::OkStatus();
}

double PrizeForPlace(const PrizeTable& table, int place) {
  for (const PrizeBand& band : table.bands) {
    if (place >= band.first_place && place <= band.last_place) {
      return band.amount;
    }
  }
  return 0;
}

std::vector<Prize> AwardPrizes(const PrizeTable& table,
                               const std::vector<StandingRow>& standings,
                               SharedPrizes shared) {
  std::vector<Prize> prizes;
  for (const auto& [begin, end] : PlaceRuns(standings)) {
    const int place = standings[begin].place;
    const int count = static_cast<int>(end - begin);
    double amount = PrizeForPlace(table, place);
    switch (shared) {
      case SharedPrizes::kPooled: {
        double pool = 0;
        for (int k = 0; k < count; ++k) pool += PrizeForPlace(table, place + k);
        amount = pool / count;
        break;
      }
      case SharedPrizes::kPlacePrize:
        break;
    }
    if (amount <= 0) continue;
    for (size_t i = begin; i < end; ++i) {
      prizes.push_back({.list = table.name,
                        .place = place,
                        .number = standings[i].number,
                        .amount = amount});
    }
  }
  return prizes;
}

std::vector<std::vector<int>> PlayoffsNeeded(
    const PrizeTable& table, const std::vector<StandingRow>& standings) {
  std::vector<std::vector<int>> ties;
  for (const auto& [begin, end] : PlaceRuns(standings)) {
    const int place = standings[begin].place;
    const int count = static_cast<int>(end - begin);
    bool differ = false;
    for (int k = 1; k < count; ++k) {
      if (PrizeForPlace(table, place + k) != PrizeForPlace(table, place)) {
        differ = true;
      }
    }
    if (!differ) continue;
    std::vector<int> numbers;
    for (size_t i = begin; i < end; ++i) numbers.push_back(standings[i].number);
    ties.push_back(std::move(numbers));
  }
  return ties;
}

Qualification Qualify(const std::vector<StandingRow>& standings, int slots,
                      const std::vector<int>& skip) {
  const absl::flat_hash_set<int> skipped(skip.begin(), skip.end());
  std::vector<StandingRow> eligible;
  for (const StandingRow& row : standings) {
    if (!skipped.contains(row.number)) eligible.push_back(row);
  }
  Qualification result;
  int left = std::max(slots, 0);
  for (const auto& [begin, end] : PlaceRuns(eligible)) {
    if (left == 0) break;
    const int count = static_cast<int>(end - begin);
    if (count <= left) {
      for (size_t i = begin; i < end; ++i) {
        result.qualified.push_back(eligible[i].number);
      }
      left -= count;
    } else {
      for (size_t i = begin; i < end; ++i) {
        result.tied_at_cut.push_back(eligible[i].number);
      }
      result.open_slots = left;
      break;
    }
  }
  return result;
}

std::string_view GradeName(Grade grade) {
  switch (grade) {
    case Grade::kMaster:
      return "棋协大师";
    case Grade::kLocalMaster:
      return "地方大师";
    case Grade::kFirstClass:
      return "一级棋士";
    case Grade::kSecondClass:
      return "二级棋士";
    case Grade::kThirdClass:
      return "三级棋士";
    case Grade::kSeventhClass:
      return "七级棋士";
  }
  return "";
}

std::vector<GradeQuota> StandardGradeQuota() {
  return {{Grade::kMaster, 3},
          {Grade::kLocalMaster, 5},
          {Grade::kFirstClass, 8},
          {Grade::kSecondClass, 16},
          {Grade::kThirdClass, 24}};
}

double QuotaFactor(const CertificateRules& rules, int players, int units) {
  if (players < rules.min_players) return 0;
  double factor = 1;
  if (!rules.provincial_level) {
    if (players < 10) {
      factor = 0.25;
    } else if (players < 20) {
      factor = 0.5;
    }
  }
  if (units < rules.min_units) factor *= rules.few_units_factor;
  return factor;
}

std::vector<GradeQuota> ScaledQuota(const CertificateRules& rules, int players,
                                    int units) {
  const double factor = QuotaFactor(rules, players, units);
  std::vector<GradeQuota> scaled;
  for (const GradeQuota& quota : rules.quota) {
    // The small epsilon keeps products such as 5 × 0.6 = 2.9999999999999996
    // at their exact value before rounding.
    const double exact = quota.count * factor + 1e-9;
    int count = 0;
    switch (rules.rounding) {
      case QuotaRounding::kDown:
        count = static_cast<int>(std::floor(exact));
        break;
      case QuotaRounding::kNearest:
        count = static_cast<int>(std::floor(exact + 0.5));
        break;
    }
    scaled.push_back({quota.grade, count});
  }
  return scaled;
}

std::vector<Certificate> GradeCertificates(
    const Event& event, const std::vector<StandingRow>& standings,
    const CertificateRules& rules) {
  std::vector<Certificate> certificates;
  switch (rules.kind) {
    case GroupKind::kFamily:
      for (const StandingRow& row : standings) {
        certificates.push_back({.number = row.number,
                                .place = row.place,
                                .grade = Grade::kSeventhClass});
      }
      return certificates;
    case GroupKind::kStandard:
    case GroupKind::kSenior:
      break;
  }
  absl::flat_hash_set<std::string> units;
  int unitless = 0;
  for (const StandingRow& row : standings) {
    const Player* player = FindPlayer(event, row.number);
    if (player == nullptr || player->unit.empty()) {
      ++unitless;
    } else {
      units.insert(player->unit);
    }
  }
  const int players = static_cast<int>(standings.size());
  const std::vector<GradeQuota> quota =
      ScaledQuota(rules, players, static_cast<int>(units.size()) + unitless);
  for (const StandingRow& row : standings) {
    int last_place = 0;  // the last place of the grade band looked at
    for (const GradeQuota& band : quota) {
      last_place += band.count;
      if (row.place <= last_place) {
        certificates.push_back(
            {.number = row.number, .place = row.place, .grade = band.grade});
        break;
      }
    }
  }
  return certificates;
}

}  // namespace caipan::tournament
