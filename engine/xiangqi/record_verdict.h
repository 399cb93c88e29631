// The rules' verdict on a recorded game set beside the result the record
// states: which outcome to report, where it comes from, and whether the two
// agree — with the reason when they do not.
#ifndef CAIPAN_ENGINE_XIANGQI_RECORD_VERDICT_H_
#define CAIPAN_ENGINE_XIANGQI_RECORD_VERDICT_H_

#include <optional>
#include <string>

#include "engine/common/language.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/record.h"

namespace caipan::xiangqi {

enum class OutcomeSource : uint8_t {
  // Neither the rules nor the record decide the game.
  kNone = 0,
  // The rules ended the game (mate, a ruling, a claimed draw)
  kRules = 1,
  // The record's result: resignation, time, agreement ...
  kRecord = 2,
};
// "none", "rules", "record"
const char* OutcomeSourceName(OutcomeSource s);

struct RecordComparison {
  // "1-0", "0-1", "1/2-1/2" or "*"
  std::string outcome;
  OutcomeSource source = OutcomeSource::kNone;
  // Unset when there is nothing to compare: no recorded result, or the rules
  // neither decide the game nor speak against the recorded result.
  std::optional<bool> agrees;
  // When agrees is false: why, in the language asked for.
  std::string disagreement;
};

// Compares. The rules contradict the record when they decided the game
// otherwise (e.g. mate, but the record gives the other side the win), or when
// the record gives the win to a side that, at the end, was repeating a
// forbidden cycle (e.g. a recorded 1-0 after red's perpetual check); a record
// that goes on after the game was decided disagrees too. A game the rules
// leave open takes the recorded result as its outcome.
RecordComparison CompareWithRecord(const Verdict& verdict,
                                   const RecordedOutcome& recorded,
                                   Language lang);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_RECORD_VERDICT_H_
