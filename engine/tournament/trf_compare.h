// The first difference between two events, in words: what a TRF round trip
// (trf.h) is checked with, in the tests and the fuzz target, so that a failure
// says which field of which player came back different.
#ifndef CAIPAN_ENGINE_TOURNAMENT_TRF_COMPARE_H_
#define CAIPAN_ENGINE_TOURNAMENT_TRF_COMPARE_H_

#include <string>

#include "engine/tournament/event.h"
#include "engine/tournament/trf.h"

namespace caipan::tournament {

// "" when every field is equal (points compared exactly), else the first
// difference: "player 3 round 2: opponent 5 / 6".
std::string EventDifference(const Event& a, const Event& b);

// The same for documents: the event, then the header, the players' TRF
// columns, the 260 records, the deciders and the other records (warnings
// are not compared).
std::string TrfDocumentDifference(const TrfDocument& a, const TrfDocument& b);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_TRF_COMPARE_H_
