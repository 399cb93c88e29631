// Game records: plain move lists and xiangqi PGN, parsed into a start position
// and the legal moves played; PGN export in any notation.
#ifndef CAIPAN_ENGINE_XIANGQI_RECORD_H_
#define CAIPAN_ENGINE_XIANGQI_RECORD_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

struct GameRecord {
  // kStartFen when the record gives none; as Position::ToFen writes it.
  std::string start_fen;
  std::vector<Move> moves;  // every move legal, in order
  std::vector<std::pair<std::string, std::string>> tags;  // PGN tags in order
  std::string result;  // "1-0", "0-1", "1/2-1/2", "*" or "" if none
};

// Parses plain text (moves in any notation, optional move numbers such as "1."
// and "1...") or xiangqi PGN (tags incl. [FEN] and [Result], {comments}, ;
// comments, (variations), $NAGs, move numbers, a result token); the two need no
// marker, one reader takes both. Errors name the ply (1-based) and quote the
// token, e.g. `ply 7: "车九进一": no red chariot on file 9`.
absl::StatusOr<GameRecord> ParseRecord(std::string_view text);

// Parses a whitespace-separated move sequence (move numbers allowed) from
// `start`; errors as for ParseRecord.
absl::StatusOr<std::vector<Move>> ParseMoveSequence(const Position& start,
                                                    std::string_view text);

// PGN text of a valid record: its tags (the [FEN] and [Result] values taken
// from the record, [FEN] added when the start is not the standard one, [Result]
// added if missing), a blank line, numbered moves in `notation` and the result
// ("*" when unknown).
std::string FormatPgn(const GameRecord& record, Notation notation);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_RECORD_H_
