// Position::CheckInvariants: every redundant part of the representation agrees
// with the mailbox (in the spirit of a chess engine's "position is ok" check).
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/xiangqi/geometry.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/zobrist.h"

namespace caipan::xiangqi {

absl::Status Position::CheckInvariants() const {
  auto broken = [](auto&&... what) {
    return absl::InternalError(absl::StrCat("position invariant: ", what...));
  };
  Bitboard by_piece[kPieceCodeCount] = {};
  Bitboard by_color[2] = {};
  uint16_t rank_words[kRanks] = {};
  uint16_t file_words[kFiles] = {};
  int kings[2] = {kNoSquare, kNoSquare};
  uint64_t hash = side_ == Color::kBlack ? zobrist::kKeys.black_to_move : 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    const Piece p = board_[sq];
    if (p == kNoPiece) continue;
    if (p >= kPieceCodeCount || (p & 7) == 0 || (p & 7) > kPieceTypeCount) {
      return broken("piece code ", p, " on ", SquareName(sq));
    }
    by_piece[p] |= SquareBB(sq);
    by_color[Index(ColorOf(p))] |= SquareBB(sq);
    rank_words[geometry::kRank[sq]] |= 1 << geometry::kFile[sq];
    file_words[geometry::kFile[sq]] |= 1 << geometry::kRank[sq];
    hash ^= zobrist::kKeys.piece[p][sq];
    if (TypeOf(p) == PieceType::kKing) {
      if (kings[Index(ColorOf(p))] != kNoSquare) return broken("two kings");
      kings[Index(ColorOf(p))] = sq;
    }
  }
  for (int p = 0; p < kPieceCodeCount; ++p) {
    if (by_piece[p] != by_piece_[p]) {
      return broken("bitboard of piece code ", p, " differs from the board");
    }
  }
  for (int c = 0; c < 2; ++c) {
    if (by_color[c] != by_color_[c]) {
      return broken("colour bitboard ", c, " differs from the board");
    }
    if (kings[c] != king_sq_[c]) {
      return broken("king square ", c, " is ", king_sq_[c], ", board says ",
                    kings[c]);
    }
  }
  for (int r = 0; r < kRanks; ++r) {
    if (rank_words[r] != rank_occ_[r]) return broken("rank word ", r);
  }
  for (int f = 0; f < kFiles; ++f) {
    if (file_words[f] != file_occ_[f]) return broken("file word ", f);
  }
  if (hash != hash_) return broken("hash differs from the recomputed one");
  // The placement rules a FEN must obey also hold after every legal move.
  return Validate();
}

}  // namespace caipan::xiangqi
