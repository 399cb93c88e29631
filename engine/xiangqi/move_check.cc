// Position::CheckLegal: why a move is illegal, in words an arbiter or player
// understands (the rule broken is found by DiagnoseMove).
#include "engine/xiangqi/illegal_move.h"
#include "engine/xiangqi/position.h"

namespace caipan::xiangqi {

absl::Status Position::CheckLegal(Move m) const {
  // Legal moves, the common case, skip the diagnosis.
  if (m.from < kSquares && m.to < kSquares && IsLegal(m)) {
    return absl::OkStatus();
  }
  const std::optional<IllegalMoveInfo> info = DiagnoseMove(*this, m);
  if (!info) return absl::OkStatus();
  return absl::InvalidArgumentError(IllegalMoveMessage(*info));
}

}  // namespace caipan::xiangqi
