// A tournament's stored state (v1::StoredTournament) and the changes made to
// it, as pure functions: each checks a request against the state (errors
// name the field, player, round or table) and applies it, or changes
// nothing. The engine's model (tournament::Event) is derived from the state
// for pairing and standings. No I/O, no locking.
#ifndef CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_STATE_H_
#define CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_STATE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "caipan/v1/tournament_service.pb.h"
#include "engine/tournament/event.h"
#include "engine/tournament/tiebreak.h"

namespace caipan::services::tournament {

// Limits on requests.
inline constexpr size_t kMaxTitleBytes = 256;
inline constexpr size_t kMaxEntrantFieldBytes = 256;
inline constexpr int kMaxPlayers = 9999;
inline constexpr int kMaxRounds = 99;
inline constexpr size_t kMaxTextBytes = size_t{8} << 20;  // TRF, CSV

// A new tournament named `name` from its create request (its TRF read when
// given). The stored request keeps no token.
absl::StatusOr<v1::StoredTournament> NewTournament(
    const v1::CreateTournamentRequest& request, const std::string& name,
    int64_t now_unix_ms);

// Enters the best `top` players of `first`'s standings (after its last
// finished round) into `state`, in order of places, each seeded by place.
absl::Status EnterQualifiers(const v1::StoredTournament& first, int top,
                             v1::StoredTournament* state);

// Enters players (before round 1 is paired); start numbers by entry order,
// or drawn by lot when the tournament has a draw seed (the whole list is
// renumbered, since the lot covers every entrant).
absl::Status AddPlayers(const v1::AddPlayersRequest& request,
                        v1::StoredTournament* state);

absl::Status SetPlayerStatus(const v1::SetPlayerStatusRequest& request,
                             v1::StoredTournament* state);

// The pairings of round `round`, which must be the next one, after every
// table of the rounds before has a result. Absent and withdrawn players are
// not paired in a Swiss (they score nothing that round).
absl::StatusOr<std::vector<caipan::tournament::Pairing>> PairNextRound(
    const v1::StoredTournament& state, int round);

// The round as stored once paired (results pending, byes decided).
v1::Round NewRound(const v1::StoredTournament& state, int round,
                   const std::vector<caipan::tournament::Pairing>& pairings);

// Adds a paired round (status becomes running).
void AddRound(v1::Round round, v1::StoredTournament* state);

// An arbiter's result for a table; a change to a recorded result needs a
// reason and is kept as an override with `sequence`.
absl::Status RecordResult(const v1::RecordResultRequest& request,
                          int64_t sequence, v1::StoredTournament* state);

// The result a finished live game gives its table: false (nothing changed)
// when the table already has a result or the game ended without one
// (aborted).
bool ApplyGameResult(const v1::Game& game, int round, int table,
                     v1::StoredTournament* state);

// The table result a finished game gives; PENDING when it has none.
v1::TableResult TableResultOfGame(const v1::Game& game);

// Whether every table of the round has a result.
bool RoundFinished(const v1::Round& round);

// The engine's model of the state: players with their round entries.
caipan::tournament::Event ToEngineEvent(const v1::StoredTournament& state);

// The tie-break chain of a text ("" the tournament's, else its format's
// default).
absl::StatusOr<std::vector<caipan::tournament::TieBreak>> TieBreakChain(
    const v1::Tournament& tournament, const std::string& text);

absl::StatusOr<v1::Standings> ComputeStandings(
    const v1::StoredTournament& state, int after_round,
    const std::string& tie_breaks);

// Rounds with every table decided, from round 1 on.
int FinishedRounds(const v1::StoredTournament& state);

}  // namespace caipan::services::tournament

#endif  // CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_STATE_H_
