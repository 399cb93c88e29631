// Fuzzes the gomoku stone-list and point parsers: input is "<stones>\n<point>".
// A parsed position must round-trip through FormatStones, and classifying
// the point and listing the forbidden points must not crash.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/notation.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace gm = caipan::gomoku;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t newline = input.find('\n');
  const std::string_view stones = input.substr(0, newline);
  const std::string_view point = newline == std::string_view::npos
                                     ? std::string_view()
                                     : input.substr(newline + 1);
  absl::StatusOr<gm::Point> p = gm::ParsePoint(point);
  if (p.ok() && !gm::Point::OnBoard(p->col, p->row)) std::abort();
  absl::StatusOr<gm::Board> board = gm::ParseStones(stones);
  if (!board.ok()) return 0;
  absl::StatusOr<gm::Board> again = gm::ParseStones(gm::FormatStones(*board));
  if (!again.ok() || gm::FormatStones(*again) != gm::FormatStones(*board)) {
    std::abort();
  }
  (void)gm::CheckAlternatingCounts(*board);
  if (p.ok()) (void)gm::ClassifyBlackPoint(*board, *p);
  (void)gm::ListForbiddenPoints(*board);
  return 0;
}
