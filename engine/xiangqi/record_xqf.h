// XQF, the binary game record of XQStudio and most Chinese xiangqi software:
// the start position and the main line of its move tree, with the header's
// texts as PGN-like tags.
#ifndef CAIPAN_ENGINE_XIANGQI_RECORD_XQF_H_
#define CAIPAN_ENGINE_XIANGQI_RECORD_XQF_H_

#include <cstddef>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/xiangqi/record.h"

namespace caipan::xiangqi {

// Larger inputs are refused before any work (real files, comments and
// variations included, are a few hundred KiB at most).
inline constexpr size_t kMaxXqfBytes = size_t{4} << 20;
// Longest main line read; a longer one is an error.
inline constexpr int kMaxXqfPlies = 10000;

// Whether `bytes` starts with the XQF magic "XQ".
bool LooksLikeXqf(std::string_view bytes);

// Reads an XQF file, plain (version 10 and older) or encrypted (version 11 and
// newer). Takes the main line (the first child at every node of the move
// tree); variations and comments are skipped. Tags, in this order when not
// empty: Title, Event, Date, Site, Red, Black, Result, TimeControl, RedTime,
// BlackTime, Annotator, Author (texts converted from GB18030 to UTF-8). Errors
// name the header field, the file offset or the ply at fault, e.g.
// `XQF ply 3 (b0c2): ...`.
absl::StatusOr<GameRecord> ParseXqf(std::string_view bytes);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_RECORD_XQF_H_
