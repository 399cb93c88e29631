// SplitMix64, rejection-bounded draws and Fisher–Yates (see draw_lot.h).
#include "engine/tournament/draw_lot.h"

#include <utility>

namespace caipan::tournament {

uint64_t Lot::Next() {
  state_ += 0x9e3779b97f4a7c15ULL;
  uint64_t z = state_;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t Lot::Below(uint64_t bound) {
  if (bound == 0) return 0;
  // Values below `threshold` would make the low residues more likely; drawing
  // again when one comes up keeps every residue equally likely.
  const uint64_t threshold = (0 - bound) % bound;
  for (;;) {
    const uint64_t x = Next();
    if (x >= threshold) return x % bound;
  }
}

std::vector<int> DrawStartNumbers(int entrants, uint64_t seed) {
  std::vector<int> numbers;
  if (entrants <= 0) return numbers;
  numbers.reserve(entrants);
  for (int i = 1; i <= entrants; ++i) numbers.push_back(i);
  Lot lot(seed);
  for (int i = entrants - 1; i > 0; --i) {
    const int j = static_cast<int>(lot.Below(static_cast<uint64_t>(i) + 1));
    std::swap(numbers[i], numbers[j]);
  }
  return numbers;
}

uint64_t LotSeed(uint64_t event_seed, uint64_t a, uint64_t b) {
  // Each label goes through one SplitMix64 step so nearby labels give
  // unrelated seeds.
  Lot mix(event_seed ^ 0x6a09e667f3bcc909ULL);
  uint64_t seed = mix.Next();
  Lot with_a(seed ^ a);
  seed = with_a.Next();
  Lot with_b(seed ^ b);
  return with_b.Next();
}

}  // namespace caipan::tournament
