// DiagnoseMove: which rule a move breaks, and the English wording of it.
#include "engine/xiangqi/illegal_move.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/attacks.h"
#include "engine/xiangqi/geometry.h"

namespace caipan::xiangqi {
namespace {

constexpr const char* kColorName[2] = {"red", "black"};
constexpr const char* kTypeName[kPieceTypeCount] = {
    "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"};

// Pieces strictly between two points of one rank or file.
int PiecesBetween(const Position& pos, int from, int to, int* first_blocker) {
  const int df = (FileOf(to) > FileOf(from)) - (FileOf(to) < FileOf(from));
  const int dr = (RankOf(to) > RankOf(from)) - (RankOf(to) < RankOf(from));
  int count = 0;
  *first_blocker = kNoSquare;
  for (int f = FileOf(from) + df, r = RankOf(from) + dr; MakeSquare(f, r) != to;
       f += df, r += dr) {
    if (pos.PieceAt(MakeSquare(f, r)) != kNoPiece) {
      if (count++ == 0) *first_blocker = MakeSquare(f, r);
    }
  }
  return count;
}

// Fills in why a move of the mover's own piece breaks that piece's rules.
void DiagnosePieceMove(const Position& pos, IllegalMoveInfo* info) {
  using R = IllegalMoveReason;
  const Move m = info->move;
  const Color c = ColorOf(info->piece);
  const int df = FileOf(m.to) - FileOf(m.from),
            dr = RankOf(m.to) - RankOf(m.from);
  const int adf = std::abs(df), adr = std::abs(dr);
  switch (TypeOf(info->piece)) {
    case PieceType::kKing:
      info->reason =
          adf + adr == 1 && !geometry::InPalace(FileOf(m.to), RankOf(m.to))
              ? R::kKingLeavesPalace
              : R::kKingMoveShape;
      return;
    case PieceType::kAdvisor:
      info->reason =
          adf == 1 && adr == 1 ? R::kAdvisorLeavesPalace : R::kAdvisorMoveShape;
      return;
    case PieceType::kElephant:
      if (adf == 2 && adr == 2) {
        if (!OnOwnSide(c, m.to)) {
          info->reason = R::kElephantCrossesRiver;
        } else {
          info->reason = R::kElephantEyeBlocked;
          info->square =
              MakeSquare(FileOf(m.from) + df / 2, RankOf(m.from) + dr / 2);
        }
        return;
      }
      info->reason = R::kElephantMoveShape;
      return;
    case PieceType::kHorse:
      if ((adf == 1 && adr == 2) || (adf == 2 && adr == 1)) {
        info->reason = R::kHorseLegBlocked;
        info->square =
            adf == 2 ? MakeSquare(FileOf(m.from) + df / 2, RankOf(m.from))
                     : MakeSquare(FileOf(m.from), RankOf(m.from) + dr / 2);
        return;
      }
      info->reason = R::kHorseMoveShape;
      return;
    case PieceType::kChariot:
    case PieceType::kCannon: {
      if (df != 0 && dr != 0) {
        info->reason = R::kNotAlongLine;
        return;
      }
      int blocker;
      const int between = PiecesBetween(pos, m.from, m.to, &blocker);
      if (TypeOf(info->piece) == PieceType::kCannon &&
          pos.PieceAt(m.to) != kNoPiece) {
        info->reason = R::kCannonScreen;
        info->screens = between;
        return;
      }
      info->reason = R::kPathBlocked;
      info->square = blocker;
      return;
    }
    case PieceType::kPawn: {
      const int forward = c == Color::kRed ? 1 : -1;
      if (dr == 0 && adf == 1) {
        info->reason = R::kPawnSidewaysBeforeRiver;
      } else if (dr == -forward && df == 0) {
        info->reason = R::kPawnBackward;
      } else {
        info->reason = R::kPawnMoveShape;
      }
      return;
    }
  }
}

// The English "why" after "<move> is illegal: ".
std::string EnglishWhy(const IllegalMoveInfo& info) {
  using R = IllegalMoveReason;
  const std::string name =
      info.piece == kNoPiece
          ? std::string()
          : absl::StrCat("the ", kTypeName[Index(TypeOf(info.piece))]);
  const char* mover = kColorName[Index(info.mover)];
  switch (info.reason) {
    case R::kSquareOutOfRange:
      return "square out of range";
    case R::kSameSquare:
      return "from and to are the same point";
    case R::kNoPiece:
      return absl::StrCat("no piece on ", SquareName(info.square));
    case R::kNotYourPiece:
      return absl::StrCat("the piece on ", SquareName(info.square), " is ",
                          kColorName[Index(ColorOf(info.piece))],
                          "'s, and it is ", mover, " to move");
    case R::kCaptureOwnPiece:
      return absl::StrCat(SquareName(info.square), " holds a ", mover,
                          " piece");
    case R::kKingLeavesPalace:
    case R::kAdvisorLeavesPalace:
      return name + " may not leave its palace";
    case R::kKingMoveShape:
      return name + " moves one point orthogonally inside its palace";
    case R::kAdvisorMoveShape:
      return name + " moves one point diagonally inside its palace";
    case R::kElephantCrossesRiver:
      return name + " may not cross the river";
    case R::kElephantEyeBlocked:
      return absl::StrCat(name, "'s eye at ", SquareName(info.square),
                          " is blocked");
    case R::kElephantMoveShape:
      return name + " moves exactly two points diagonally";
    case R::kHorseLegBlocked:
      return absl::StrCat(name, "'s leg at ", SquareName(info.square),
                          " is blocked");
    case R::kHorseMoveShape:
      return name + " moves one point orthogonally then one diagonally";
    case R::kNotAlongLine:
      return name + " moves along a rank or file";
    case R::kPathBlocked:
      return absl::StrCat(name, "'s path is blocked at ",
                          SquareName(info.square));
    case R::kCannonScreen:
      return absl::StrCat(
          name, " captures by jumping exactly one piece; there ",
          info.screens == 0 ? "is none" : absl::StrCat("are ", info.screens));
    case R::kPawnSidewaysBeforeRiver:
      return name + " may move sideways only after crossing the river";
    case R::kPawnBackward:
      return name + " may never move back";
    case R::kPawnMoveShape:
      return name +
             " moves one point forward (or sideways once across the river)";
    case R::kKingsFacing:
      return "the kings would face each other on an open file";
    case R::kLeavesKingInCheck:
      return absl::StrCat("it leaves the ", mover, " king in check");
  }
  return "illegal move";
}

}  // namespace

const char* IllegalMoveReasonName(IllegalMoveReason reason) {
  using R = IllegalMoveReason;
  switch (reason) {
    case R::kSquareOutOfRange:
      return "square-out-of-range";
    case R::kSameSquare:
      return "same-square";
    case R::kNoPiece:
      return "no-piece";
    case R::kNotYourPiece:
      return "not-your-piece";
    case R::kCaptureOwnPiece:
      return "capture-own-piece";
    case R::kKingLeavesPalace:
      return "king-leaves-palace";
    case R::kKingMoveShape:
      return "king-move-shape";
    case R::kAdvisorLeavesPalace:
      return "advisor-leaves-palace";
    case R::kAdvisorMoveShape:
      return "advisor-move-shape";
    case R::kElephantCrossesRiver:
      return "elephant-crosses-river";
    case R::kElephantEyeBlocked:
      return "elephant-eye-blocked";
    case R::kElephantMoveShape:
      return "elephant-move-shape";
    case R::kHorseLegBlocked:
      return "horse-leg-blocked";
    case R::kHorseMoveShape:
      return "horse-move-shape";
    case R::kNotAlongLine:
      return "not-along-line";
    case R::kPathBlocked:
      return "path-blocked";
    case R::kCannonScreen:
      return "cannon-screen";
    case R::kPawnSidewaysBeforeRiver:
      return "pawn-sideways-before-river";
    case R::kPawnBackward:
      return "pawn-backward";
    case R::kPawnMoveShape:
      return "pawn-move-shape";
    case R::kKingsFacing:
      return "kings-facing";
    case R::kLeavesKingInCheck:
      return "leaves-king-in-check";
  }
  return "unknown";
}

std::optional<IllegalMoveInfo> DiagnoseMove(const Position& pos, Move m) {
  using R = IllegalMoveReason;
  IllegalMoveInfo info;
  info.move = m;
  info.mover = pos.SideToMove();
  auto fail = [&](R reason, int square) {
    info.reason = reason;
    info.square = square;
    return info;
  };
  if (m.from >= kSquares || m.to >= kSquares) {
    return fail(R::kSquareOutOfRange, kNoSquare);
  }
  if (m.from == m.to) return fail(R::kSameSquare, kNoSquare);
  info.piece = pos.PieceAt(m.from);
  if (info.piece == kNoPiece) return fail(R::kNoPiece, m.from);
  if (ColorOf(info.piece) != info.mover) return fail(R::kNotYourPiece, m.from);
  const Piece target = pos.PieceAt(m.to);
  if (target != kNoPiece && ColorOf(target) == info.mover) {
    return fail(R::kCaptureOwnPiece, m.to);
  }
  if (!pos.IsPseudoLegal(m)) {
    DiagnosePieceMove(pos, &info);
    return info;
  }
  if (pos.IsLegal(m)) return std::nullopt;
  // The move would leave its own king attacked; by the other king, along an
  // empty file, is its own rule. Asked of the board the move would leave.
  const int king_before = pos.KingSquare(info.mover);
  const int own_king = m.from == king_before ? m.to : king_before;
  const int other_king = pos.KingSquare(Opponent(info.mover));
  const Bitboard on_file =
      attacks::LineAttackers<attacks::Query::kAll, attacks::Line::kFile>(
          BoardAfterMove(pos.View(), m), own_king, Opponent(info.mover), true);
  if (Contains(on_file, other_king)) return fail(R::kKingsFacing, kNoSquare);
  info.was_in_check = pos.InCheck();
  return fail(R::kLeavesKingInCheck, kNoSquare);
}

std::string IllegalMoveMessage(const IllegalMoveInfo& info) {
  if (info.reason == IllegalMoveReason::kSquareOutOfRange) {
    return EnglishWhy(info);
  }
  return absl::StrCat(ToIccs(info.move), " is illegal: ", EnglishWhy(info));
}

}  // namespace caipan::xiangqi
