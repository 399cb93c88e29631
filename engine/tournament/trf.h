// FIDE's Tournament Report File (TRF-2026, read also as TRF16) to and from an
// Event, with a documented extension for what the Chinese events record and
// FIDE has no field for.
//
// Records read (columns count characters, i.e. Unicode code points, from 1):
//   012 name   022 city   032 federation   042/052 start/end YYYY/MM/DD
//   062 number of players (checked against the 001 lines: a warning)
//   092 type   102 chief arbiter   112 deputy arbiter (one line each)
//   122 allotted times (free text)   142 or XXR (TRF16) number of rounds
//   162 point system: pairs of a code and points, "162  W 2.0    D 1.0"
//       (TRF-2026 puts the codes at columns 6, 15, 24, …; any spacing is
//       read). W: win, forfeit win and full-point bye; D: draw and half-point
//       bye; L: loss; A: absence (zero-point bye and forfeit loss); P:
//       pairing-allocated bye (default: as W); X: unknown result (read, not
//       kept: an unplayed game scores nothing). Without 162 the FIDE defaults
//       apply: W 1.0, D 0.5, L 0.0, A 0.0.
//   222 time control in the TRF-2026 notation ("1200+5", "W360+3-B240+3"),
//       kept as text in Event::time_control; a value the clocks'
//       ParseTimeControl (engine/clock/time_control.h) does not read is a
//       warning naming the line and column, not an error (other programs
//       write other notations)
//   260 prohibited pairings: "260 FFF LLL PPPP PPPP [PPPP …]", first and
//       last round, then two or more start numbers none of which may meet
//   001 players:
//       5-8 start number, 10 sex (m; w or f), 11-13 title, 15-47 name,
//       49-52 rating, 54-56 federation, 58-68 id, 70-79 birth date
//       (YYYY/MM/DD; 00 for an unknown month or day; a year alone is read),
//       81-84 points (checked against the results: a warning), 86-89 rank,
//       then 10 columns per round from column 92: opponent (4 columns,
//       0000 or blank: none), colour (w: red, the side that moves first;
//       b: black; - or blank: none), result (1 = 0 + - U H F Z; W D L are
//       read as 1 = 0). A blank result is a paired game not yet played when
//       an opponent is given (RoundResult::kUnplayed), else a zero-point bye
//       (Z). A player whose line stops before the last paired round (one
//       where anybody has an opponent or U) has Z for the rounds it lacks.
//       Blocks after the last paired round can only be byes asked for the
//       round to come (H, F, Z); players without one get no entry there: they
//       are to be paired (as TRF-2026's in-tournament exchange writes them).
//   Other records (132, 152, 202, 240, 250, 310, NRS records, …) are kept as
//   they are in TrfDocument::other_records and written back after the 001
//   lines; lines starting with ### are comments, except the extension below.
//
// Checks: every line is UTF-8 without control characters (outside ordinary
// comments); start numbers run 1..n, each once; the separator columns of a
// 001 line are blank; both players of a game name each other with opposite
// colours and matching results (1/0, =/=, +/-, -/-, unplayed/unplayed); byes
// (U H F Z) are written against 0000. Errors name the line and column:
// "line 12 column 92: …". Input over kMaxTrfBytes is refused before reading,
// and so is a file of more players times paired rounds than
// kMaxTrfRoundEntries.
//
// Example:
//   absl::StatusOr<TrfDocument> document = ParseTrfDocument(text);
//   if (!document.ok()) return document.status();  // "line 12 column 99: …"
//   Event event = document->event;
//   event.forbidden_pairs = ForbiddenPairsInRound(*document, 4);
//   std::string again = WriteTrfDocument(*document);  // reads back the same
//
// The caipan extension: comment lines "### caipan KEY …", so that other
// programs skip them.
//   ### caipan unit NNNN TEXT        the player's unit (team, school, city)
//   ### caipan fouls NNNN COUNT      fouls recorded over the event
//   ### caipan withdrawn NNNN        not paired again
//   ### caipan name NNNN TEXT        the full name, when it does not fit in
//                                    columns 15-47 (which then hold its
//                                    first 33 characters)
//   ### caipan id NNNN TEXT          the id, when it does not fit in 58-68
//   ### caipan rating NNNN VALUE     a rating outside 0..9999
//   ### caipan rank NNNN VALUE       a rank outside 0..9999
//   ### caipan points FIELD VALUE …  points 162 cannot say: FIELD is one of
//                                    win draw loss forfeit_win forfeit_loss
//                                    pairing_bye half_bye full_bye zero_bye
//                                    (the Scoring fields); read after 162
//   ### caipan tiebreaks LIST        the event's tie-break chain as
//                                    `caipan tournament standings
//                                    --tiebreaks` takes it ("opp,wins")
//   ### caipan decider RRR NNNN      a knockout match of round RRR whose
//                                    game did not decide it (a draw) was
//                                    won by NNNN in a decider (Armageddon
//                                    or rapid games)
// NNNN is a start number (leading zeros optional). A key the parser does not
// know is an error, so that a typo in a hand-written file is not lost.
//
// WriteTrf writes every field of a valid event (as ParseTrf returns one) so
// that ParseTrf reads it back equal: the header records, 162 (and the
// extension's points line where the event's Scoring differs from what 162
// implies), 222, 001 lines with the computed points, 260 lines (one per pair,
// rounds 1 to the number of rounds, or 999 when unknown), the extension
// lines. Point values are written with one decimal ("2.0"), or more when
// needed ("0.25").
#ifndef CAIPAN_ENGINE_TOURNAMENT_TRF_H_
#define CAIPAN_ENGINE_TOURNAMENT_TRF_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/tournament/event.h"

namespace caipan::tournament {

// Largest TRF text read (8 MiB); checked before any parsing.
inline constexpr size_t kMaxTrfBytes = size_t{8} << 20;
// Largest round number (the 3-digit round fields of 260 and 240 records).
inline constexpr int kMaxTrfRounds = 999;
// Largest start number (the 4-column number fields).
inline constexpr int kMaxTrfPlayers = 9999;
// Most round entries (players times paired rounds) a file may make, so that
// one long line among many short ones cannot make millions of Z entries.
inline constexpr size_t kMaxTrfRoundEntries = 2'000'000;

// The header records that have no place in Event.
struct TrfHeader {
  // 022
  std::string city;
  // 032
  std::string federation;
  // 042
  std::optional<Date> start_date;
  // 052
  std::optional<Date> end_date;
  // 092
  std::string type;
  // 102
  std::string chief_arbiter;
  // 112
  std::vector<std::string> deputy_arbiters;
  // 122
  std::string allotted_times;
  // The extension's tie-break chain, as written ("opp,wins"); "": none.
  std::string tiebreaks;
};

// The 001 columns of a player that have no place in Player.
struct TrfPlayerInfo {
  // 11-13
  std::string title;
  // 54-56
  std::string federation;
};

// One 260 record: none of `players` may meet another of them in rounds
// first_round..last_round.
struct TrfProhibition {
  int first_round = 1;
  int last_round = kMaxTrfRounds;
  std::vector<int> players;
};

// The winner of a knockout match settled outside the rounds (a decider).
struct TrfDecider {
  int round = 0;
  int winner = 0;
};

// Everything a TRF file says.
struct TrfDocument {
  // event.forbidden_pairs holds every pair of every 260 record, whatever its
  // rounds, smaller number first, each pair once.
  Event event;
  TrfHeader header;
  // players_info[i] belongs to event.players[i]; may be shorter (nothing).
  std::vector<TrfPlayerInfo> players_info;
  std::vector<TrfProhibition> prohibitions;
  std::vector<TrfDecider> deciders;
  // Records caipan does not read, as they were (trailing blanks removed).
  std::vector<std::string> other_records;
  // What looked wrong without stopping the reading ("line 9 column 81:
  // points 4.0, the results give 8.0 …"); not written back.
  std::vector<std::string> warnings;
};

// Parses a TRF text (UTF-8; a byte order mark and CR, LF or CRLF line ends
// are accepted). INVALID_ARGUMENT naming the line and column of the first
// problem.
absl::StatusOr<TrfDocument> ParseTrfDocument(std::string_view text);
absl::StatusOr<Event> ParseTrf(std::string_view text);

// The TRF text of a document (its warnings aside) or of an event, LF line
// ends. A document's prohibitions are written as they are, followed by any
// pair of event.forbidden_pairs they do not cover.
std::string WriteTrfDocument(const TrfDocument& document);
std::string WriteTrf(const Event& event);

// The pairs of start numbers that must not meet in `round` (1-based): those
// of the 260 records whose rounds include it, smaller number first, each
// once; plus event.forbidden_pairs not covered by any record (they hold for
// every round).
std::vector<std::pair<int, int>> ForbiddenPairsInRound(
    const TrfDocument& document, int round);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_TRF_H_
