// Why a xiangqi move is illegal, as a stable code with the squares and counts
// an explanation needs. Position::CheckLegal words it in English; explain.h
// words it in other languages. Diagnosing costs more than Position::IsLegal:
// call it for a move already known (or expected) to be illegal.
#ifndef CAIPAN_ENGINE_XIANGQI_ILLEGAL_MOVE_H_
#define CAIPAN_ENGINE_XIANGQI_ILLEGAL_MOVE_H_

#include <cstdint>
#include <optional>
#include <string>

#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// Stable: values are never renumbered.
enum class IllegalMoveReason : uint8_t {
  kSquareOutOfRange = 0,
  // From and to are the same point.
  kSameSquare = 1,
  // Nothing on the from square.
  kNoPiece = 2,
  // The other side's piece.
  kNotYourPiece = 3,
  // The target holds the mover's own piece.
  kCaptureOwnPiece = 4,
  // 帅/将 one step out of the palace.
  kKingLeavesPalace = 5,
  // Not one orthogonal step.
  kKingMoveShape = 6,
  // 仕/士 one diagonal step out of the palace.
  kAdvisorLeavesPalace = 7,
  // Not one diagonal step.
  kAdvisorMoveShape = 8,
  // 相/象 may not cross the river.
  kElephantCrossesRiver = 9,
  // 塞象眼
  kElephantEyeBlocked = 10,
  // Not two diagonal steps.
  kElephantMoveShape = 11,
  // 蹩马腿
  kHorseLegBlocked = 12,
  // Not a horse's jump.
  kHorseMoveShape = 13,
  // Chariot or cannon off its rank and file.
  kNotAlongLine = 14,
  // Chariot or cannon (not capturing) blocked.
  kPathBlocked = 15,
  // Cannon capture without exactly one screen.
  kCannonScreen = 16,
  kPawnSidewaysBeforeRiver = 17,
  kPawnBackward = 18,
  // Not one step forward (or sideways)
  kPawnMoveShape = 19,
  // 对脸/白脸将: kings on an open file after it.
  kKingsFacing = 20,
  // 送将, or 不应将 when already in check.
  kLeavesKingInCheck = 21,
};
inline constexpr int kIllegalMoveReasonCount = 22;

// "square-out-of-range", "same-square", "no-piece", ... (stable).
const char* IllegalMoveReasonName(IllegalMoveReason reason);

struct IllegalMoveInfo {
  IllegalMoveReason reason = IllegalMoveReason::kNoPiece;
  Move move;
  // The side to move.
  Color mover = Color::kRed;
  // The piece on the from square (kNoPiece when there is none).
  Piece piece = kNoPiece;
  // The square the reason names: the from square (kNoPiece, kNotYourPiece),
  // the target (kCaptureOwnPiece), the leg, the eye or the first blocker;
  // kNoSquare otherwise.
  int square = kNoSquare;
  // KCannonScreen: pieces between cannon and target.
  int screens = 0;
  // KLeavesKingInCheck: 不应将 rather than 送将
  bool was_in_check = false;
};

// Why `m` is illegal in `pos`, or nullopt if it is legal.
std::optional<IllegalMoveInfo> DiagnoseMove(const Position& pos, Move m);

// The English message Position::CheckLegal gives, e.g. "b0d1 is illegal:
// the horse's leg at c0 is blocked".
std::string IllegalMoveMessage(const IllegalMoveInfo& info);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_ILLEGAL_MOVE_H_
