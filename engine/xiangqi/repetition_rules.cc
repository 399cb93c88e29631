// The preset table: the one place a rule set's name selects its rules.
#include "engine/xiangqi/repetition_rules.h"

namespace caipan::xiangqi {

const RepetitionRules& PresetRules(RuleSet rule_set) {
  switch (rule_set) {
    case RuleSet::kChinese:
      return kChineseRules;
    case RuleSet::kAsian:
      return kAsianRules;
    case RuleSet::kSimple:
      return kSimpleRules;
  }
  return kChineseRules;
}

}  // namespace caipan::xiangqi
