// Position state changes (placing pieces, make/unmake) and attack queries.
#include "engine/xiangqi/position.h"

#include <bit>
#include <cstdlib>
#include <cstring>

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
  occupied_ = 0;
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
  occupied_ |= bit;
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
  occupied_ &= ~bit;
  rank_occ_[kRank[sq]] &= ~(1 << kFile[sq]);
  file_occ_[kFile[sq]] &= ~(1 << kRank[sq]);
  hash_ ^= zobrist::kKeys.piece[p][sq];
}

Position Position::Start() {
  // The start FEN is a constant known to be valid.
  return *FromFen(kStartFen);
}

Position::Undo Position::MakeMove(Move m) {
  Undo undo{board_[m.to], hash_, halfmove_clock_};
  Piece moving = board_[m.from];
  if (undo.captured != kNoPiece) RemovePiece(m.to);
  RemovePiece(m.from);
  PutPiece(m.to, moving);
  halfmove_clock_ = undo.captured != kNoPiece ? 0 : halfmove_clock_ + 1;
  if (side_ == Color::kBlack) ++fullmove_number_;
  side_ = Opponent(side_);
  hash_ ^= zobrist::kKeys.black_to_move;
  return undo;
}

void Position::UnmakeMove(Move m, const Undo& undo) {
  side_ = Opponent(side_);
  if (side_ == Color::kBlack) --fullmove_number_;
  Piece moving = board_[m.to];
  RemovePiece(m.to);
  PutPiece(m.from, moving);
  if (undo.captured != kNoPiece) PutPiece(m.to, undo.captured);
  hash_ = undo.hash;
  halfmove_clock_ = undo.halfmove_clock;
}

void Position::MakeNullMove() {
  side_ = Opponent(side_);
  hash_ ^= zobrist::kKeys.black_to_move;
}

Bitboard Position::AttackersOf(int sq, Color by) const {
  Bitboard attackers = 0;
  const int file = kFile[sq], rank = kRank[sq];
  const Piece chariot = MakePiece(by, PieceType::kChariot);
  const Piece cannon = MakePiece(by, PieceType::kCannon);
  const Piece horse = MakePiece(by, PieceType::kHorse);
  const Piece king = MakePiece(by, PieceType::kKing);
  const bool target_is_king = board_[sq] != kNoPiece &&
                              TypeOf(board_[sq]) == PieceType::kKing &&
                              ColorOf(board_[sq]) != by;

  const geometry::LineMasks& on_rank =
      geometry::kRankLines[file][rank_occ_[rank]];
  for (uint16_t b = on_rank.first; b; b &= b - 1) {
    int s = MakeSquare(std::countr_zero(b), rank);
    if (board_[s] == chariot) attackers |= SquareBB(s);
  }
  for (uint16_t b = on_rank.second; b; b &= b - 1) {
    int s = MakeSquare(std::countr_zero(b), rank);
    if (board_[s] == cannon) attackers |= SquareBB(s);
  }
  const geometry::LineMasks& on_file =
      geometry::kFileLines[rank][file_occ_[file]];
  for (uint16_t b = on_file.first; b; b &= b - 1) {
    int s = MakeSquare(file, std::countr_zero(b));
    if (board_[s] == chariot || (target_is_king && board_[s] == king))
      attackers |= SquareBB(s);
  }
  for (uint16_t b = on_file.second; b; b &= b - 1) {
    int s = MakeSquare(file, std::countr_zero(b));
    if (board_[s] == cannon) attackers |= SquareBB(s);
  }
  for (const geometry::Step& h : geometry::kHorseAttackers[sq]) {
    if (board_[h.to] == horse && board_[h.via] == kNoPiece)
      attackers |= SquareBB(h.to);
  }
  const Piece pawn = MakePiece(by, PieceType::kPawn);
  for (const geometry::Step& p : geometry::kPawnAttackers[Index(by)][sq]) {
    if (board_[p.to] == pawn) attackers |= SquareBB(p.to);
  }
  const Piece advisor = MakePiece(by, PieceType::kAdvisor);
  for (const geometry::Step& a : geometry::kAdvisorMoves[sq]) {
    if (board_[a.to] == advisor) attackers |= SquareBB(a.to);
  }
  const Piece elephant = MakePiece(by, PieceType::kElephant);
  for (const geometry::Step& e : geometry::kElephantMoves[sq]) {
    if (board_[e.to] == elephant && board_[e.via] == kNoPiece)
      attackers |= SquareBB(e.to);
  }
  for (const geometry::Step& k : geometry::kKingMoves[sq]) {
    if (board_[k.to] == king) attackers |= SquareBB(k.to);
  }
  return attackers;
}

bool Position::IsKingExposed(Color c) const {
  // Only chariots, cannons, horses, pawns and the facing king can ever reach a
  // king.
  const int sq = king_sq_[Index(c)];
  const Color by = Opponent(c);
  const int file = kFile[sq], rank = kRank[sq];
  const Piece chariot = MakePiece(by, PieceType::kChariot);
  const Piece cannon = MakePiece(by, PieceType::kCannon);
  const geometry::LineMasks& on_file =
      geometry::kFileLines[rank][file_occ_[file]];
  for (uint16_t b = on_file.first; b; b &= b - 1) {
    Piece p = board_[MakeSquare(file, std::countr_zero(b))];
    if (p == chariot || p == MakePiece(by, PieceType::kKing)) return true;
  }
  for (uint16_t b = on_file.second; b; b &= b - 1) {
    if (board_[MakeSquare(file, std::countr_zero(b))] == cannon) return true;
  }
  const geometry::LineMasks& on_rank =
      geometry::kRankLines[file][rank_occ_[rank]];
  for (uint16_t b = on_rank.first; b; b &= b - 1) {
    if (board_[MakeSquare(std::countr_zero(b), rank)] == chariot) return true;
  }
  for (uint16_t b = on_rank.second; b; b &= b - 1) {
    if (board_[MakeSquare(std::countr_zero(b), rank)] == cannon) return true;
  }
  const Piece horse = MakePiece(by, PieceType::kHorse);
  for (const geometry::Step& h : geometry::kHorseAttackers[sq]) {
    if (board_[h.to] == horse && board_[h.via] == kNoPiece) return true;
  }
  const Piece pawn = MakePiece(by, PieceType::kPawn);
  for (const geometry::Step& p : geometry::kPawnAttackers[Index(by)][sq]) {
    if (board_[p.to] == pawn) return true;
  }
  return false;
}

Bitboard Position::PinnedPieces(Color c) const {
  const int king_sq = king_sq_[Index(c)];
  const Color by = Opponent(c);
  Position& self = const_cast<Position&>(*this);  // restored below
  const Bitboard before = AttackersOf(king_sq, by);
  Bitboard pinned = 0;
  ForEachSquare(by_color_[Index(c)] & ~SquareBB(king_sq), [&](int sq) {
    // Cheap filter: only pieces on the king's lines or horse-leg points can
    // matter.
    bool on_line = kFile[sq] == kFile[king_sq] || kRank[sq] == kRank[king_sq];
    bool on_leg = std::abs(kFile[sq] - kFile[king_sq]) == 1 &&
                  std::abs(kRank[sq] - kRank[king_sq]) == 1;
    if (!on_line && !on_leg) return;
    Piece p = board_[sq];
    uint64_t hash = hash_;
    self.RemovePiece(sq);
    if (AttackersOf(king_sq, by) & ~before) pinned |= SquareBB(sq);
    self.PutPiece(sq, p);
    self.hash_ = hash;
  });
  return pinned;
}

Bitboard Position::LegalCapturersOf(int sq, Color by) const {
  if (board_[sq] == kNoPiece || ColorOf(board_[sq]) == by) return 0;
  Position as_mover = *this;
  as_mover.side_ = by;
  MoveList moves;
  as_mover.GenerateLegalMoves(&moves);
  Bitboard capturers = 0;
  for (Move m : moves) {
    if (m.to == sq) capturers |= SquareBB(m.from);
  }
  return capturers;
}

bool Position::IsProtected(int sq) const {
  Piece p = board_[sq];
  if (p == kNoPiece || TypeOf(p) == PieceType::kKing) return false;
  // Stand an enemy piece on the square, as if it had just captured there.
  Position after = *this;
  const Color owner = ColorOf(p);
  after.RemovePiece(sq);
  after.PutPiece(sq, MakePiece(Opponent(owner), PieceType::kChariot));
  return after.LegalCapturersOf(sq, owner) != 0;
}

bool operator==(const Position& a, const Position& b) {
  return a.side_ == b.side_ &&
         std::memcmp(a.board_, b.board_, sizeof(a.board_)) == 0;
}

}  // namespace caipan::xiangqi
