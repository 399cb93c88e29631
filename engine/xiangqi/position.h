// A xiangqi position: placement, side to move, Zobrist hash; FEN I/O, legal
// moves, make/unmake and the attack queries the repetition rules need.
#ifndef CAIPAN_ENGINE_XIANGQI_POSITION_H_
#define CAIPAN_ENGINE_XIANGQI_POSITION_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/xiangqi/bitboard.h"
#include "engine/xiangqi/move_list.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

inline constexpr std::string_view kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

// What the side to move faces. Checkmate and stalemate both lose for the side
// to move.
enum class GameState { kNormal, kCheck, kCheckmate, kStalemate };
const char* GameStateName(
    GameState s);  // "normal", "check", "checkmate", "stalemate"

// A value type, cheap to copy (480 bytes). Some const queries (move
// generation, legality, pins) play a move on the board and take it back, so one
// object must not be used from two threads at once; copy it instead.
class Position {
 public:
  // What MakeMove needs to undo a move.
  struct Undo {
    Piece captured = kNoPiece;
    uint64_t hash = 0;
    int halfmove_clock = 0;
  };

  // The standard start position.
  static Position Start();
  // Parses and validates a FEN (see rules digest): the error names the FEN
  // field at fault. "startpos" is accepted as the start position.
  static absl::StatusOr<Position> FromFen(std::string_view fen);
  std::string ToFen() const;

  Piece PieceAt(int sq) const { return board_[sq]; }
  Color SideToMove() const { return side_; }
  // Zobrist hash of placement and side to move (not the move counters).
  uint64_t Hash() const { return hash_; }
  Bitboard Occupied() const { return occupied_; }
  Bitboard Pieces(Color c) const { return by_color_[Index(c)]; }
  Bitboard Pieces(Color c, PieceType t) const {
    return by_piece_[MakePiece(c, t)];
  }
  int KingSquare(Color c) const { return king_sq_[Index(c)]; }
  // FEN move counters, carried along (the rules engine does not use them).
  int HalfmoveClock() const { return halfmove_clock_; }
  int FullmoveNumber() const { return fullmove_number_; }

  // --- Moves
  // -------------------------------------------------------------------------------
  // All legal moves of the side to move (generation order, not sorted).
  void GenerateLegalMoves(MoveList* moves) const;
  // Same count as GenerateLegalMoves(...).size(), without keeping the list.
  int CountLegalMoves() const;
  // Whether `m` follows the moving piece's rules (the side to move's piece,
  // target not its own, path/leg/eye/screen as the piece needs), ignoring
  // own-king safety. Reads only the move's own points: much cheaper than
  // generating every move.
  bool IsPseudoLegal(Move m) const;
  bool IsLegal(Move m) const { return IsPseudoLegal(m) && LeavesKingSafe(m); }
  // OK if `m` is legal, else InvalidArgument saying why (no piece, wrong side,
  // how the piece moves, blocked leg/eye, own king left in check, kings facing,
  // ...).
  absl::Status CheckLegal(Move m) const;
  bool InCheck() const { return IsKingExposed(side_); }
  GameState State() const;

  // Plays a legal move (behaviour is undefined for an illegal one: check
  // first).
  Undo MakeMove(Move m);
  void UnmakeMove(Move m, const Undo& undo);
  // Passes the turn (analysis only: "what would this side threaten if it moved
  // again").
  void MakeNullMove();
  void UnmakeNullMove() { MakeNullMove(); }

  // --- Attack queries
  // ----------------------------------------------------------------------
  // Pieces of `by` that attack `sq` under the piece rules at the current
  // occupancy (the square's content is ignored; own-king safety is not
  // considered). The kings' facing attack is included when `sq` holds the other
  // king.
  Bitboard AttackersOf(int sq, Color by) const;
  bool IsAttacked(int sq, Color by) const { return AttackersOf(sq, by) != 0; }
  // Pieces giving check to the side to move.
  Bitboard Checkers() const {
    return AttackersOf(king_sq_[Index(side_)], Opponent(side_));
  }
  // Pieces of `c` that cannot leave their square without exposing c's king to
  // attack (chariot/cannon lines incl. cannon screens, horse legs, the kings'
  // file).
  Bitboard PinnedPieces(Color c) const;
  // Pieces of `by` that could legally capture on `sq` if it were `by`'s move
  // (the square must hold a piece of the other colour).
  Bitboard LegalCapturersOf(int sq, Color by) const;
  // Whether the piece on `sq` is protected: a piece of its own side could
  // legally recapture on `sq` after an enemy piece captured it there.
  bool IsProtected(int sq) const;

  friend bool operator==(const Position& a, const Position& b);

 private:
  void Clear();
  void PutPiece(int sq, Piece p);
  void RemovePiece(int sq);
  absl::Status Validate() const;
  // True if c's king is attacked (including by the facing king).
  bool IsKingExposed(Color c) const;
  void GeneratePseudoLegal(MoveList* moves) const;
  // Calls emit(from, to) for every pseudo-legal move (defined in movegen.cc).
  template <typename Emit>
  void ForEachPseudoLegal(Emit&& emit) const;
  // The same for the horses, elephants, advisors, pawns and the king only.
  template <typename Emit>
  void ForEachStepperMove(Emit&& emit) const;
  // Points from which, or to which, a move might expose the side to move's
  // king; every other move is legal when the king is not in check (see
  // movegen.cc).
  struct KingDanger {
    Bitboard risky_from;
    Bitboard risky_to;
  };
  KingDanger ComputeKingDanger() const;
  // Whether a pseudo-legal move leaves the mover's king safe. Temporarily
  // changes the board and restores it, so a Position must not be read from two
  // threads while generating.
  bool LeavesKingSafe(Move m) const;

  Piece board_[kSquares];
  Bitboard by_piece_[kPieceCodeCount];
  Bitboard by_color_[2];
  Bitboard occupied_;
  uint16_t rank_occ_[kRanks];  // bit f set: (file f, this rank) occupied
  uint16_t file_occ_[kFiles];  // bit r set: (this file, rank r) occupied
  int king_sq_[2];
  Color side_;
  uint64_t hash_;
  int halfmove_clock_;
  int fullmove_number_;
};

// Number of leaf nodes of the legal move tree of the given depth (bulk counted
// at depth 1).
uint64_t Perft(Position& pos, int depth);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_POSITION_H_
