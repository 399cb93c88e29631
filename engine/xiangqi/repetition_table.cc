// Open-addressing position counter with generation stamps, so Reset() is O(1).
#include "engine/xiangqi/repetition_table.h"

#include <bit>
#include <cstddef>

namespace caipan::xiangqi {

RepetitionTable::RepetitionTable(int max_positions) {
  size_t size = std::bit_ceil(
      static_cast<size_t>(max_positions < 16 ? 16 : max_positions) * 2);
  entries_.resize(size);
  mask_ = size - 1;
}

void RepetitionTable::Clear(int max_positions) {
  const size_t wanted = std::bit_ceil(
      static_cast<size_t>(max_positions < 16 ? 16 : max_positions) * 2);
  if (wanted > entries_.size()) {
    entries_.assign(wanted, Entry{});
    mask_ = wanted - 1;
    generation_ = 1;
    live_ = 0;
  } else {
    Reset();
  }
}

void RepetitionTable::Grow() {
  std::vector<Entry> old(entries_.size() * 2);
  old.swap(entries_);
  mask_ = entries_.size() - 1;
  for (const Entry& e : old) {
    if (e.generation != generation_) continue;
    size_t i = static_cast<size_t>(e.hash) & mask_;
    while (entries_[i].generation == generation_) i = (i + 1) & mask_;
    entries_[i] = e;
  }
}

}  // namespace caipan::xiangqi
