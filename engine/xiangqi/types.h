// Basic xiangqi vocabulary: colours, piece types, pieces, squares and moves.
#ifndef CAIPAN_ENGINE_XIANGQI_TYPES_H_
#define CAIPAN_ENGINE_XIANGQI_TYPES_H_

#include <cstdint>
#include <string>

namespace caipan::xiangqi {

enum class Color : uint8_t { kRed = 0, kBlack = 1 };
constexpr Color Opponent(Color c) {
  return c == Color::kRed ? Color::kBlack : Color::kRed;
}
constexpr int Index(Color c) { return static_cast<int>(c); }

enum class PieceType : uint8_t {
  kKing = 0,
  kAdvisor = 1,
  kElephant = 2,
  kHorse = 3,
  kChariot = 4,
  kCannon = 5,
  kPawn = 6,
};
constexpr int kPieceTypeCount = 7;
constexpr int Index(PieceType t) { return static_cast<int>(t); }

// A piece code: 0 is empty; red pieces are 1..7, black pieces 9..15 (the
// colour flag, bit 3, set).
using Piece = uint8_t;
constexpr Piece kNoPiece = 0;
constexpr Piece kBlackFlag = 8;
// The colour flag of a colour's pieces, and of a piece: comparing flags tells
// "same side" without branching on the colour.
constexpr Piece ColorFlag(Color c) {
  return c == Color::kBlack ? kBlackFlag : 0;
}
constexpr Piece ColorFlagOf(Piece p) { return p & kBlackFlag; }
constexpr Piece MakePiece(Color c, PieceType t) {
  return static_cast<Piece>(1 + Index(t) + ColorFlag(c));
}
constexpr Color ColorOf(Piece p) {
  return ColorFlagOf(p) ? Color::kBlack : Color::kRed;
}
constexpr PieceType TypeOf(Piece p) {
  return static_cast<PieceType>((p & 7) - 1);
}
constexpr int kPieceCodeCount = 16;

// FEN letter of a piece: upper case red, lower case black (K A B N R C P).
char PieceToFenChar(Piece p);

// Squares: 0..89, square = rank * 9 + file. File 0 = 'a' (Red's left), rank 0 =
// Red's back rank.
constexpr int kFiles = 9;
constexpr int kRanks = 10;
constexpr int kSquares = 90;
constexpr int kNoSquare = -1;
constexpr int MakeSquare(int file, int rank) { return rank * kFiles + file; }
constexpr int FileOf(int sq) { return sq % kFiles; }
constexpr int RankOf(int sq) { return sq / kFiles; }
// "e0"-style ICCS name of a square.
std::string SquareName(int sq);

// True if the square is on the given side's half of the board (Red: ranks 0-4).
constexpr bool OnOwnSide(Color c, int sq) {
  return c == Color::kRed ? RankOf(sq) <= 4 : RankOf(sq) >= 5;
}

// A move is a from/to pair; captures are implied by the position.
struct Move {
  uint8_t from = 0;
  uint8_t to = 0;
  friend bool operator==(Move a, Move b) = default;
};

// ICCS text of a move, e.g. "h2e2".
std::string ToIccs(Move m);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_TYPES_H_
