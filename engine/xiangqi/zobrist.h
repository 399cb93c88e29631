// Zobrist keys for hashing placement and side to move (fixed seed: hashes are
// stable).
#ifndef CAIPAN_ENGINE_XIANGQI_ZOBRIST_H_
#define CAIPAN_ENGINE_XIANGQI_ZOBRIST_H_

#include <array>
#include <cstdint>

#include "engine/xiangqi/types.h"

namespace caipan::xiangqi::zobrist {

constexpr uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

struct Keys {
  std::array<std::array<uint64_t, kSquares>, kPieceCodeCount> piece{};
  uint64_t black_to_move = 0;
};

inline constexpr Keys kKeys = [] {
  Keys k;
  uint64_t state = 0x5851f42d4c957f2dULL;
  for (auto& row : k.piece) {
    for (auto& key : row) key = SplitMix64(state);
  }
  // Empty squares do not hash.
  for (auto& key : k.piece[kNoPiece]) key = 0;
  k.black_to_move = SplitMix64(state);
  return k;
}();

}  // namespace caipan::xiangqi::zobrist

#endif  // CAIPAN_ENGINE_XIANGQI_ZOBRIST_H_
