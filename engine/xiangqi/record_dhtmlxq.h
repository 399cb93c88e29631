// DhtmlXQ ("UBB") records, the text form Chinese xiangqi web forums and
// databases embed: [DhtmlXQ]...[DhtmlXQ_movelist]7747...[/DhtmlXQ_movelist]
// ...[/DhtmlXQ].
#ifndef CAIPAN_ENGINE_XIANGQI_RECORD_DHTMLXQ_H_
#define CAIPAN_ENGINE_XIANGQI_RECORD_DHTMLXQ_H_

#include <cstddef>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/xiangqi/record.h"

namespace caipan::xiangqi {

// Larger texts are refused before any work.
inline constexpr size_t kMaxDhtmlXqBytes = size_t{1} << 20;
// Longest move list read; a longer one is an error.
inline constexpr int kMaxDhtmlXqPlies = 10000;

// Whether `text` holds a DhtmlXQ record: a [DhtmlXQ], [DhtmlXQ_movelist],
// [DhtmlXQ_binit] or [DhtmlXQ_fen] tag (any letter case).
bool LooksLikeDhtmlXq(std::string_view text);

// Reads the first record of a UTF-8 DhtmlXQ text: the start position from
// DhtmlXQ_fen, else DhtmlXQ_binit, else the standard one; the main line from
// DhtmlXQ_movelist (variations, DhtmlXQ_move_*, and comments are ignored).
// Tags, in this order when not empty: Title, Event, Round, Date, Site, Red,
// RedTeam, Black, BlackTeam, Opening, Result. Errors name the tag or the ply,
// e.g. `DhtmlXQ ply 3 (b0c2): ...`.
absl::StatusOr<GameRecord> ParseDhtmlXq(std::string_view text);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_RECORD_DHTMLXQ_H_
