// Fuzz target for the move-notation parser. The first byte picks one of a few
// positions (start, tandem pieces, tandem pawns, black to move); the rest is
// the move text. A move that parses must be legal and must format and parse
// back to itself in every notation.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"

namespace xq = ::caipan::xiangqi;

namespace {

constexpr std::string_view kFens[] = {
    xq::kStartFen,
    "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2",
    "4k4/9/9/9/9/9/9/8R/9/3K4R w - - 0 1",
    "4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1",
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
    "4k4/9/9/9/9/2p3p2/2p3p2/2p6/9/3K5 b - - 0 1",
    "3k5/4a4/4ba3/R1P6/R1P1p4/2P1p4/4p4/4B4/4A4/3AK4 w - - 0 1",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const auto* positions = [] {
    auto* v = new std::vector<xq::Position>;
    for (std::string_view fen : kFens)
      v->push_back(*xq::Position::FromFen(fen));
    return v;
  }();
  const xq::Position& pos = (*positions)[data[0] % positions->size()];
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  absl::StatusOr<xq::Move> move = xq::ParseMove(pos, text);
  if (!move.ok()) {
    if (move.status().message().empty())
      __builtin_trap();  // errors must say why
    return 0;
  }
  if (!pos.IsLegal(*move)) __builtin_trap();
  for (xq::Notation n :
       {xq::Notation::kIccs, xq::Notation::kWxf, xq::Notation::kChinese}) {
    absl::StatusOr<xq::Move> back =
        xq::ParseMove(pos, xq::FormatMove(pos, *move, n));
    if (!back.ok() || *back != *move) __builtin_trap();
  }
  return 0;
}
