// A tournament written out: TRF-2026 (with caipan's extension lines), the
// entry list as CSV, and one round's games as a PGN bundle.
#ifndef CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_EXPORT_H_
#define CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_EXPORT_H_

#include <string>
#include <vector>

#include "caipan/v1/tournament_service.pb.h"

namespace caipan::services::tournament {

// The TRF text: players, every paired round (pending tables as unplayed
// games), deciders, 222 and the tie-break chain.
std::string ExportTrf(const v1::StoredTournament& state);

// The entry list: number,name,id,unit,sex,birth_date,rating (RFC 4180; what
// AddPlayersRequest.csv reads back).
std::string ExportCsv(const v1::StoredTournament& state);

// One game per table of `round` that has one, in table order: PGN tags
// (Event, Round, Table, the players by name and start number, Result, the
// start FEN when not the standard one) and the moves as the game stores
// them (ICCS, gomoku points). `games[i]` is the game of table i+1, or an
// empty Game for a table without one (a bye or a result an arbiter entered:
// written with its result and no moves; byes are left out).
std::string ExportPgnRound(const v1::StoredTournament& state, int round,
                           const std::vector<v1::Game>& games);

}  // namespace caipan::services::tournament

#endif  // CAIPAN_SERVICES_TOURNAMENT_TOURNAMENT_EXPORT_H_
