// Fuzz target for TRF reading and writing (engine/tournament/trf.h): any text
// either fails cleanly or reads to a document that, written and read again,
// is the same document and the same text; the forbidden pairs of each round
// stay within the players.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/tournament/trf.h"
#include "engine/tournament/trf_compare.h"

namespace tn = ::caipan::tournament;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<tn::TrfDocument> document = tn::ParseTrfDocument(text);
  if (!document.ok()) {
    if (document.status().message().empty()) __builtin_trap();
    return 0;
  }
  const std::string written = tn::WriteTrfDocument(*document);
  absl::StatusOr<tn::TrfDocument> again = tn::ParseTrfDocument(written);
  if (!again.ok()) __builtin_trap();
  if (!tn::TrfDocumentDifference(*document, *again).empty()) __builtin_trap();
  // Written back, a file warns of nothing but a 222 the clocks cannot read
  // (kept as written, so it warns again).
  for (const std::string& warning : again->warnings) {
    if (warning.find("time control not understood") == std::string::npos)
      __builtin_trap();
  }
  if (tn::WriteTrfDocument(*again) != written) __builtin_trap();
  const int players = static_cast<int>(document->event.players.size());
  for (int round = 1; round <= 3; ++round) {
    for (const auto& [a, b] : tn::ForbiddenPairsInRound(*document, round)) {
      if (a < 1 || b > players || a >= b) __builtin_trap();
    }
  }
  return 0;
}
