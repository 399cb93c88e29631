// A fixed-capacity list of moves: no heap allocation on the move-generation
// path.
#ifndef CAIPAN_ENGINE_XIANGQI_MOVE_LIST_H_
#define CAIPAN_ENGINE_XIANGQI_MOVE_LIST_H_

#include <cstddef>

#include "engine/common/debug_check.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

class MoveList {
 public:
  // No xiangqi position has more than 2*17 + 2*17 + 16 + 8 + 8 + 4 + 15 = 119
  // pseudo-legal moves.
  static constexpr size_t kCapacity = 128;

  void Add(Move m) {
    CAIPAN_DCHECK(size_ < kCapacity);
    moves_[size_++] = m;
  }
  void Add(int from, int to) {
    Add(Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to)});
  }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  Move operator[](size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  bool Contains(Move m) const {
    for (Move x : *this) {
      if (x == m) return true;
    }
    return false;
  }

 private:
  Move moves_[kCapacity];
  size_t size_ = 0;
};

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_MOVE_LIST_H_
