// Filters for which moves can matter to a king (see move_legality.h).
#include "engine/xiangqi/move_legality.h"

#include <cstdlib>

#include "engine/xiangqi/bitboard.h"

namespace caipan::xiangqi {
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

}  // namespace caipan::xiangqi
