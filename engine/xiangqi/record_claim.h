// Draw claims written into records: the word "claim" in a move list, or a PGN
// comment {claim} after the move the claim was made at.
#ifndef CAIPAN_ENGINE_XIANGQI_RECORD_CLAIM_H_
#define CAIPAN_ENGINE_XIANGQI_RECORD_CLAIM_H_

#include <optional>
#include <string_view>

#include "engine/xiangqi/types.h"

namespace caipan::xiangqi::record_internal {

// True for the move-list words "claim", "claim:red" and "claim:black" (any
// case); `*side` is set for the last two and reset for the first.
bool ParseClaimWord(std::string_view word, std::optional<Color>* side);

// True if the comment's trimmed text is "claim", "claim red" or "claim black"
// (any case, "claim:red" too); anything else in the comment makes it an
// ordinary comment.
bool ParseClaimComment(std::string_view comment, std::optional<Color>* side);

}  // namespace caipan::xiangqi::record_internal

#endif  // CAIPAN_ENGINE_XIANGQI_RECORD_CLAIM_H_
