// Cutting a file of several PGN games into one text per game, before any
// parsing, so that a game the lexer cannot read does not swallow the next.
#ifndef CAIPAN_ENGINE_XIANGQI_RECORD_SPLIT_H_
#define CAIPAN_ENGINE_XIANGQI_RECORD_SPLIT_H_

#include <string_view>
#include <vector>

namespace caipan::xiangqi::record_internal {

struct GameText {
  // From the start of a line.
  std::string_view text;
  // 1-based line number of the text's first line.
  int text_line = 1;
  // The game's first non-blank line.
  int first_line = 1;
};

// A game ends where a line starting with a tag ([Name "...) comes after lines
// of movetext (anything but blank lines, tags, ";" comment and "%" escape
// lines). Texts of blank lines only are left out.
std::vector<GameText> SplitGames(std::string_view text);

}  // namespace caipan::xiangqi::record_internal

#endif  // CAIPAN_ENGINE_XIANGQI_RECORD_SPLIT_H_
