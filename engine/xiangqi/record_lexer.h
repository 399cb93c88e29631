// Splits record text into PGN tags and movetext words, dropping comments,
// variations and numeric annotation glyphs; shared by the record parser and its
// fuzz target.
#ifndef CAIPAN_ENGINE_XIANGQI_RECORD_LEXER_H_
#define CAIPAN_ENGINE_XIANGQI_RECORD_LEXER_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace caipan::xiangqi::record_internal {

struct RecordToken {
  enum class Kind { kTag, kWord };
  Kind kind = Kind::kWord;
  std::string name;   // tag name
  std::string value;  // tag value (unescaped) or the word
  int line = 1;       // 1-based line where the token starts
};

// Errors name the line: unterminated tags, comments or variations, malformed
// tags.
absl::StatusOr<std::vector<RecordToken>> LexRecord(std::string_view text);

// The word without a leading move number ("1.", "12...", "1.h2e2" -> "h2e2");
// empty if the word is only a number. WXF pawn moves that start with a digit
// ("33.4") are left alone.
std::string_view StripMoveNumber(std::string_view word);

// True for "1-0", "0-1", "1/2-1/2" and "*".
bool IsResultToken(std::string_view word);

}  // namespace caipan::xiangqi::record_internal

#endif  // CAIPAN_ENGINE_XIANGQI_RECORD_LEXER_H_
