// The checks every backend makes on a change before writing it.
#ifndef CAIPAN_STORE_CHANGE_CHECK_H_
#define CAIPAN_STORE_CHANGE_CHECK_H_

#include <cstdint>
#include <string_view>

#include "absl/status/status.h"
#include "store/game_store.h"

namespace caipan::store {

// INVALID_ARGUMENT when `change` is malformed: no game name, a create whose
// row names another game or that builds on a sequence, a negative expected
// sequence, or an event whose sequence is neither 0 (filled in by the store)
// nor the next one.
absl::Status CheckChange(const Change& change);

// ABORTED: the change builds on `expected`, the game is at `stored`.
absl::Status SequenceMismatch(std::string_view game, int64_t expected,
                              int64_t stored);
// ABORTED, marked so that IsGameMoved() recognises it: a change to a game
// that another server has claimed since this one did.
absl::Status GameMoved(std::string_view game);
bool IsGameMoved(const absl::Status& status);
// NOT_FOUND: a change or read names a game that does not exist.
absl::Status GameNotFound(std::string_view game);
// ALREADY_EXISTS: a create whose name or request_id is taken.
absl::Status NameTaken(std::string_view game);
absl::Status RequestIdTaken(std::string_view request_id);

}  // namespace caipan::store

#endif  // CAIPAN_STORE_CHANGE_CHECK_H_
