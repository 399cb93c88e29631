// Start positions given as 32 piece slots, and the legal replay of a move list:
// the shared part of the XQF and DhtmlXQ readers.
#ifndef CAIPAN_ENGINE_XIANGQI_RECORD_SETUP_H_
#define CAIPAN_ENGINE_XIANGQI_RECORD_SETUP_H_

#include <array>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// Both formats list each side's pieces in this order (red slots 0-15, black
// slots 16-31): chariot, horse, elephant, advisor, king, advisor, elephant,
// horse, chariot, cannon, cannon, five pawns.
inline constexpr std::array<PieceType, 16> kSlotType = {
    PieceType::kChariot,  PieceType::kHorse,  PieceType::kElephant,
    PieceType::kAdvisor,  PieceType::kKing,   PieceType::kAdvisor,
    PieceType::kElephant, PieceType::kHorse,  PieceType::kChariot,
    PieceType::kCannon,   PieceType::kCannon, PieceType::kPawn,
    PieceType::kPawn,     PieceType::kPawn,   PieceType::kPawn,
    PieceType::kPawn};

// The piece of slot `slot` (0..31).
Piece SlotPiece(int slot);

// The side to move is not stored by either format: it is the colour of the
// piece on `first_from` (the first move's from-square, kNoSquare if the record
// has no moves); with no such piece Red moves, unless the position is only
// valid with Black to move. `what` starts every error message.

// Places the slots' pieces (kNoSquare: not on the board). Two pieces on one
// square, or an invalid position, is an error naming the slot.
absl::StatusOr<Position> PositionFromSlots(const std::array<int, 32>& slots,
                                           int first_from,
                                           std::string_view what);

// The same for a FEN placement field.
absl::StatusOr<Position> PositionFromPlacement(std::string_view placement,
                                               int first_from,
                                               std::string_view what);

// Checks that `moves` replay legally from `start`; the error names the ply
// (1-based) and the move, e.g. `XQF ply 3 (b0c2): ...`.
absl::Status CheckReplay(Position start, const std::vector<Move>& moves,
                         std::string_view what);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_RECORD_SETUP_H_
