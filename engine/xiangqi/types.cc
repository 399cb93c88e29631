#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

char PieceToFenChar(Piece p) {
  static constexpr char kRedLetters[] = "KABNRCP";
  if (p == kNoPiece) return '.';
  char c = kRedLetters[Index(TypeOf(p))];
  return ColorOf(p) == Color::kRed ? c : static_cast<char>(c - 'A' + 'a');
}

std::string SquareName(int sq) {
  if (sq < 0 || sq >= kSquares) return "??";
  return std::string{static_cast<char>('a' + FileOf(sq)),
                     static_cast<char>('0' + RankOf(sq))};
}

std::string ToIccs(Move m) { return SquareName(m.from) + SquareName(m.to); }

}  // namespace caipan::xiangqi
