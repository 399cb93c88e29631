// Black's line patterns under the renju rules: the ten cells around a point in
// one direction, as a base-3 code, mapped by a precomputed table to what a
// black stone on the point makes in that line (five, overline, fours, and the
// points that would turn it into a straight four).
#ifndef CAIPAN_ENGINE_GOMOKU_PATTERN_H_
#define CAIPAN_ENGINE_GOMOKU_PATTERN_H_

#include <array>
#include <cstdint>

#include "engine/gomoku/board.h"

namespace caipan::gomoku {

// Number of window codes: 3^10 (offsets -5..-1 and +1..+5; each cell empty,
// own or blocked).
inline constexpr int kNumWindowCodes = 59049;

// A table entry, packed:
//   bits 0-6   three candidates: bit k set if a black stone at offset k - 3
//              (k != 3) would make a straight four with the point;
//   bit 7      the point makes an exact five;
//   bit 8      the point makes a row of six or more;
//   bits 9-10  number of fours the point makes (0..2, a straight four is one).
using LinePattern = uint16_t;
inline constexpr LinePattern kThreeCandidatesMask = 0x7f;
inline constexpr LinePattern kFiveBit = 1 << 7;
inline constexpr LinePattern kOverlineBit = 1 << 8;
inline constexpr int kFourShift = 9;
inline constexpr int kThreeCandidateOffset = 3;

constexpr int FourCount(LinePattern e) { return (e >> kFourShift) & 3; }

// The table, built on first use.
const std::array<LinePattern, kNumWindowCodes>& BlackPatternTable();

// Base-3 value of a 10-bit mask (bit i -> digit i), for building codes.
const std::array<uint16_t, 1024>& BinaryToTernary();

// Code of the window around p in direction dir as seen by colour c.
inline int WindowCode(const Board& board, Point p, int dir, Color c,
                      const uint16_t* b2t) {
  const uint32_t own = board.OwnWindow(p, dir, c);
  const uint32_t blocked = board.BlockedWindow(p, dir, c);
  // Drop the centre bit (bit 5).
  const uint32_t own10 = (own & 0x1f) | ((own >> 6) << 5);
  const uint32_t blocked10 = (blocked & 0x1f) | ((blocked >> 6) << 5);
  return b2t[own10] + 2 * b2t[blocked10];
}

// Black's pattern at p in direction dir (p is treated as black).
inline LinePattern BlackPattern(const Board& board, Point p, int dir) {
  static const uint16_t* const b2t = BinaryToTernary().data();
  static const LinePattern* const table = BlackPatternTable().data();
  return table[WindowCode(board, p, dir, Color::kBlack, b2t)];
}

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_PATTERN_H_
