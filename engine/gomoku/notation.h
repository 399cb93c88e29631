// Text forms of points ("h8": column a-o left to right, row 1-15 bottom to
// top, upper case accepted) and of stone lists ("B:h8,i9;W:h9").
#ifndef CAIPAN_ENGINE_GOMOKU_NOTATION_H_
#define CAIPAN_ENGINE_GOMOKU_NOTATION_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/gomoku/board.h"
#include "engine/gomoku/types.h"

namespace caipan::gomoku {

// Parses one point. A well-formed point outside the board ("p8", "h16",
// "h0") fails with OutOfRange; anything else malformed with InvalidArgument.
// Digits are a number 1-15 without leading zeros.
absl::StatusOr<Point> ParsePoint(std::string_view text);

// Parses a position: ';'-separated sections "B:" or "W:" (either case), each
// followed by ','-separated points, possibly none ("B:h8,i9;W:"). Spaces
// around tokens are ignored; a colour may appear in more than one section.
// Fails naming the offending section or point, including a point given twice.
absl::StatusOr<Board> ParseStones(std::string_view text);

// The inverse of ParseStones: "B:<points>;W:<points>", points by index.
std::string FormatStones(const Board& board);

// Checks that the stone counts could arise from alternating moves with black
// first and no passes: black has as many stones as white or one more.
absl::Status CheckAlternatingCounts(const Board& board);

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_NOTATION_H_
