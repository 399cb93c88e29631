// Game records: plain move lists and xiangqi PGN, parsed into a start position
// and the legal moves played; PGN export in any notation.
#ifndef CAIPAN_ENGINE_XIANGQI_RECORD_H_
#define CAIPAN_ENGINE_XIANGQI_RECORD_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/xiangqi/claim.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// A draw claim written into a record (see ParseRecord).
using RecordedClaim = Claim;

struct GameRecord {
  // kStartFen when the record gives none; as Position::ToFen writes it.
  std::string start_fen;
  // Every move legal, in order.
  std::vector<Move> moves;
  // PGN tags in order.
  std::vector<std::pair<std::string, std::string>> tags;
  // "1-0", "0-1", "1/2-1/2", "*" or "" if none.
  std::string result;
  // In order of ply.
  std::vector<RecordedClaim> claims;
  // What the reader assumed to get past malformed but readable input, each
  // naming its line, e.g. a tag value with unescaped inner quotes.
  std::vector<std::string> warnings;
};

// Parses plain text (moves in any notation, optional move numbers such as "1."
// and "1...") or xiangqi PGN (tags incl. [FEN] and [Result], {comments}, ;
// comments, (variations), $NAGs, move numbers, a result token); the two need no
// marker, one reader takes both. Errors name the ply (1-based) and quote the
// token, e.g. `ply 7: "车九进一": no red chariot on file 9`.
//
// Claims: the word "claim", "claim:red" or "claim:black" among the moves, or a
// comment that is just {claim}, {claim red} or {claim black} (any case), marks
// a claim made after the moves before it.
//
// Lenient where records in the wild need it: a tag value with unescaped inner
// quotes, [Event "第二届"某某杯"赛"], is read up to the last quote before the
// closing "]" with a warning; full-width WXF and ICCS moves (Ｃ２＝５) read as
// their ASCII forms.
absl::StatusOr<GameRecord> ParseRecord(std::string_view text);

// One game of a file read by ParseRecords.
struct RecordEntry {
  // 1-based position of the game in the file.
  int index = 0;
  // 1-based line where the game's text starts.
  int first_line = 0;
  absl::StatusOr<GameRecord> record;
};

// Largest number of games ParseRecords reads from one text, and the largest
// text it takes.
inline constexpr int kMaxRecordsPerText = 100000;
inline constexpr size_t kMaxRecordsTextBytes = size_t{64} << 20;

// Parses a file of one or more games: a new game starts at each tag section
// that follows movetext (or a result token). Each game is parsed on its own
// as by ParseRecord, so one bad game does not hide the others; error lines are
// counted from the start of `text`. Blank text gives no entries. Over
// kMaxRecordsTextBytes, one entry holds the error; past kMaxRecordsPerText
// games, a last entry says the rest was not read.
std::vector<RecordEntry> ParseRecords(std::string_view text);

// Parses a whitespace-separated move sequence (move numbers allowed, claim
// words skipped) from `start`; errors as for ParseRecord.
absl::StatusOr<std::vector<Move>> ParseMoveSequence(const Position& start,
                                                    std::string_view text);

struct MoveSequence {
  std::vector<Move> moves;
  // Each move's text as written (move numbers and "!"/"?" left out; a glued
  // word's four characters a move), so it can be echoed back as typed.
  std::vector<std::string> texts;
  std::vector<RecordedClaim> claims;
  // ParseMovesToFirstUnplayable only: why the move after `moves` names no
  // legal move.
  std::optional<std::string> unplayable;
};

// As ParseMoveSequence, also returning the claims written among the moves.
absl::StatusOr<MoveSequence> ParseMoveSequenceWithClaims(const Position& start,
                                                         std::string_view text);

// As ParseMoveSequenceWithClaims, but the first move the position does not
// allow ends the sequence instead of failing it, so it can be adjudicated as
// an illegal move (as the API does): ICCS coordinates are kept as the last
// move (the adjudicator rules on them); other text that names no legal move
// ("车九进一" with no chariot there) sets `unplayable`. Words after it are not
// read. Text that is no move at all is still an error naming its ply.
absl::StatusOr<MoveSequence> ParseMovesToFirstUnplayable(const Position& start,
                                                         std::string_view text);

// How a record says the game ended.
enum class RecordedTermination {
  // No Termination tag, or an empty one.
  kUnknown,
  // Checkmate, stalemate and the like.
  kNormal,
  kTimeForfeit,
  kResignation,
  kAgreement,
  kRulesInfraction,
  kAbandoned,
  // A Termination tag this reader does not recognise.
  kOther,
};

struct RecordedOutcome {
  // "1-0", "0-1", "1/2-1/2", or "" if none recorded.
  std::string result;
  RecordedTermination termination = RecordedTermination::kUnknown;
  // The Termination tag's value as written.
  std::string termination_text;
};

// The recorded result and, from the PGN Termination tag, how the game ended;
// English PGN values ("time forfeit", "resignation", "draw agreed", "normal",
// "rules infraction", "abandoned", ...) and Chinese ones (超时, 认输, 議和,
// 和棋, ...) are recognised.
RecordedOutcome RecordedOutcomeOf(const GameRecord& record);

// "unknown", "normal", "time forfeit", "resignation", "agreement",
// "rules infraction", "abandoned" or "other".
const char* RecordedTerminationName(RecordedTermination termination);

// PGN text of a valid record: its tags (the [FEN] and [Result] values taken
// from the record, [FEN] added when the start is not the standard one, [Result]
// added if missing), a blank line, numbered moves in `notation` with its claims
// as {claim} comments, and the result ("*" when unknown).
std::string FormatPgn(const GameRecord& record, Notation notation);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_RECORD_H_
