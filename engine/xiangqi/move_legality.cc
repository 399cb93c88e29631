// Per-piece move rules for a single move, read off the board directly.
#include "engine/xiangqi/move_legality.h"

#include <cstdlib>

#include "engine/xiangqi/bitboard.h"

namespace caipan::xiangqi {
namespace {

bool InPalace(Color c, int sq) {
  const int f = FileOf(sq), r = RankOf(sq);
  if (f < 3 || f > 5) return false;
  return c == Color::kRed ? r <= 2 : r >= 7;
}

// Pieces strictly between two squares on one rank or file.
int PiecesBetween(const Position& pos, int from, int to) {
  const int df = FileOf(to) - FileOf(from), dr = RankOf(to) - RankOf(from);
  const int step = df != 0 ? (df > 0 ? 1 : -1) : (dr > 0 ? kFiles : -kFiles);
  int count = 0;
  for (int sq = from + step; sq != to; sq += step) {
    count += pos.PieceAt(sq) != kNoPiece;
  }
  return count;
}

}  // namespace

bool IsPseudoLegalMove(const Position& pos, Move m) {
  if (m.from >= kSquares || m.to >= kSquares || m.from == m.to) return false;
  const Piece p = pos.PieceAt(m.from);
  const Color us = pos.SideToMove();
  if (p == kNoPiece || ColorOf(p) != us) return false;
  const Piece target = pos.PieceAt(m.to);
  if (target != kNoPiece && ColorOf(target) == us) return false;
  const int df = FileOf(m.to) - FileOf(m.from);
  const int dr = RankOf(m.to) - RankOf(m.from);
  const int adf = std::abs(df), adr = std::abs(dr);
  switch (TypeOf(p)) {
    case PieceType::kKing:
      return adf + adr == 1 && InPalace(us, m.to);
    case PieceType::kAdvisor:
      return adf == 1 && adr == 1 && InPalace(us, m.to);
    case PieceType::kElephant:
      return adf == 2 && adr == 2 && OnOwnSide(us, m.to) &&
             pos.PieceAt((m.from + m.to) / 2) == kNoPiece;
    case PieceType::kHorse: {
      if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1))) return false;
      const int leg = adf == 2 ? m.from + df / 2 : m.from + (dr / 2) * kFiles;
      return pos.PieceAt(leg) == kNoPiece;
    }
    case PieceType::kChariot:
      return (adf == 0 || adr == 0) && PiecesBetween(pos, m.from, m.to) == 0;
    case PieceType::kCannon:
      if (adf != 0 && adr != 0) return false;
      return PiecesBetween(pos, m.from, m.to) == (target == kNoPiece ? 0 : 1);
    case PieceType::kPawn: {
      const int forward = us == Color::kRed ? 1 : -1;
      if (df == 0 && dr == forward) return true;
      return adf == 1 && dr == 0 && !OnOwnSide(us, m.from);
    }
  }
  return false;
}

namespace {

// For each king square: its rank and file, its four diagonal neighbours (the
// legs of every horse that could check it) and the horse-jump squares around
// it.
struct KingMasks {
  Bitboard line[kSquares];
  Bitboard diag[kSquares];
  Bitboard horse[kSquares];
};

constexpr KingMasks MakeKingMasks() {
  KingMasks masks{};
  for (int king = 0; king < kSquares; ++king) {
    const int kf = FileOf(king), kr = RankOf(king);
    for (int sq = 0; sq < kSquares; ++sq) {
      const int f = FileOf(sq), r = RankOf(sq);
      const int df = f > kf ? f - kf : kf - f, dr = r > kr ? r - kr : kr - r;
      if (sq != king && (f == kf || r == kr)) masks.line[king] |= SquareBB(sq);
      if (df == 1 && dr == 1) masks.diag[king] |= SquareBB(sq);
      if ((df == 1 && dr == 2) || (df == 2 && dr == 1)) {
        masks.horse[king] |= SquareBB(sq);
      }
    }
  }
  return masks;
}

constexpr KingMasks kKingMasks = MakeKingMasks();

// `by`'s pieces that attack along lines (the facing king included).
Bitboard LineAttackers(const Position& pos, Color by) {
  return pos.Pieces(by, PieceType::kChariot) |
         pos.Pieces(by, PieceType::kCannon) | pos.Pieces(by, PieceType::kKing);
}

}  // namespace

bool TouchesKingLines(int king, Move m) {
  return Contains(kKingMasks.line[king] | kKingMasks.horse[king], m.to) ||
         Contains(kKingMasks.line[king] | kKingMasks.diag[king], m.from);
}

bool MayExposeOwnKing(const Position& pos, Move m) {
  const Color us = pos.SideToMove(), them = Opponent(us);
  const int king = pos.KingSquare(us);
  if (m.from == king) return true;
  const Bitboard line = kKingMasks.line[king];
  // Leaving the king's rank or file can open a line or remove a screen.
  if (Contains(line, m.from) && (LineAttackers(pos, them) & line)) return true;
  // Arriving on it can become an enemy cannon's screen.
  if (Contains(line, m.to) && (pos.Pieces(them, PieceType::kCannon) & line)) {
    return true;
  }
  // Leaving a diagonal neighbour can free an enemy horse's leg.
  return Contains(kKingMasks.diag[king], m.from) &&
         pos.Pieces(them, PieceType::kHorse) != 0;
}

bool MayHaveGivenCheck(const Position& after, Move m) {
  const Color victim = after.SideToMove(), us = Opponent(victim);
  const int king = after.KingSquare(victim);
  const Bitboard line = kKingMasks.line[king];
  // The moved piece itself (or as a new cannon screen).
  if (Contains(line | kKingMasks.horse[king], m.to)) return true;
  // A line or horse leg it opened.
  if (Contains(line, m.from) && (LineAttackers(after, us) & line)) return true;
  return Contains(kKingMasks.diag[king], m.from) &&
         after.Pieces(us, PieceType::kHorse) != 0;
}

bool LeavesOwnKingSafe(Position& pos) {
  // After the move it is the opponent's turn; pass it back to ask whether the
  // mover's king stands attacked (InCheck includes the facing kings).
  pos.MakeNullMove();
  const bool exposed = pos.InCheck();
  pos.UnmakeNullMove();
  return !exposed;
}

bool IsLegalMove(Position& pos, Move m) {
  if (!IsPseudoLegalMove(pos, m)) return false;
  Position::Undo undo = pos.MakeMove(m);
  const bool safe = LeavesOwnKingSafe(pos);
  pos.UnmakeMove(m, undo);
  return safe;
}

}  // namespace caipan::xiangqi
