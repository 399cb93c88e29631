// 128-bit bitboards over the 90 points (bit i = square i).
#ifndef CAIPAN_ENGINE_XIANGQI_BITBOARD_H_
#define CAIPAN_ENGINE_XIANGQI_BITBOARD_H_

#include <bit>
#include <cstdint>

namespace caipan::xiangqi {

using Bitboard = unsigned __int128;

// One point's bit. A table read rather than a 128-bit shift, which takes a
// handful of instructions with a branch-free select.
inline constexpr auto kSquareBits = [] {
  struct Table {
    Bitboard bit[128];
  } t{};
  for (int sq = 0; sq < 128; ++sq) t.bit[sq] = Bitboard{1} << sq;
  return t;
}();
constexpr Bitboard SquareBB(int sq) { return kSquareBits.bit[sq]; }
// Tests one 64-bit half instead of shifting all 128 bits: this sits on the
// move-generation path.
constexpr bool Contains(Bitboard b, int sq) {
  const uint64_t half =
      sq < 64 ? static_cast<uint64_t>(b) : static_cast<uint64_t>(b >> 64);
  return ((half >> (sq & 63)) & 1) != 0;
}
// Index of the lowest set bit; b must not be empty.
inline int LowestSquare(Bitboard b) {
  uint64_t lo = static_cast<uint64_t>(b);
  return lo ? std::countr_zero(lo)
            : 64 + std::countr_zero(static_cast<uint64_t>(b >> 64));
}
// Removes and returns the lowest set bit's square; b must not be empty.
inline int PopLowest(Bitboard& b) {
  int sq = LowestSquare(b);
  b &= b - 1;
  return sq;
}

// Calls f(square) for every set bit, lowest first.
template <typename F>
inline void ForEachSquare(Bitboard b, F&& f) {
  while (b) f(PopLowest(b));
}

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_BITBOARD_H_
