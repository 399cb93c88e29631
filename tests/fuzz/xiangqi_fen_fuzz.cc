// Fuzz target for the xiangqi FEN parser: any input either fails cleanly or
// gives a position whose FEN reads back to the same position, and whose legal
// moves all format and parse back in every notation.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"

namespace xq = ::caipan::xiangqi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<xq::Position> pos = xq::Position::FromFen(text);
  if (!pos.ok()) return 0;
  absl::StatusOr<xq::Position> again = xq::Position::FromFen(pos->ToFen());
  if (!again.ok() || !(*again == *pos)) __builtin_trap();
  xq::MoveList moves;
  pos->GenerateLegalMoves(&moves);
  for (xq::Move m : moves) {
    for (xq::Notation n :
         {xq::Notation::kIccs, xq::Notation::kWxf, xq::Notation::kChinese}) {
      absl::StatusOr<xq::Move> back =
          xq::ParseMove(*pos, xq::FormatMove(*pos, m, n));
      if (!back.ok() || *back != m) __builtin_trap();
    }
  }
  return 0;
}
