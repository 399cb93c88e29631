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
  kSameSquare = 1,            // from and to are the same point
  kNoPiece = 2,               // nothing on the from square
  kNotYourPiece = 3,          // the other side's piece
  kCaptureOwnPiece = 4,       // the target holds the mover's own piece
  kKingLeavesPalace = 5,      // 帅/将 one step out of the palace
  kKingMoveShape = 6,         // not one orthogonal step
  kAdvisorLeavesPalace = 7,   // 仕/士 one diagonal step out of the palace
  kAdvisorMoveShape = 8,      // not one diagonal step
  kElephantCrossesRiver = 9,  // 相/象 may not cross the river
  kElephantEyeBlocked = 10,   // 塞象眼
  kElephantMoveShape = 11,    // not two diagonal steps
  kHorseLegBlocked = 12,      // 蹩马腿
  kHorseMoveShape = 13,       // not a horse's jump
  kNotAlongLine = 14,         // chariot or cannon off its rank and file
  kPathBlocked = 15,          // chariot or cannon (not capturing) blocked
  kCannonScreen = 16,         // cannon capture without exactly one screen
  kPawnSidewaysBeforeRiver = 17,
  kPawnBackward = 18,
  kPawnMoveShape = 19,      // not one step forward (or sideways)
  kKingsFacing = 20,        // 对脸/白脸将: kings on an open file after it
  kLeavesKingInCheck = 21,  // 送将, or 不应将 when already in check
};
inline constexpr int kIllegalMoveReasonCount = 22;

// "square-out-of-range", "same-square", "no-piece", ... (stable).
const char* IllegalMoveReasonName(IllegalMoveReason reason);

struct IllegalMoveInfo {
  IllegalMoveReason reason = IllegalMoveReason::kNoPiece;
  Move move;
  Color mover = Color::kRed;  // the side to move
  // The piece on the from square (kNoPiece when there is none).
  Piece piece = kNoPiece;
  // The square the reason names: the from square (kNoPiece, kNotYourPiece),
  // the target (kCaptureOwnPiece), the leg, the eye or the first blocker;
  // kNoSquare otherwise.
  int square = kNoSquare;
  int screens = 0;            // kCannonScreen: pieces between cannon and target
  bool was_in_check = false;  // kLeavesKingInCheck: 不应将 rather than 送将
};

// Why `m` is illegal in `pos`, or nullopt if it is legal.
std::optional<IllegalMoveInfo> DiagnoseMove(const Position& pos, Move m);

// The English message Position::CheckLegal gives, e.g. "b0d1 is illegal:
// the horse's leg at c0 is blocked".
std::string IllegalMoveMessage(const IllegalMoveInfo& info);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_ILLEGAL_MOVE_H_
