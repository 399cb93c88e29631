// std::string_view splitting and trimming (this abseil's string_view is its
// own type, so its helpers do not take std::string_view).
#ifndef CAIPAN_ENGINE_GOMOKU_SPLIT_H_
#define CAIPAN_ENGINE_GOMOKU_SPLIT_H_

#include <string_view>
#include <vector>

namespace caipan::gomoku {

// Removes ASCII whitespace at both ends.
std::string_view Trim(std::string_view s);

// Splits on every `sep`, keeping empty pieces ("a,,b" -> "a", "", "b").
std::vector<std::string_view> SplitOn(std::string_view s, char sep);

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_SPLIT_H_
