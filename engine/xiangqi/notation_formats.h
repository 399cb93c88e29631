// The three notations' parsers and formatters, dispatched to by notation.cc.
#ifndef CAIPAN_ENGINE_XIANGQI_NOTATION_FORMATS_H_
#define CAIPAN_ENGINE_XIANGQI_NOTATION_FORMATS_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi::notation_internal {

// True if `text` has the shape of an ICCS move ("h2e2", "H2-E2").
bool LooksLikeIccs(std::string_view text);
absl::StatusOr<Move> ParseIccs(const Position& pos, std::string_view text);

// True if `text` has the shape of a WXF move (four characters, the third a
// direction).
bool LooksLikeWxf(std::string_view text);
absl::StatusOr<Move> ParseWxf(const Position& pos, std::string_view text);
std::string FormatWxf(const Position& pos, Move move);

absl::StatusOr<Move> ParseChinese(const Position& pos, std::string_view text);
std::string FormatChinese(const Position& pos, Move move);

}  // namespace caipan::xiangqi::notation_internal

#endif  // CAIPAN_ENGINE_XIANGQI_NOTATION_FORMATS_H_
