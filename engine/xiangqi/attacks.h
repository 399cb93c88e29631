// The engine's one attack model: which pieces attack a point, read from the
// geometry tables on a board view. Move generation, legality, check detection,
// the move classifier and the adjudicator all ask here.
//
// A board view is any type with four methods: `Piece At(int sq) const`, the
// piece on a point (kNoPiece: empty); `uint16_t RankWord(int rank) const`, bit
// f set when (file f, rank) is occupied; `uint16_t FileWord(int file) const`,
// bit r set when (file, rank r) is occupied; `Bitboard PiecesOf(Piece p)
// const`, where the pieces `p` stand. The bitboards let a query skip a whole
// way of attacking when no such piece stands where it could attack from.
// BoardView is the board as it stands; BoardAfterMove is the board a move
// would leave, so "is my king safe after this move" is asked without playing
// it (nothing is written, and a position can be read from many threads).
//
// Example:
//   const BoardView board = pos.View();
//   Bitboard red_attackers = attacks::AttackersOf(board, sq, Color::kRed);
//   bool exposed = attacks::KingAttacked(BoardAfterMove(board, m),
//                                        king_after, Color::kBlack);
#ifndef CAIPAN_ENGINE_XIANGQI_ATTACKS_H_
#define CAIPAN_ENGINE_XIANGQI_ATTACKS_H_

#include <bit>
#include <cstdint>

#include "engine/xiangqi/bitboard.h"
#include "engine/xiangqi/geometry.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// The board as it stands: a mailbox and the rank and file occupancy words.
class BoardView {
 public:
  BoardView(const Piece* pieces, const uint16_t* rank_words,
            const uint16_t* file_words, const Bitboard* by_piece)
      : pieces_(pieces),
        rank_words_(rank_words),
        file_words_(file_words),
        by_piece_(by_piece) {}
  Piece At(int sq) const { return pieces_[sq]; }
  uint16_t RankWord(int rank) const { return rank_words_[rank]; }
  uint16_t FileWord(int file) const { return file_words_[file]; }
  Bitboard PiecesOf(Piece p) const { return by_piece_[p]; }

 private:
  const Piece* pieces_;
  const uint16_t* rank_words_;
  const uint16_t* file_words_;
  const Bitboard* by_piece_;
};

// The board `m` would leave: its origin empty, its target holding the moving
// piece (whatever stood there is captured).
class BoardAfterMove {
 public:
  BoardAfterMove(const BoardView& before, Move m)
      : before_(before), move_(m), moving_(before.At(m.from)) {}
  Piece At(int sq) const {
    if (sq == move_.to) return moving_;
    return sq == move_.from ? kNoPiece : before_.At(sq);
  }
  Bitboard PiecesOf(Piece p) const {
    const Bitboard from = SquareBB(move_.from), to = SquareBB(move_.to);
    const Bitboard before = before_.PiecesOf(p) & ~(from | to);
    return p == moving_ ? before | to : before;
  }
  uint16_t RankWord(int rank) const {
    return AfterMove(before_.RankWord(rank), rank, geometry::kRank,
                     geometry::kFile);
  }
  uint16_t FileWord(int file) const {
    return AfterMove(before_.FileWord(file), file, geometry::kFile,
                     geometry::kRank);
  }

 private:
  // The occupancy word of one line (a rank or a file) after the move: `line_of`
  // maps a point to its line, `bit_of` to its bit within the line.
  template <typename Table>
  uint16_t AfterMove(uint16_t word, int line, const Table& line_of,
                     const Table& bit_of) const {
    if (line_of[move_.from] == line) word &= ~(1u << bit_of[move_.from]);
    if (line_of[move_.to] == line) word |= 1u << bit_of[move_.to];
    return word;
  }

  BoardView before_;
  Move move_;
  Piece moving_;
};

namespace attacks {

// What an attack query collects.
enum class Query : uint8_t {
  // Every piece of the attacking side that attacks the point.
  kAll,
  // Whether a king on the point is attacked: only chariots, cannons, horses,
  // pawns and the facing king can reach a king; stops at the first found.
  kKing,
  // Every piece that attacks a king on the point (the checkers).
  kCheckers,
};

// The building blocks, one per way of attacking; each returns the attackers
// it found (under Query::kKing, at most the first). `facing`: the point holds
// (or would hold) the other side's king, which `by`'s king then attacks along
// the file.

// Chariots (and, along the file, the facing king) next to the point on its
// file or rank, then cannons over one screen.
enum class Line : uint8_t { kFile, kRank };
template <Query kQuery, Line kLine, typename Board>
inline Bitboard LineAttackers(const Board& board, int sq, Color by,
                              bool facing) {
  const int file = geometry::kFile[sq], rank = geometry::kRank[sq];
  const geometry::LineMasks& line =
      kLine == Line::kFile ? geometry::kFileLines[rank][board.FileWord(file)]
                           : geometry::kRankLines[file][board.RankWord(rank)];
  const auto square_of = [file, rank](uint16_t bits) {
    const int index = std::countr_zero(bits);
    return kLine == Line::kFile ? MakeSquare(file, index)
                                : MakeSquare(index, rank);
  };
  const Piece chariot = MakePiece(by, PieceType::kChariot);
  // Without a facing king, a second chariot test stands in for the king's.
  const Piece slider = kLine == Line::kFile && facing
                           ? MakePiece(by, PieceType::kKing)
                           : chariot;
  const Piece cannon = MakePiece(by, PieceType::kCannon);
  Bitboard found = 0;
  for (uint16_t b = line.first; b; b &= b - 1) {
    const int s = square_of(b);
    const Piece p = board.At(s);
    if (p == chariot || p == slider) {
      found |= SquareBB(s);
      if (kQuery == Query::kKing) return found;
    }
  }
  for (uint16_t b = line.second; b; b &= b - 1) {
    const int s = square_of(b);
    if (board.At(s) == cannon) {
      found |= SquareBB(s);
      if (kQuery == Query::kKing) return found;
    }
  }
  return found;
}

// Horses a jump away whose leg is free.
template <Query kQuery, typename Board>
inline Bitboard HorseAttackers(const Board& board, int sq, Color by) {
  const Bitboard horses = board.PiecesOf(MakePiece(by, PieceType::kHorse)) &
                          geometry::kKingZones[sq].horse_jumps;
  if (horses == 0) return 0;
  Bitboard found = 0;
  for (const geometry::Step& h : geometry::kHorseAttackers[sq]) {
    if (Contains(horses, h.to) && board.At(h.via) == kNoPiece) {
      found |= SquareBB(h.to);
      if (kQuery == Query::kKing) return found;
    }
  }
  return found;
}

// Pawns a step behind or (across the river) beside.
template <Query kQuery, typename Board>
inline Bitboard PawnAttackers(const Board& board, int sq, Color by) {
  const Piece pawn = MakePiece(by, PieceType::kPawn);
  Bitboard found = 0;
  for (const geometry::Step& p : geometry::kPawnAttackers[Index(by)][sq]) {
    if (board.At(p.to) == pawn) {
      found |= SquareBB(p.to);
      if (kQuery == Query::kKing) return found;
    }
  }
  return found;
}

// Advisors, elephants (eye free) and the king a step away: they never reach
// the other king, so only Query::kAll asks.
template <typename Board>
inline Bitboard PalaceAttackers(const Board& board, int sq, Color by) {
  Bitboard found = 0;
  const Piece advisor = MakePiece(by, PieceType::kAdvisor);
  for (const geometry::Step& a : geometry::kAdvisorMoves[sq]) {
    if (board.At(a.to) == advisor) found |= SquareBB(a.to);
  }
  const Piece elephant = MakePiece(by, PieceType::kElephant);
  for (const geometry::Step& e : geometry::kElephantMoves[sq]) {
    if (board.At(e.to) == elephant && board.At(e.via) == kNoPiece) {
      found |= SquareBB(e.to);
    }
  }
  const Piece king = MakePiece(by, PieceType::kKing);
  for (const geometry::Step& k : geometry::kKingMoves[sq]) {
    if (board.At(k.to) == king) found |= SquareBB(k.to);
  }
  return found;
}

// Pieces of `by` that attack `sq` under the piece rules (the point's own
// content is ignored, except that the facing kings attack each other).
template <Query kQuery, typename Board>
inline Bitboard Attackers(const Board& board, int sq, Color by) {
  if constexpr (kQuery == Query::kKing) {
    if (Bitboard b = LineAttackers<kQuery, Line::kFile>(board, sq, by, true))
      return b;
    if (Bitboard b = LineAttackers<kQuery, Line::kRank>(board, sq, by, false))
      return b;
    if (Bitboard b = HorseAttackers<kQuery>(board, sq, by)) return b;
    return PawnAttackers<kQuery>(board, sq, by);
  } else {
    const Piece target = board.At(sq);
    const bool facing =
        kQuery == Query::kCheckers ||
        (target != kNoPiece && TypeOf(target) == PieceType::kKing &&
         ColorOf(target) != by);
    const Bitboard found =
        LineAttackers<kQuery, Line::kFile>(board, sq, by, facing) |
        LineAttackers<kQuery, Line::kRank>(board, sq, by, false) |
        HorseAttackers<kQuery>(board, sq, by) |
        PawnAttackers<kQuery>(board, sq, by);
    if constexpr (kQuery == Query::kCheckers) return found;
    return found | PalaceAttackers(board, sq, by);
  }
}

// Pieces of `by` that attack `sq`.
template <typename Board>
inline Bitboard AttackersOf(const Board& board, int sq, Color by) {
  return Attackers<Query::kAll>(board, sq, by);
}

// Whether a king standing on `king_sq` would be attacked by `by`.
template <typename Board>
inline bool KingAttacked(const Board& board, int king_sq, Color by) {
  return Attackers<Query::kKing>(board, king_sq, by) != 0;
}

// A cheap necessary condition for move `m` to change whether the king on
// `king_sq` is attacked (to give check, or to expose one's own king): it lands
// on or leaves the king's rank or file (chariot and cannon lines, cannon
// screens, the facing kings, pawns), lands a horse's jump from the king, or
// leaves one of the king's diagonal neighbours (the legs of every horse check).
// A move of the king itself always passes (its step stays on a line through
// its point); whether it is safe is another question.
inline bool TouchesKingLines(int king_sq, Move m) {
  const auto& zone = geometry::kKingZonePoints[king_sq];
  return ((zone[m.to] & (geometry::kOnKingLine | geometry::kHorseJump)) |
          (zone[m.from] & (geometry::kOnKingLine | geometry::kHorseLeg))) != 0;
}

// Whether a king that `by` did not attack before move `m` (of `moving`,
// which is not that king) is attacked on the board `after` it: an attack can
// then only come along a line whose occupancy the move changed, from a horse
// whose leg it freed, or from the moved piece itself, so only those are looked
// at (most moves cost a few comparisons). kMoverIsBy: `moving` is one of
// `by`'s pieces (a check given); otherwise the move is the king's own side's
// (a check exposed), which can only take an attacker away.
template <bool kMoverIsBy, typename Board>
inline bool KingAttackedAfterMove(const Board& after, int king_sq, Color by,
                                  Move m, Piece moving) {
  const int file = geometry::kFile[king_sq], rank = geometry::kRank[king_sq];
  if ((geometry::kFile[m.from] == file || geometry::kFile[m.to] == file) &&
      LineAttackers<Query::kKing, Line::kFile>(after, king_sq, by, true)) {
    return true;
  }
  if ((geometry::kRank[m.from] == rank || geometry::kRank[m.to] == rank) &&
      LineAttackers<Query::kKing, Line::kRank>(after, king_sq, by, false)) {
    return true;
  }
  const auto& zone = geometry::kKingZonePoints[king_sq];
  bool horse_changed = (zone[m.from] & geometry::kHorseLeg) != 0;
  if constexpr (kMoverIsBy) {
    horse_changed |= moving == MakePiece(by, PieceType::kHorse) &&
                     (zone[m.to] & geometry::kHorseJump) != 0;
    if (moving == MakePiece(by, PieceType::kPawn) &&
        PawnAttackers<Query::kKing>(after, king_sq, by)) {
      return true;
    }
  }
  return horse_changed && HorseAttackers<Query::kKing>(after, king_sq, by);
}

}  // namespace attacks
}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_ATTACKS_H_
