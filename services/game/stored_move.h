// A live game's moves as its event log stores them, typed: a xiangqi move's
// compact code, a gomoku action in typed form. A restart replays these, not
// the move text.
#ifndef CAIPAN_SERVICES_GAME_STORED_MOVE_H_
#define CAIPAN_SERVICES_GAME_STORED_MOVE_H_

#include "absl/status/statusor.h"
#include "caipan/v1/game_service.pb.h"
#include "domain/typed_move.h"

namespace caipan::services::game {

// Records `move` in typed form in `played` (the text is set apart).
void StoreTypedMove(const domain::TypedMove& move, v1::MovePlayed* played);

// The typed move a stored event names. Moves stored before the typed form
// replay from their canonical text. DataLoss when neither reads.
absl::StatusOr<domain::TypedMove> ReadStoredMove(const v1::MovePlayed& played,
                                                 v1::GameKind kind);

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_STORED_MOVE_H_
