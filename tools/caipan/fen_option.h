// Reads a --fen option: the position, with any lenient reading (an empty
// holdings bracket) told on stderr as a warning.
#ifndef CAIPAN_TOOLS_CAIPAN_FEN_OPTION_H_
#define CAIPAN_TOOLS_CAIPAN_FEN_OPTION_H_

#include <string>

#include "absl/status/statusor.h"
#include "engine/xiangqi/position.h"

namespace caipan::cli {

absl::StatusOr<xiangqi::Position> ReadFenOption(const std::string& fen);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_FEN_OPTION_H_
