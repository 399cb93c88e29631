#include "engine/xiangqi/record_split.h"

#include <cctype>

namespace caipan::xiangqi::record_internal {
namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

bool IsBlank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

std::string_view TrimLeft(std::string_view line) {
  if (line.substr(0, kByteOrderMark.size()) == kByteOrderMark)
    line.remove_prefix(kByteOrderMark.size());
  while (!line.empty() && IsBlank(line.front())) line.remove_prefix(1);
  return line;
}

// "[", a tag name and the opening quote of its value, spaces allowed between.
bool IsTagLine(std::string_view line) {
  size_t i = 0;
  if (i >= line.size() || line[i] != '[') return false;
  ++i;
  while (i < line.size() && IsBlank(line[i])) ++i;
  size_t name = i;
  while (
      i < line.size() &&
      (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) {
    ++i;
  }
  if (i == name) return false;
  while (i < line.size() && IsBlank(line[i])) ++i;
  return i < line.size() && line[i] == '"';
}

}  // namespace

std::vector<GameText> SplitGames(std::string_view text) {
  std::vector<GameText> games;
  GameText game{text.substr(0, 0), 1, 0};
  size_t game_start = 0;
  bool has_movetext = false;
  int line_number = 1;
  for (size_t pos = 0; pos < text.size(); ++line_number) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = TrimLeft(text.substr(pos, end - pos));
    if (!line.empty()) {
      if (IsTagLine(line)) {
        if (has_movetext) {
          game.text = text.substr(game_start, pos - game_start);
          games.push_back(game);
          game = GameText{{}, line_number, 0};
          game_start = pos;
          has_movetext = false;
        }
      } else if (line.front() != ';' && line.front() != '%') {
        has_movetext = true;
      }
      if (game.first_line == 0) game.first_line = line_number;
    }
    pos = end + 1;
  }
  if (game.first_line != 0) {
    game.text = text.substr(game_start);
    games.push_back(game);
  }
  return games;
}

}  // namespace caipan::xiangqi::record_internal
