// Options that select a xiangqi rule set and its regulation parameters
// (repetition rules, adjudication mode, natural move limit and how checks count
// toward it). Data, not forks.
#ifndef CAIPAN_ENGINE_XIANGQI_RULE_OPTIONS_H_
#define CAIPAN_ENGINE_XIANGQI_RULE_OPTIONS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace caipan::xiangqi {

// Which repetition rules apply; each names a preset of RepetitionRules
// (repetition_rules.h).
enum class RuleSet : uint8_t {
  // CXA 2011/2020 棋例: 长将/长杀/长捉 and their mixes are forbidden.
  kChinese = 0,
  // AXF: perpetual check and perpetual chase are forbidden; 杀 is not forcing.
  kAsian = 1,
  // Only one-sided perpetual check loses; every other repetition draws.
  kSimple = 2,
};

// How a forbidden repetition is ruled.
enum class AdjudicationMode : uint8_t {
  // Online platforms: the offender loses when the forbidden cycle completes.
  kAutomatic = 0,
  // Arbiter: the offender is told to vary and loses if it repeats again.
  kClaim = 1,
};

// How the claimant's checks count toward the natural move limit.
struct CheckCountPolicy {
  enum class Kind : uint8_t {
    // None of the claimant's checks count (each extends the limit by a round).
    kNone = 0,
    // Every move counts.
    kAll = 1,
    // The first `max_counted` checks since the last capture count.
    kAtMost = 2,
  };
  Kind kind = Kind::kAll;
  int max_counted = 0;

  static CheckCountPolicy None() { return {Kind::kNone, 0}; }
  static CheckCountPolicy All() { return {Kind::kAll, 0}; }
  static CheckCountPolicy AtMost(int k) { return {Kind::kAtMost, k}; }
  friend bool operator==(const CheckCountPolicy&,
                         const CheckCountPolicy&) = default;
};

struct RuleOptions {
  RuleSet rule_set = RuleSet::kChinese;
  AdjudicationMode mode = AdjudicationMode::kAutomatic;
  // Natural move limit in rounds (one move by each side); the rulebook's figure
  // is 60.
  int natural_limit_rounds = 60;
  CheckCountPolicy limit_checks = CheckCountPolicy::All();
  // Depth, in the threatening side's moves, of the forced check sequence
  // searched when deciding whether a move threatens mate (杀). 1 = mate next
  // move only.
  int mate_threat_depth = 2;
  // Automatic mode: occurrences of a position that trigger the ruling (the
  // rulebook's 3; platforms that tolerate longer repetitions raise it). The
  // span judged is always the last two cycles.
  int repetitions = 3;
};

// "chinese", "asian", "simple".
const char* RuleSetName(RuleSet r);
// "automatic", "claim".
const char* AdjudicationModeName(AdjudicationMode m);
// "none", "all" or K as digits.
std::string CheckCountPolicyName(CheckCountPolicy p);

absl::StatusOr<RuleSet> ParseRuleSet(std::string_view text);
absl::StatusOr<AdjudicationMode> ParseAdjudicationMode(std::string_view text);
// "none", "all" or a non-negative integer K ("at most K counted").
absl::StatusOr<CheckCountPolicy> ParseCheckCountPolicy(std::string_view text);

// OK if the numbers are in range (limit 1..10000 rounds, K 0..10000, mate
// depth 1..4, repetitions 3..100).
absl::Status ValidateRuleOptions(const RuleOptions& options);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_RULE_OPTIONS_H_
