// Position state changes (placing pieces, make/unmake) and attack queries.
#include "engine/xiangqi/position.h"

#include <bit>
#include <cstdlib>
#include <cstring>

#include "engine/common/debug_check.h"
#include "engine/xiangqi/geometry.h"
#include "engine/xiangqi/zobrist.h"

namespace caipan::xiangqi {

using geometry::kFile;
using geometry::kRank;

const char* GameStateName(GameState s) {
  switch (s) {
    case GameState::kNormal:
      return "normal";
    case GameState::kCheck:
      return "check";
    case GameState::kCheckmate:
      return "checkmate";
    case GameState::kStalemate:
      return "stalemate";
  }
  return "normal";
}

void Position::Clear() {
  std::memset(board_, 0, sizeof(board_));
  for (Bitboard& b : by_piece_) b = 0;
  by_color_[0] = by_color_[1] = 0;
  std::memset(rank_occ_, 0, sizeof(rank_occ_));
  std::memset(file_occ_, 0, sizeof(file_occ_));
  king_sq_[0] = king_sq_[1] = kNoSquare;
  side_ = Color::kRed;
  hash_ = 0;
  halfmove_clock_ = 0;
  fullmove_number_ = 1;
}

void Position::PutPiece(int sq, Piece p) {
  board_[sq] = p;
  Bitboard bit = SquareBB(sq);
  by_piece_[p] |= bit;
  by_color_[Index(ColorOf(p))] |= bit;
  rank_occ_[kRank[sq]] |= 1 << kFile[sq];
  file_occ_[kFile[sq]] |= 1 << kRank[sq];
  if (TypeOf(p) == PieceType::kKing) king_sq_[Index(ColorOf(p))] = sq;
  hash_ ^= zobrist::kKeys.piece[p][sq];
}

void Position::RemovePiece(int sq) {
  Piece p = board_[sq];
  board_[sq] = kNoPiece;
  Bitboard bit = SquareBB(sq);
  by_piece_[p] &= ~bit;
  by_color_[Index(ColorOf(p))] &= ~bit;
  rank_occ_[kRank[sq]] &= ~(1 << kFile[sq]);
  file_occ_[kFile[sq]] &= ~(1 << kRank[sq]);
  hash_ ^= zobrist::kKeys.piece[p][sq];
}

Position Position::Start() {
  // The start FEN is a constant known to be valid.
  return *FromFen(kStartFen);
}

void Position::MakeNullMove() {
  side_ = Opponent(side_);
  hash_ ^= zobrist::kKeys.black_to_move;
}

Bitboard Position::AttackersOf(int sq, Color by) const {
  return attacks::AttackersOf(View(), sq, by);
}

bool Position::IsKingExposed(Color c) const {
  return attacks::KingAttacked(View(), king_sq_[Index(c)], Opponent(c));
}

bool Position::KingSafeAfter(Color c, Move m) const {
  const int king = king_sq_[Index(c)];
  return !attacks::KingAttacked(BoardAfterMove(View(), m),
                                m.from == king ? m.to : king, Opponent(c));
}

bool Position::CheckGivenAfter(Move m) const {
  // The other king is not in check now (a valid position's side not to move
  // never is), so only what the move changes can check it.
  return attacks::KingAttackedAfterMove</*kMoverIsBy=*/true>(
      BoardAfterMove(View(), m), king_sq_[Index(Opponent(side_))], side_, m,
      board_[m.from]);
}

bool Position::KingExposedAfter(Move m) const {
  // The move adds no enemy piece (a capture only takes one away).
  return attacks::KingAttackedAfterMove</*kMoverIsBy=*/false>(
      BoardAfterMove(View(), m), king_sq_[Index(side_)], Opponent(side_), m,
      board_[m.from]);
}

Bitboard Position::LegalCapturersOf(int sq, Color by) const {
  if (board_[sq] == kNoPiece || ColorOf(board_[sq]) == by) return 0;
  const Bitboard attackers = AttackersOf(sq, by);
  Bitboard capturers = 0;
  ForEachSquare(attackers, [&](int from) {
    const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(sq)};
    if (KingSafeAfter(by, m)) capturers |= SquareBB(from);
  });
  return capturers;
}

bool operator==(const Position& a, const Position& b) {
  return a.side_ == b.side_ &&
         std::memcmp(a.board_, b.board_, sizeof(a.board_)) == 0;
}

}  // namespace caipan::xiangqi
