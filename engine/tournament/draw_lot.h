// The seeded, repeatable draw by lot (代号抽签) of start numbers, and the
// lots drawn during an event (colours, Armageddon choice), from one seed.
//
// Algorithm (fixed, so a seed gives the same draw on every platform and
// standard library): SplitMix64 (Steele, Lea, Flood 2014) as the generator;
// a bounded draw below n by rejection of the top (2^64 mod n) values, then
// the remainder mod n; the permutation by Fisher–Yates from the last
// position down. Written out here rather than std::shuffle or
// std::uniform_int_distribution, whose output is implementation-defined.
#ifndef CAIPAN_ENGINE_TOURNAMENT_DRAW_LOT_H_
#define CAIPAN_ENGINE_TOURNAMENT_DRAW_LOT_H_

#include <cstdint>
#include <vector>

namespace caipan::tournament {

class Lot {
 public:
  explicit Lot(uint64_t seed) : state_(seed) {}

  // The next SplitMix64 output.
  uint64_t Next();
  // Uniform in [0, bound); bound must be > 0 (0 returns 0).
  uint64_t Below(uint64_t bound);
  // A fair coin: true or false.
  bool Coin() { return (Next() >> 63) != 0; }

 private:
  uint64_t state_;
};

// The start numbers drawn by `entrants` players in entry order: result[i] is
// the number (1..entrants) drawn by the i-th entrant. A permutation; the same
// seed always gives the same numbers.
std::vector<int> DrawStartNumbers(int entrants, uint64_t seed);

// A seed for one lot of an event derived from the event's seed and a few
// labels (round, table, …), so each lot is independent and repeatable.
uint64_t LotSeed(uint64_t event_seed, uint64_t a, uint64_t b = 0);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_DRAW_LOT_H_
