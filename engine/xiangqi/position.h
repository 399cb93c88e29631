// A xiangqi position: placement, side to move, Zobrist hash; FEN I/O, legal
// moves, make/unmake and the attack queries the repetition rules need.
//
// Example:
//   absl::StatusOr<Position> pos = Position::FromFen("startpos");
//   if (!pos.ok()) return pos.status();
//   MoveList moves;
//   pos->GenerateLegalMoves(&moves);  // 44 at the start
//   const Move m = moves[0];
//   if (pos->IsLegal(m)) {
//     Position::Undo undo = pos->MakeMove(m);
//     bool check = pos->InCheck();
//     pos->UnmakeMove(m, undo);
//   }
#ifndef CAIPAN_ENGINE_XIANGQI_POSITION_H_
#define CAIPAN_ENGINE_XIANGQI_POSITION_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/common/debug_check.h"
#include "engine/xiangqi/attacks.h"
#include "engine/xiangqi/bitboard.h"
#include "engine/xiangqi/move_list.h"
#include "engine/xiangqi/types.h"
#include "engine/xiangqi/zobrist.h"

namespace caipan::xiangqi {

inline constexpr std::string_view kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

// What the side to move faces. Checkmate and stalemate both lose for the side
// to move.
enum class GameState { kNormal, kCheck, kCheckmate, kStalemate };
// "normal", "check", "checkmate", "stalemate".
const char* GameStateName(GameState s);

// A value type, cheap to copy (480 bytes). Every const method is truly const:
// one position can be read from many threads at once.
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
  // field at fault. "startpos" is accepted as the start position. An empty
  // holdings bracket after the placement (`…/RNBAKABNR[] w`, as engines for
  // many variants write it) is read leniently: ignored, with a line in
  // `*warnings` when given. A bracket holding pieces is an error.
  static absl::StatusOr<Position> FromFen(
      std::string_view fen, std::vector<std::string>* warnings = nullptr);
  std::string ToFen() const;

  Piece PieceAt(int sq) const { return board_[sq]; }
  Color SideToMove() const { return side_; }
  // Zobrist hash of placement and side to move (not the move counters).
  uint64_t Hash() const { return hash_; }
  Bitboard Occupied() const { return by_color_[0] | by_color_[1]; }
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
  // Whether the side to move has a legal move (stops at the first found).
  bool HasLegalMove() const;
  // The legal moves that give check, each once, in no promised order (the
  // mate searches' candidates: the checks are found without enumerating the
  // other moves, and only they are tested for legality).
  void GenerateChecks(MoveList* moves) const;
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
  // Whether legal move `m` would check the other king (asked of the board it
  // would leave; nothing is played). Relies on the other king not being in
  // check now, which holds in every valid position.
  bool GivesCheck(Move m) const {
    // Most moves come nowhere near the other king: two mask tests.
    return attacks::TouchesKingLines(king_sq_[Index(Opponent(side_))], m) &&
           CheckGivenAfter(m);
  }
  GameState State() const;

  // Plays a legal move. An illegal one is a programming error: debug-check
  // builds abort on it, release builds leave the position unspecified.
  Undo MakeMove(Move m);
  void UnmakeMove(Move m, const Undo& undo);
  // Passes the turn (analysis only: "what would this side threaten if it moved
  // again").
  void MakeNullMove();
  void UnmakeNullMove() { MakeNullMove(); }

  // --- Attack queries
  // ----------------------------------------------------------------------
  // The board as the attack model reads it (see attacks.h).
  BoardView View() const {
    return BoardView(board_, rank_occ_, file_occ_, by_piece_);
  }
  // Pieces of `by` that attack `sq` under the piece rules at the current
  // occupancy (the square's content is ignored; own-king safety is not
  // considered). The kings' facing attack is included when `sq` holds the other
  // king.
  Bitboard AttackersOf(int sq, Color by) const;
  bool IsAttacked(int sq, Color by) const { return AttackersOf(sq, by) != 0; }
  // Pieces giving check to the side to move.
  Bitboard Checkers() const {
    return attacks::Attackers<attacks::Query::kCheckers>(
        View(), king_sq_[Index(side_)], Opponent(side_));
  }
  // Pieces of `by` that could legally capture on `sq` if it were `by`'s move
  // (the square must hold a piece of the other colour).
  Bitboard LegalCapturersOf(int sq, Color by) const;
  // Whether a pseudo-legal move of the side to move leaves its own king
  // unattacked (and not facing the other king). Asked of the board the move
  // would leave; nothing is played.
  bool LeavesKingSafe(Move m) const { return KingSafeAfter(side_, m); }
  // The same, for a side to move known not to be in check: then only the
  // king's rank or file that the move touches, or a horse leg it frees, can
  // expose the king, and only those are looked at (most moves cost a few
  // comparisons).
  bool LeavesKingSafeWhenNotInCheck(Move m) const {
    // A king's step lands on its own rank or file, so it passes the gate.
    return !attacks::TouchesKingLines(king_sq_[Index(side_)], m) ||
           RiskyMoveLeavesKingSafe(m);
  }

  // OK if the representation is consistent: the mailbox, the piece and colour
  // bitboards and the rank and file words agree, each side has one king on its
  // recorded square, the hash equals the one recomputed from scratch, and the
  // placement obeys the FEN rules. Checked after every move in debug-check
  // builds (engine/common/debug_check.h).
  absl::Status CheckInvariants() const;

  friend bool operator==(const Position& a, const Position& b);

 private:
  void Clear();
  void PutPiece(int sq, Piece p);
  void RemovePiece(int sq);
  // Moves `moving` from m.from to m.to in the mailbox, the bitboards, the king
  // square and m.from's occupancy words; m.to's occupancy words, whatever
  // stood on m.to and the hash are the caller's (MakeMove, UnmakeMove).
  void ShiftPiece(Move m, Piece moving);
  absl::Status Validate() const;
  // True if c's king is attacked (including by the facing king).
  bool IsKingExposed(Color c) const;
  void GeneratePseudoLegal(MoveList* moves) const;
  // Calls visit(m) for each legal move in generation order while it returns
  // true; false if a visit stopped it (defined in movegen.cc).
  template <typename Visit>
  bool VisitLegalMoves(Visit&& visit) const;
  // Calls emit(from, to) for every pseudo-legal move (defined in movegen.cc).
  template <typename Emit>
  void ForEachPseudoLegal(Emit&& emit) const;
  // Calls emit(from, to) for every pseudo-legal move that gives check
  // (defined in movegen.cc).
  template <typename Emit>
  void ForEachCheckingMove(Emit&& emit) const;
  // Where a chariot or cannon of the side to move on `from` can go: empty
  // points it slides to and enemy pieces it can take, as bits by file along
  // its rank and by rank along its file.
  struct LineTargets {
    uint16_t rank;
    uint16_t file;
  };
  LineTargets SliderTargets(int from, bool chariot) const;
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
  // With the side to move in check: a move can only answer it if it leaves a
  // point of `from` (the king's, a cannon screen's) or lands on a point of
  // `to` (a checker's, one between a checking chariot or cannon and the king, a
  // checking horse's leg); every other move is illegal (see movegen.cc).
  struct EvasionPoints {
    Bitboard from;
    Bitboard to;
  };
  EvasionPoints ComputeEvasionPoints() const;
  // Whether pseudo-legal `m` may answer the check (see EvasionPoints).
  static bool MayEvade(const EvasionPoints& e, Move m) {
    return Contains(e.from, m.from) || Contains(e.to, m.to);
  }
  // Whether c's king is safe on the board pseudo-legal move `m` of c's would
  // leave.
  bool KingSafeAfter(Color c, Move m) const;
  // The full tests behind GivesCheck and LeavesKingSafeWhenNotInCheck, for a
  // move that touches the king's lines (see attacks::KingAttackedAfterMove).
  bool CheckGivenAfter(Move m) const;
  bool KingExposedAfter(Move m) const;
  // LeavesKingSafeWhenNotInCheck for a move already known to touch the king's
  // lines (or to be the king's): the move generator's danger masks say so.
  bool RiskyMoveLeavesKingSafe(Move m) const {
    return m.from == king_sq_[Index(side_)] ? LeavesKingSafe(m)
                                            : !KingExposedAfter(m);
  }

  Piece board_[kSquares];
  Bitboard by_piece_[kPieceCodeCount];
  Bitboard by_color_[2];
  // Occupancy words: bit f of rank_occ_[r] and bit r of file_occ_[f] are set
  // when (file f, rank r) is occupied. The line tables are indexed by them.
  uint16_t rank_occ_[kRanks];
  uint16_t file_occ_[kFiles];
  int king_sq_[2];
  Color side_;
  uint64_t hash_;
  int halfmove_clock_;
  int fullmove_number_;
};

// Inline: the adjudicator asks it of every move it is given.
inline bool Position::IsPseudoLegal(Move m) const {
  if (m.from >= kSquares || m.to >= kSquares || m.from == m.to) return false;
  const Piece p = board_[m.from];
  if (p == kNoPiece || ColorOf(p) != side_) return false;
  const Piece target = board_[m.to];
  if (target != kNoPiece && ColorOf(target) == side_) return false;
  const PieceType type = TypeOf(p);
  if (type != PieceType::kChariot && type != PieceType::kCannon) {
    // Steppers: one of the piece's steps, with its leg or eye empty.
    const geometry::StepRule& rule = geometry::kStepRules[m.from][m.to];
    return (rule.pieces & geometry::StepperBit(p)) != 0 &&
           (rule.via == geometry::StepRule::kNoVia ||
            board_[rule.via] == kNoPiece);
  }
  const int file = geometry::kFile[m.from], rank = geometry::kRank[m.from];
  geometry::LineMasks line;
  int bit;
  if (geometry::kRank[m.to] == rank) {
    line = geometry::kRankLines[file][rank_occ_[rank]];
    bit = geometry::kFile[m.to];
  } else if (geometry::kFile[m.to] == file) {
    line = geometry::kFileLines[rank][file_occ_[file]];
    bit = geometry::kRank[m.to];
  } else {
    return false;
  }
  const bool chariot = type == PieceType::kChariot;
  const uint16_t reach =
      target == kNoPiece ? line.slide : (chariot ? line.first : line.second);
  return (reach >> bit) & 1;
}

// Make and unmake are inline: every adjudicated ply, every node of a search and
// every perft node runs them, and most callers only need a few of the values
// they touch.
inline void Position::ShiftPiece(Move m, Piece moving) {
  const Bitboard both = SquareBB(m.from) | SquareBB(m.to);
  by_piece_[moving] ^= both;
  by_color_[Index(ColorOf(moving))] ^= both;
  board_[m.from] = kNoPiece;
  board_[m.to] = moving;
  rank_occ_[geometry::kRank[m.from]] &= ~(1 << geometry::kFile[m.from]);
  file_occ_[geometry::kFile[m.from]] &= ~(1 << geometry::kRank[m.from]);
  if (TypeOf(moving) == PieceType::kKing) {
    king_sq_[Index(ColorOf(moving))] = m.to;
  }
}

inline Position::Undo Position::MakeMove(Move m) {
  CAIPAN_DCHECK(IsLegal(m));
  const Undo undo{board_[m.to], hash_, halfmove_clock_};
  const Piece moving = board_[m.from];
  uint64_t hash = hash_ ^ zobrist::kKeys.piece[moving][m.from] ^
                  zobrist::kKeys.piece[moving][m.to] ^
                  zobrist::kKeys.black_to_move;
  if (undo.captured != kNoPiece) {
    by_piece_[undo.captured] ^= SquareBB(m.to);
    by_color_[Index(ColorOf(undo.captured))] ^= SquareBB(m.to);
    hash ^= zobrist::kKeys.piece[undo.captured][m.to];
    halfmove_clock_ = 0;
  } else {
    rank_occ_[geometry::kRank[m.to]] |= 1 << geometry::kFile[m.to];
    file_occ_[geometry::kFile[m.to]] |= 1 << geometry::kRank[m.to];
    ++halfmove_clock_;
  }
  ShiftPiece(m, moving);
  hash_ = hash;
  if (side_ == Color::kBlack) ++fullmove_number_;
  side_ = Opponent(side_);
  CAIPAN_DCHECK(CheckInvariants().ok());
  return undo;
}

inline void Position::UnmakeMove(Move m, const Undo& undo) {
  side_ = Opponent(side_);
  if (side_ == Color::kBlack) --fullmove_number_;
  ShiftPiece(Move{m.to, m.from}, board_[m.to]);
  rank_occ_[geometry::kRank[m.from]] |= 1 << geometry::kFile[m.from];
  file_occ_[geometry::kFile[m.from]] |= 1 << geometry::kRank[m.from];
  if (undo.captured != kNoPiece) {
    board_[m.to] = undo.captured;
    by_piece_[undo.captured] ^= SquareBB(m.to);
    by_color_[Index(ColorOf(undo.captured))] ^= SquareBB(m.to);
    rank_occ_[geometry::kRank[m.to]] |= 1 << geometry::kFile[m.to];
    file_occ_[geometry::kFile[m.to]] |= 1 << geometry::kRank[m.to];
  }
  hash_ = undo.hash;
  halfmove_clock_ = undo.halfmove_clock;
  CAIPAN_DCHECK(CheckInvariants().ok());
}

// Number of leaf nodes of the legal move tree of the given depth (bulk counted
// at depth 1).
uint64_t Perft(Position& pos, int depth);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_POSITION_H_
