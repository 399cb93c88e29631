// Text and JSON renderings of a xiangqi verdict and of a natural-limit status,
// naming moves in ICCS and Chinese notation as an arbiter reads them.
#ifndef CAIPAN_TOOLS_CAIPAN_XIANGQI_VERDICT_OUTPUT_H_
#define CAIPAN_TOOLS_CAIPAN_XIANGQI_VERDICT_OUTPUT_H_

#include <span>
#include <string>
#include <vector>

#include "engine/common/language.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/natural_limit.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/record.h"
#include "engine/xiangqi/record_verdict.h"
#include "engine/xiangqi/rule_options.h"
#include "tools/caipan/json_writer.h"

namespace caipan::cli {

// The notations of plies 1..n of a game (index ply - 1).
struct PlyNames {
  std::vector<std::string> iccs;
  std::vector<std::string> chinese;
};
// Names the first `plies` moves (which must be legal) played from `start`.
PlyNames NamePlies(const xiangqi::Position& start,
                   std::span<const xiangqi::Move> moves, int plies);

// "red" or "black".
const char* SideName(xiangqi::Color c);

// One line per judged move of a ruling, indented (in `lang`: ply, side, ICCS
// and Chinese names, kind and chased pieces), appended to `out`.
void AppendCycleMoveLines(const xiangqi::RepetitionRuling& ruling,
                          const PlyNames& names, Language lang,
                          std::string* out);
// A repetition ruling: its summary line (in `lang`), then its move lines,
// appended to `out`.
void AppendRulingText(const xiangqi::RepetitionRuling& ruling,
                      const PlyNames& names, Language lang, std::string* out);
// The same as a JSON object written to `w`.
void WriteRulingJson(const xiangqi::RepetitionRuling& ruling,
                     const PlyNames& names, Language lang, JsonWriter* w);

// For a verdict on a record: what the record says, and how it compares.
struct RecordInfo {
  xiangqi::RecordedOutcome recorded;
  xiangqi::RecordComparison comparison;
  int claims = 0;
  std::vector<std::string> warnings;
};

// First line the result ("1-0", "0-1", "1/2-1/2", "*"), then "reason: …",
// "ply: …", "explanation: …" in `lang`, and the ruling's moves, claims,
// orders, claimable draws, the limit and (with `record`) the recorded result.
std::string VerdictText(const xiangqi::Verdict& verdict, const PlyNames& names,
                        Language lang, const RecordInfo* record = nullptr);
// The same as one JSON object (one line); texts in `lang`, names as they are.
std::string VerdictJson(const xiangqi::Verdict& verdict, const PlyNames& names,
                        const xiangqi::RuleOptions& options, Language lang,
                        const RecordInfo* record = nullptr);

// First line "reached" or "not-reached" (after "red: " or "black: " with
// `name_claimant`), then the counts, and the ply the limit was first reached
// at when it was.
std::string LimitText(const xiangqi::NaturalLimitStatus& status,
                      const xiangqi::RuleOptions& options, bool name_claimant);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_XIANGQI_VERDICT_OUTPUT_H_
