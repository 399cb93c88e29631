// Text and JSON renderings of a xiangqi verdict and of a natural-limit status,
// naming moves in ICCS and Chinese notation as an arbiter reads them.
#ifndef CAIPAN_TOOLS_CAIPAN_XIANGQI_VERDICT_OUTPUT_H_
#define CAIPAN_TOOLS_CAIPAN_XIANGQI_VERDICT_OUTPUT_H_

#include <span>
#include <string>
#include <vector>

#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/natural_limit.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/rule_options.h"

namespace caipan::cli {

// The notations of plies 1..n of a game (index ply - 1).
struct PlyNames {
  std::vector<std::string> iccs;
  std::vector<std::string> chinese;
};
// Names the first `plies` moves (which must be legal) played from `start`.
PlyNames NamePlies(const xiangqi::Position& start,
                   std::span<const xiangqi::Move> moves, int plies);

// First line the result ("1-0", "0-1", "1/2-1/2", "*"), then "reason: …",
// "ply: …", and the ruling's moves, orders, claimable draws and the limit.
std::string VerdictText(const xiangqi::Verdict& verdict, const PlyNames& names);
// The same as one JSON object (one line).
std::string VerdictJson(const xiangqi::Verdict& verdict, const PlyNames& names,
                        const xiangqi::RuleOptions& options);

// First line "reached" or "not-reached", then the counts.
std::string LimitText(const xiangqi::NaturalLimitStatus& status,
                      const xiangqi::RuleOptions& options);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_XIANGQI_VERDICT_OUTPUT_H_
