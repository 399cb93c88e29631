// The checks every backend makes on read arguments, and the page token of
// ListGames (opaque to callers: it encodes the creation id of the last game
// of the previous page).
#ifndef CAIPAN_STORE_READ_CHECKS_H_
#define CAIPAN_STORE_READ_CHECKS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "store/game_store.h"

namespace caipan::store {

inline constexpr int kMaxPageSize = 1000;

// The creation id after which the page of `query` starts (0: the first page);
// INVALID_ARGUMENT naming page_size or page_token for a bad query.
absl::StatusOr<int64_t> PageStart(const ListQuery& query);

// The token of the page after the game with creation id `last_id`.
std::string PageToken(int64_t last_id);

// The page of `rows` (read with one row more than page_size: whether another
// page follows) whose creation ids are `ids`.
ListPage PageOf(std::vector<GameRow> rows, const std::vector<int64_t>& ids,
                int page_size);

// INVALID_ARGUMENT naming limit unless `limit` is positive.
absl::Status CheckEventLimit(int limit);

}  // namespace caipan::store

#endif  // CAIPAN_STORE_READ_CHECKS_H_
