// The outcome a record states: its result and the PGN Termination tag, read in
// English or Chinese.
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "engine/xiangqi/record.h"

namespace caipan::xiangqi {
namespace {

struct TerminationWords {
  RecordedTermination termination;
  std::string_view words[8];  // any one found in the value; unused are empty
};

// Checked in order: "超时判负" is a time forfeit, not an infraction.
constexpr TerminationWords kTerminations[] = {
    {RecordedTermination::kTimeForfeit,
     {"time", "flag", "超时", "超時", "逾时", "逾時"}},
    {RecordedTermination::kResignation,
     {"resign", "认输", "認輸", "投降", "投子"}},
    {RecordedTermination::kRulesInfraction,
     {"infraction", "illegal", "犯规", "犯規", "违规", "違規", "违例", "違例"}},
    {RecordedTermination::kAbandoned,
     {"abandon", "弃权", "棄權", "中止", "中断", "中斷"}},
    {RecordedTermination::kAgreement,
     {"agree", "议和", "議和", "提和", "和棋", "协议", "協議"}},
    {RecordedTermination::kNormal,
     {"normal", "mate", "正常", "将死", "將死", "绝杀", "絕殺", "困毙"}},
};

// abseil's own string_view type here is not std::string_view.
absl::string_view View(std::string_view s) { return {s.data(), s.size()}; }

RecordedTermination TerminationOf(std::string_view value) {
  std::string lower(absl::StripAsciiWhitespace(View(value)));
  if (lower.empty()) return RecordedTermination::kUnknown;
  absl::AsciiStrToLower(&lower);
  for (const TerminationWords& entry : kTerminations) {
    for (std::string_view word : entry.words) {
      if (!word.empty() && absl::StrContains(lower, View(word)))
        return entry.termination;
    }
  }
  return RecordedTermination::kOther;
}

}  // namespace

RecordedOutcome RecordedOutcomeOf(const GameRecord& record) {
  RecordedOutcome outcome;
  if (record.result == "1-0" || record.result == "0-1" ||
      record.result == "1/2-1/2") {
    outcome.result = record.result;
  }
  for (const auto& [name, value] : record.tags) {
    if (absl::EqualsIgnoreCase(View(name), "Termination")) {
      outcome.termination_text = value;
      outcome.termination = TerminationOf(value);
    }
  }
  return outcome;
}

const char* RecordedTerminationName(RecordedTermination termination) {
  switch (termination) {
    case RecordedTermination::kUnknown:
      return "unknown";
    case RecordedTermination::kNormal:
      return "normal";
    case RecordedTermination::kTimeForfeit:
      return "time forfeit";
    case RecordedTermination::kResignation:
      return "resignation";
    case RecordedTermination::kAgreement:
      return "agreement";
    case RecordedTermination::kRulesInfraction:
      return "rules infraction";
    case RecordedTermination::kAbandoned:
      return "abandoned";
    case RecordedTermination::kOther:
      return "other";
  }
  return "unknown";
}

}  // namespace caipan::xiangqi
