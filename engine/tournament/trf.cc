// Questions about a read TRF document (trf.h) that pairing asks.
#include "engine/tournament/trf.h"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace caipan::tournament {

std::vector<std::pair<int, int>> ForbiddenPairsInRound(
    const TrfDocument& document, int round) {
  std::vector<std::pair<int, int>> pairs;
  std::set<std::pair<int, int>> listed;
  std::set<std::pair<int, int>> covered;
  for (const TrfProhibition& p : document.prohibitions) {
    const bool applies = round >= p.first_round && round <= p.last_round;
    for (size_t i = 0; i < p.players.size(); ++i) {
      for (size_t j = i + 1; j < p.players.size(); ++j) {
        const std::pair<int, int> pair =
            std::minmax(p.players[i], p.players[j]);
        covered.insert(pair);
        if (applies && listed.insert(pair).second) pairs.push_back(pair);
      }
    }
  }
  // Pairs set on the event without a record hold for every round.
  for (const auto& [a, b] : document.event.forbidden_pairs) {
    const std::pair<int, int> pair = std::minmax(a, b);
    if (covered.count(pair) == 0 && listed.insert(pair).second) {
      pairs.push_back(pair);
    }
  }
  return pairs;
}

}  // namespace caipan::tournament
