// `caipan xiangqi adjudicate` over many games (several --record paths, a
// directory, or a file of several games): one line per game, a progress bar
// on stderr, a summary at the end, the games spread over --jobs threads with
// the output kept in input order.
#ifndef CAIPAN_TOOLS_CAIPAN_XIANGQI_BATCH_H_
#define CAIPAN_TOOLS_CAIPAN_XIANGQI_BATCH_H_

#include <string>
#include <vector>

#include "engine/common/language.h"
#include "engine/xiangqi/rule_options.h"
#include "tools/caipan/xiangqi_record_files.h"

namespace caipan::cli {

struct BatchOptions {
  xiangqi::RuleOptions rules;
  RecordFileOptions files;
  Language lang = Language::kEnglish;
  int jobs = 1;
  bool json = false;
  bool progress = false;  // draw the progress bar on stderr
};

// Adjudicates every game of `files`; returns the number of games that could
// not be read.
int RunBatch(const std::vector<std::string>& files,
             const BatchOptions& options);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_XIANGQI_BATCH_H_
