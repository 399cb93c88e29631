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
  } else {
    Reset();
  }
}

RepetitionTable::Occurrence RepetitionTable::Insert(uint64_t hash, int ply) {
  size_t i = static_cast<size_t>(hash) & mask_;
  while (entries_[i].generation == generation_ && entries_[i].hash != hash)
    i = (i + 1) & mask_;
  Entry& e = entries_[i];
  if (e.generation != generation_) {
    e = Entry{hash, generation_, 0, -1, -1};
  }
  Occurrence occ;
  occ.count = ++e.count;
  if (occ.count >= 3) occ.span_start_ply = e.before_last_ply;
  e.before_last_ply = e.last_ply;
  e.last_ply = ply;
  return occ;
}

}  // namespace caipan::xiangqi
