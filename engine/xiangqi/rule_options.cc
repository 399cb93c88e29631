// Names, parsing and validation of the xiangqi rule options.
#include "engine/xiangqi/rule_options.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "engine/common/text.h"

namespace caipan::xiangqi {

const char* RuleSetName(RuleSet r) {
  switch (r) {
    case RuleSet::kChinese:
      return "chinese";
    case RuleSet::kAsian:
      return "asian";
    case RuleSet::kSimple:
      return "simple";
  }
  return "unknown";
}

const char* AdjudicationModeName(AdjudicationMode m) {
  return m == AdjudicationMode::kClaim ? "claim" : "automatic";
}

std::string CheckCountPolicyName(CheckCountPolicy p) {
  switch (p.kind) {
    case CheckCountPolicy::Kind::kNone:
      return "none";
    case CheckCountPolicy::Kind::kAll:
      return "all";
    case CheckCountPolicy::Kind::kAtMost:
      return std::to_string(p.max_counted);
  }
  return "all";
}

absl::StatusOr<RuleSet> ParseRuleSet(std::string_view text) {
  if (text == "chinese") return RuleSet::kChinese;
  if (text == "asian") return RuleSet::kAsian;
  if (text == "simple") return RuleSet::kSimple;
  return absl::InvalidArgumentError(absl::StrCat(
      "rules: expected chinese, asian or simple, got ", QuoteToken(text)));
}

absl::StatusOr<AdjudicationMode> ParseAdjudicationMode(std::string_view text) {
  if (text == "automatic") return AdjudicationMode::kAutomatic;
  if (text == "claim") return AdjudicationMode::kClaim;
  return absl::InvalidArgumentError(absl::StrCat(
      "mode: expected automatic or claim, got ", QuoteToken(text)));
}

absl::StatusOr<CheckCountPolicy> ParseCheckCountPolicy(std::string_view text) {
  if (text == "none") return CheckCountPolicy::None();
  if (text == "all") return CheckCountPolicy::All();
  int k = 0;
  bool digits = !text.empty() && text.size() <= 5;
  for (char c : text) {
    digits = digits && c >= '0' && c <= '9';
    if (digits) k = k * 10 + (c - '0');
  }
  if (digits && k <= 10000) {
    return CheckCountPolicy::AtMost(k);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("limit-checks: expected none, all or a count 0..10000, got ",
                   QuoteToken(text)));
}

absl::Status ValidateRuleOptions(const RuleOptions& options) {
  if (options.natural_limit_rounds < 1 ||
      options.natural_limit_rounds > 10000) {
    return absl::InvalidArgumentError(
        absl::StrCat("natural-limit: expected 1..10000 rounds, got ",
                     options.natural_limit_rounds));
  }
  if (options.limit_checks.kind == CheckCountPolicy::Kind::kAtMost &&
      (options.limit_checks.max_counted < 0 ||
       options.limit_checks.max_counted > 10000)) {
    return absl::InvalidArgumentError(
        absl::StrCat("limit-checks: expected 0..10000, got ",
                     options.limit_checks.max_counted));
  }
  if (options.mate_threat_depth < 1 || options.mate_threat_depth > 4) {
    return absl::InvalidArgumentError(absl::StrCat(
        "mate threat depth: expected 1..4, got ", options.mate_threat_depth));
  }
  if (options.repetitions < 3 || options.repetitions > 100) {
    return absl::InvalidArgumentError(absl::StrCat(
        "repetitions: expected 3..100, got ", options.repetitions));
  }
  return absl::OkStatus();
}

}  // namespace caipan::xiangqi
