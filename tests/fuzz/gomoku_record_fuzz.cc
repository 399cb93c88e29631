// Fuzzes the gomoku record and action parsers and the adjudicator: the first
// byte picks the rule set, then "<moves>\n<opening actions>". Adjudication
// must never crash, and a parsed record must survive re-formatting.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/gomoku/adjudicate.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace gm = caipan::gomoku;
  if (size == 0) return 0;
  const gm::RuleSet rules = static_cast<gm::RuleSet>(data[0] % 4);
  const std::string_view input(reinterpret_cast<const char*>(data + 1),
                               size - 1);
  const size_t newline = input.find('\n');
  const std::string_view moves = input.substr(0, newline);
  const std::string_view opening = newline == std::string_view::npos
                                       ? std::string_view()
                                       : input.substr(newline + 1);

  absl::StatusOr<std::vector<gm::Action>> record = gm::ParseRecord(moves);
  if (record.ok()) {
    std::string text;
    for (const gm::Action& a : *record) text += gm::FormatAction(a) + " ";
    absl::StatusOr<std::vector<gm::Action>> again = gm::ParseRecord(text);
    if (!again.ok() || again->size() != record->size()) std::abort();
  }
  for (bool implied : {true, false}) {
    gm::AdjudicationOptions options;
    options.rules = gm::RuleOptionsFor(rules);
    options.rules.fifth_move_alternatives = 1 + data[0] / 4 % 3;
    options.implied_opening_actions = implied;
    absl::StatusOr<gm::Verdict> a = gm::AdjudicateText(moves, opening, options);
    if (a.ok() && a->illegal && a->result != gm::GameResult::kOngoing) {
      std::abort();
    }
  }
  return 0;
}
