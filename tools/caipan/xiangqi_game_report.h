// The verdict on one recorded game, as the adjudicate command reports it:
// the rules' verdict with the record's claims, and how it compares with the
// result the record states.
#ifndef CAIPAN_TOOLS_CAIPAN_XIANGQI_GAME_REPORT_H_
#define CAIPAN_TOOLS_CAIPAN_XIANGQI_GAME_REPORT_H_

#include <string>

#include "absl/status/statusor.h"
#include "engine/common/language.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/record.h"
#include "engine/xiangqi/rule_options.h"
#include "tools/caipan/xiangqi_verdict_output.h"

namespace caipan::cli {

struct GameReport {
  xiangqi::Position start;
  xiangqi::Verdict verdict;
  RecordInfo record;
  int plies = 0;
};

// Adjudicates a parsed record (its start FEN must be valid: errors name it).
absl::StatusOr<GameReport> AdjudicateRecord(const xiangqi::GameRecord& record,
                                            const xiangqi::RuleOptions& rules,
                                            Language lang);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_XIANGQI_GAME_REPORT_H_
