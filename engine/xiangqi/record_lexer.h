// Splits record text into PGN tags, comments and movetext words, dropping
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
  enum class Kind { kTag, kWord, kComment };
  Kind kind = Kind::kWord;
  // Tag name.
  std::string name;
  // Tag value (unescaped), the word or the comment's text.
  std::string value;
  // 1-based line where the token starts.
  int line = 1;
  // For a tag read leniently (unescaped quotes inside its value): what was
  // assumed, naming the line; empty otherwise.
  std::string warning;
};

// Errors name the line: unterminated tags, comments or variations, malformed
// tags. `first_line` is the number of the text's first line (for text cut
// from a longer file). A tag value with unescaped inner quotes, as in
// [Event "第二届"某某杯"赛"], is read up to the last quote before the closing
// "]" of its line, with a warning.
absl::StatusOr<std::vector<RecordToken>> LexRecord(std::string_view text,
                                                   int first_line = 1);

// The word without a leading move number ("1.", "12...", "1.h2e2" -> "h2e2");
// empty if the word is only a number. WXF pawn moves that start with a digit
// ("33.4") are left alone.
std::string_view StripMoveNumber(std::string_view word);

// True for "1-0", "0-1", "1/2-1/2" and "*".
bool IsResultToken(std::string_view word);

}  // namespace caipan::xiangqi::record_internal

#endif  // CAIPAN_ENGINE_XIANGQI_RECORD_LEXER_H_
