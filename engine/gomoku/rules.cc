// Rule-set names and defaults.
#include "engine/gomoku/rules.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"

namespace caipan::gomoku {

RuleOptions RuleOptionsFor(RuleSet rule_set) {
  RuleOptions o;
  o.rule_set = rule_set;
  switch (rule_set) {
    case RuleSet::kChinese:
    case RuleSet::kRenjuRif:
      break;
    case RuleSet::kGomokuStandard:
      o.black_forbidden = false;
      o.black_exact_five = true;
      o.white_exact_five = true;
      o.opening = OpeningRule::kFree;
      break;
    case RuleSet::kGomokuFreestyle:
      o.black_forbidden = false;
      o.black_exact_five = false;
      o.white_exact_five = false;
      o.opening = OpeningRule::kFree;
      break;
  }
  return o;
}

const char* RuleSetName(RuleSet rule_set) {
  switch (rule_set) {
    case RuleSet::kChinese:
      return "chinese";
    case RuleSet::kRenjuRif:
      return "renju_rif";
    case RuleSet::kGomokuStandard:
      return "gomoku_standard";
    case RuleSet::kGomokuFreestyle:
      return "gomoku_freestyle";
  }
  return "chinese";
}

absl::StatusOr<RuleSet> ParseRuleSet(std::string_view name) {
  std::string lower(name);
  for (char& ch : lower)
    ch = absl::ascii_tolower(static_cast<unsigned char>(ch));
  for (RuleSet r : {RuleSet::kChinese, RuleSet::kRenjuRif,
                    RuleSet::kGomokuStandard, RuleSet::kGomokuFreestyle}) {
    if (lower == RuleSetName(r)) return r;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("rules: unknown rule set ", QuoteToken(name),
                   " (chinese, renju_rif, gomoku_standard, gomoku_freestyle)"));
}

absl::Status ValidateRuleOptions(const RuleOptions& options) {
  if (options.fifth_move_alternatives < 1 ||
      options.fifth_move_alternatives > 10) {
    return absl::InvalidArgumentError(absl::StrCat(
        "fifth_move_alternatives: ", options.fifth_move_alternatives,
        " is not between 1 and 10"));
  }
  return absl::OkStatus();
}

}  // namespace caipan::gomoku
