// Counts occurrences of positions (by Zobrist hash) since the last capture,
// remembering the plies of the latest two occurrences so a repetition's span
// can be found in O(1).
#ifndef CAIPAN_ENGINE_XIANGQI_REPETITION_TABLE_H_
#define CAIPAN_ENGINE_XIANGQI_REPETITION_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace caipan::xiangqi {

class RepetitionTable {
 public:
  // Room for `max_positions` insertions between resets before the table has
  // to grow (it grows by itself when more distinct positions arrive, so a
  // small start costs nothing but a rehash later).
  explicit RepetitionTable(int max_positions);

  struct Occurrence {
    // Occurrences including this one.
    int count = 0;
    // For count >= 3: the ply of occurrence count-2
    int span_start_ply = -1;
    // For count >= 2: the ply of occurrence count-1
    int previous_ply = -1;
  };

  // Records that the position `hash` stands after ply `ply` (0 = start
  // position).
  Occurrence Insert(uint64_t hash, int ply);
  // Forgets everything (after a capture no earlier position can recur).
  void Reset() {
    ++generation_;
    live_ = 0;
  }
  // Forgets everything and makes room for `max_positions` insertions, keeping
  // the storage when it is large enough (so a table can be reused per game).
  void Clear(int max_positions);

 private:
  // Trivial and all zero when unused (generation 0 is never current), so a
  // new table is cleared as one block.
  struct Entry {
    uint64_t hash;
    uint32_t generation;
    int count;
    int last_ply;
    int before_last_ply;
  };
  // Doubles the table, keeping the entries of the current generation.
  void Grow();

  std::vector<Entry> entries_;
  uint64_t mask_ = 0;
  // Distinct positions in the current generation; kept at most half the size.
  size_t live_ = 0;
  uint32_t generation_ = 1;
};

// Inline: the adjudicator inserts once per ply.
inline RepetitionTable::Occurrence RepetitionTable::Insert(uint64_t hash,
                                                           int ply) {
  size_t i = static_cast<size_t>(hash) & mask_;
  while (entries_[i].generation == generation_ && entries_[i].hash != hash)
    i = (i + 1) & mask_;
  if (entries_[i].generation != generation_ &&
      (live_ + 1) * 2 > entries_.size()) {
    Grow();
    return Insert(hash, ply);
  }
  Entry& e = entries_[i];
  if (e.generation != generation_) {
    e = Entry{hash, generation_, 0, -1, -1};
    ++live_;
  }
  Occurrence occ;
  occ.count = ++e.count;
  if (occ.count >= 3) occ.span_start_ply = e.before_last_ply;
  occ.previous_ply = e.last_ply;
  e.before_last_ply = e.last_ply;
  e.last_ply = ply;
  return occ;
}

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_REPETITION_TABLE_H_
