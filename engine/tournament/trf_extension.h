// The caipan extension of TRF (trf.h): "### caipan KEY …" comment lines for
// what the Chinese events record and FIDE has no field for. Read as lines,
// applied once every player is known, written from a document. Internal to
// the tournament library.
#ifndef CAIPAN_ENGINE_TOURNAMENT_TRF_EXTENSION_H_
#define CAIPAN_ENGINE_TOURNAMENT_TRF_EXTENSION_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/tournament/trf.h"
#include "engine/tournament/trf_text.h"

namespace caipan::tournament::trf_internal {

inline constexpr char kExtensionPrefix[] = "### caipan ";

// One extension line, its words checked.
struct ExtensionLine {
  int line = 0;
  std::string key;
  // The player of a per-player key, the winner of a decider.
  int number = 0;
  // The round of a decider.
  int round = 0;
  std::string value;
};

// Whether a line (trailing blanks removed) is an extension line rather than
// an ordinary comment.
bool IsExtensionLine(std::string_view text);

// Reads one extension line: a known key, a start number where the key
// needs one, a value of the right form; errors name the column.
absl::StatusOr<ExtensionLine> ReadExtensionLine(int line_number,
                                                const TrfLine& line);

// Applies the lines, in order, to a document whose players are read and
// whose scoring is 162's: errors for a player that does not exist or a key
// given twice for the same thing.
absl::Status ApplyExtensionLines(const std::vector<ExtensionLine>& lines,
                                 TrfDocument& document);

// The extension lines a document needs (each with its line end): the
// tie-break chain, the points 162 cannot say, the deciders, then per player
// in number order the name, id, rating and rank that do not fit their
// columns, the unit, fouls and withdrawal.
std::string WriteExtensionLines(const TrfDocument& document);

}  // namespace caipan::tournament::trf_internal

#endif  // CAIPAN_ENGINE_TOURNAMENT_TRF_EXTENSION_H_
