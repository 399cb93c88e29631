// Rule sets as data: who may win with what, black's forbidden moves and the
// opening protocol, with the competition defaults.
#ifndef CAIPAN_ENGINE_GOMOKU_RULES_H_
#define CAIPAN_ENGINE_GOMOKU_RULES_H_

#include <string_view>

#include "absl/status/statusor.h"
#include "engine/gomoku/types.h"

namespace caipan::gomoku {

enum class RuleSet : uint8_t {
  // Chinese competition rules (default)
  kChinese = 0,
  // RIF renju rules.
  kRenjuRif,
  // Exactly five wins for both, no forbidden moves.
  kGomokuStandard,
  // Five or more wins for both, no forbidden moves.
  kGomokuFreestyle,
};

enum class OpeningRule : uint8_t {
  // Alternate play from the first move.
  kFree = 0,
  // One of the 26 designated openings (h8, an adjacent W2, B3 in the central
  // 5x5), swap after move 3, W4, then the fifth move with N alternatives.
  // RIF's opening rule gives the same positions and sequence of decisions.
  kDesignatedOpenings,
};

struct RuleOptions {
  RuleSet rule_set = RuleSet::kChinese;
  // Double-three, double-four, overline lose.
  bool black_forbidden = true;
  // Black wins only with exactly five.
  bool black_exact_five = true;
  bool white_exact_five = false;
  OpeningRule opening = OpeningRule::kDesignatedOpenings;
  // N of the fifth move (五手N打)
  int fifth_move_alternatives = 2;
};

// The options of a rule set with its defaults.
RuleOptions RuleOptionsFor(RuleSet rule_set);

// "chinese", "renju_rif", "gomoku_standard", "gomoku_freestyle".
const char* RuleSetName(RuleSet rule_set);
absl::StatusOr<RuleSet> ParseRuleSet(std::string_view name);

// Checks option values (N of the fifth move from 1 to 10).
absl::Status ValidateRuleOptions(const RuleOptions& options);

// True if a c stone making a row of `run` stones wins under these rules.
constexpr bool WinsWithRun(const RuleOptions& o, Color c, int run) {
  const bool exact =
      c == Color::kBlack ? o.black_exact_five : o.white_exact_five;
  return exact ? run == 5 : run >= 5;
}

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_RULES_H_
