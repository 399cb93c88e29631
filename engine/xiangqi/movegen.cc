// Legal move generation: pseudo-legal moves from the geometry tables, then a
// king-safety test only for the moves that can possibly expose the king.
#include <bit>

#include "engine/xiangqi/geometry.h"
#include "engine/xiangqi/position.h"

namespace caipan::xiangqi {

using geometry::kFile;
using geometry::kRank;

namespace {

// Emits steps whose target is not an own piece and whose leg/eye (if any) is
// empty.
template <int N, typename Emit>
inline void EmitSteps(const Piece* board, int from,
                      const geometry::Steps<N>& steps, Piece own_flag,
                      bool check_via, Emit& emit) {
  for (const geometry::Step& s : steps) {
    Piece target = board[s.to];
    if (target != kNoPiece && ColorFlagOf(target) == own_flag) continue;
    if (check_via && board[s.via] != kNoPiece) continue;
    emit(from, s.to);
  }
}

}  // namespace

template <typename Emit>
void Position::ForEachStepperMove(Emit&& emit) const {
  const Color us = side_;
  const Piece own_flag = ColorFlag(us);
  auto not_own = [&](int sq) {
    return board_[sq] == kNoPiece || ColorFlagOf(board_[sq]) != own_flag;
  };
  ForEachSquare(by_piece_[MakePiece(us, PieceType::kHorse)], [&](int from) {
    EmitSteps(board_, from, geometry::kHorseMoves[from], own_flag, true, emit);
  });
  ForEachSquare(by_piece_[MakePiece(us, PieceType::kElephant)], [&](int from) {
    EmitSteps(board_, from, geometry::kElephantMoves[from], own_flag, true,
              emit);
  });
  ForEachSquare(by_piece_[MakePiece(us, PieceType::kAdvisor)], [&](int from) {
    EmitSteps(board_, from, geometry::kAdvisorMoves[from], own_flag, false,
              emit);
  });
  ForEachSquare(by_piece_[MakePiece(us, PieceType::kPawn)], [&](int from) {
    EmitSteps(board_, from, geometry::kPawnMoves[Index(us)][from], own_flag,
              false, emit);
  });
  const int king = king_sq_[Index(us)];
  for (const geometry::Step& s : geometry::kKingMoves[king]) {
    if (not_own(s.to)) emit(king, s.to);
  }
}

template <typename Emit>
void Position::ForEachPseudoLegal(Emit&& emit) const {
  const Color us = side_;
  const Piece own_flag = ColorFlag(us);
  auto enemy = [&](int sq) {
    return board_[sq] != kNoPiece && ColorFlagOf(board_[sq]) != own_flag;
  };

  // Chariots and cannons: rank and file masks from the line tables.
  for (PieceType type : {PieceType::kChariot, PieceType::kCannon}) {
    const bool chariot = type == PieceType::kChariot;
    ForEachSquare(by_piece_[MakePiece(us, type)], [&](int from) {
      const int file = kFile[from], rank = kRank[from];
      const geometry::LineMasks& r =
          geometry::kRankLines[file][rank_occ_[rank]];
      const geometry::LineMasks& f =
          geometry::kFileLines[rank][file_occ_[file]];
      for (uint16_t b = r.slide; b; b &= b - 1)
        emit(from, MakeSquare(std::countr_zero(b), rank));
      for (uint16_t b = f.slide; b; b &= b - 1)
        emit(from, MakeSquare(file, std::countr_zero(b)));
      for (uint16_t b = chariot ? r.first : r.second; b; b &= b - 1) {
        int to = MakeSquare(std::countr_zero(b), rank);
        if (enemy(to)) emit(from, to);
      }
      for (uint16_t b = chariot ? f.first : f.second; b; b &= b - 1) {
        int to = MakeSquare(file, std::countr_zero(b));
        if (enemy(to)) emit(from, to);
      }
    });
  }
  ForEachStepperMove(emit);
}

void Position::GeneratePseudoLegal(MoveList* moves) const {
  ForEachPseudoLegal([moves](int from, int to) { moves->Add(from, to); });
}

Position::KingDanger Position::ComputeKingDanger() const {
  // A move can only expose the king if it leaves an orthogonal ray of the king
  // that holds an enemy chariot, cannon or king, leaves the leg point of an
  // enemy horse aimed at the king, or lands on a ray that holds an enemy cannon
  // (it may become the cannon's screen).
  const Color them = Opponent(side_);
  const int king = king_sq_[Index(side_)];
  const Bitboard cannons = by_piece_[MakePiece(them, PieceType::kCannon)];
  const Bitboard sliders = cannons |
                           by_piece_[MakePiece(them, PieceType::kChariot)] |
                           by_piece_[MakePiece(them, PieceType::kKing)];
  KingDanger danger{SquareBB(king), 0};
  for (const Bitboard ray : geometry::kRays[king]) {
    if (sliders & ray) danger.risky_from |= ray;
    if (cannons & ray) danger.risky_to |= ray;
  }
  const Piece horse = MakePiece(them, PieceType::kHorse);
  for (const geometry::Step& h : geometry::kHorseAttackers[king]) {
    if (board_[h.to] == horse) danger.risky_from |= SquareBB(h.via);
  }
  return danger;
}

Position::EvasionPoints Position::ComputeEvasionPoints() const {
  // The moving piece changes the board at two points only, so it answers a
  // checker only by capturing it, by filling a point its attack needs empty
  // (between a chariot and the king, a horse's leg, a second screen for a
  // cannon) or by leaving the one point a cannon needs filled (its screen). A
  // move that answers every checker is among those that answer one.
  const int king = king_sq_[Index(side_)];
  EvasionPoints e{SquareBB(king), 0};
  Bitboard checkers = Checkers();
  while (checkers) {
    const int checker = PopLowest(checkers);
    e.to |= SquareBB(checker);
    const PieceType type = TypeOf(board_[checker]);
    if (type == PieceType::kHorse) {
      for (const geometry::Step& h : geometry::kHorseAttackers[king]) {
        if (h.to == checker) e.to |= SquareBB(h.via);
      }
      continue;
    }
    if (type == PieceType::kPawn) continue;
    // Chariot, cannon or the facing king: the points between it and the king
    // (rays 0/1 and 2/3 point opposite ways).
    for (int d = 0; d < 4; ++d) {
      if (!Contains(geometry::kRays[king][d], checker)) continue;
      const Bitboard between =
          geometry::kRays[king][d] & geometry::kRays[checker][d ^ 1];
      e.to |= between;
      if (type == PieceType::kCannon) e.from |= between;
    }
  }
  return e;
}

template <typename Visit>
bool Position::VisitLegalMoves(Visit&& visit) const {
  MoveList pseudo;
  GeneratePseudoLegal(&pseudo);
  if (InCheck()) {
    const EvasionPoints evasions = ComputeEvasionPoints();
    for (Move m : pseudo) {
      if (MayEvade(evasions, m) && LeavesKingSafe(m) && !visit(m)) return false;
    }
    return true;
  }
  const KingDanger danger = ComputeKingDanger();
  for (Move m : pseudo) {
    const bool risky =
        Contains(danger.risky_from, m.from) || Contains(danger.risky_to, m.to);
    if ((!risky || RiskyMoveLeavesKingSafe(m)) && !visit(m)) return false;
  }
  return true;
}

void Position::GenerateLegalMoves(MoveList* moves) const {
  moves->clear();
  VisitLegalMoves([moves](Move m) {
    moves->Add(m);
    return true;
  });
}

inline Position::LineTargets Position::SliderTargets(int from,
                                                     bool chariot) const {
  const int file = kFile[from], rank = kRank[from];
  const geometry::LineMasks& r = geometry::kRankLines[file][rank_occ_[rank]];
  const geometry::LineMasks& f = geometry::kFileLines[rank][file_occ_[file]];
  const Piece own_flag = ColorFlag(side_);
  // The blockers a capture could land on, kept where an enemy stands.
  auto enemy_bits = [&](uint16_t candidates, auto square_of) {
    uint16_t enemies = 0;
    for (uint16_t b = candidates; b; b &= b - 1) {
      const Piece p = board_[square_of(std::countr_zero(b))];
      if (p != kNoPiece && ColorFlagOf(p) != own_flag) enemies |= b & -b;
    }
    return enemies;
  };
  return LineTargets{
      static_cast<uint16_t>(
          r.slide | enemy_bits(chariot ? r.first : r.second,
                               [rank](int i) { return MakeSquare(i, rank); })),
      static_cast<uint16_t>(
          f.slide | enemy_bits(chariot ? f.first : f.second,
                               [file](int i) { return MakeSquare(file, i); }))};
}

bool Position::HasLegalMove() const {
  if (!InCheck()) {
    // Out of check a chariot or cannon move away from the danger masks is
    // legal, and nearly every position has one: found without generating
    // the other moves.
    const KingDanger danger = ComputeKingDanger();
    for (PieceType type : {PieceType::kChariot, PieceType::kCannon}) {
      for (Bitboard b = by_piece_[MakePiece(side_, type)]; b;) {
        const int from = PopLowest(b);
        if (Contains(danger.risky_from, from)) continue;
        const LineTargets targets =
            SliderTargets(from, type == PieceType::kChariot);
        const int file = kFile[from], rank = kRank[from];
        for (uint16_t t = targets.rank; t; t &= t - 1) {
          if (!Contains(danger.risky_to,
                        MakeSquare(std::countr_zero(t), rank))) {
            return true;
          }
        }
        for (uint16_t t = targets.file; t; t &= t - 1) {
          if (!Contains(danger.risky_to,
                        MakeSquare(file, std::countr_zero(t)))) {
            return true;
          }
        }
      }
    }
  } else {
    // The king's own steps are few and the likeliest escape: tried before the
    // other moves are generated.
    const int king = king_sq_[Index(side_)];
    for (const geometry::Step& s : geometry::kKingMoves[king]) {
      const Piece p = board_[s.to];
      if ((p == kNoPiece || ColorOf(p) != side_) &&
          LeavesKingSafe(Move{static_cast<uint8_t>(king), s.to})) {
        return true;
      }
    }
  }
  return !VisitLegalMoves([](Move) { return false; });
}

template <typename Emit>
void Position::ForEachCheckingMove(Emit&& emit) const {
  // A move checks the other king only if it lands on the king's rank or file
  // (attacking along it, or as a cannon's new screen), lands a horse a jump
  // away, or leaves the king's lines or a horse leg next to it (uncovering an
  // attack). For a chariot or cannon away from the points it could uncover,
  // that leaves at most two targets, where its own rank and file cross the
  // king's file and rank. A piece that could uncover an attack checks from
  // every target away from the king's lines alike (the king is not attacked
  // now, so such a landing point can neither attack nor block): the first of
  // them is tested, and the answer serves the rest.
  const int king = king_sq_[Index(Opponent(side_))];
  const auto& zone = geometry::kKingZonePoints[king];
  const int king_file = kFile[king], king_rank = kRank[king];
  const Piece horse = MakePiece(side_, PieceType::kHorse);
  int vacated = kNoSquare;
  bool vacating_checks = false;
  auto visit = [&](int from, int to) {
    const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
    const bool lands_near =
        (zone[to] & geometry::kOnKingLine) != 0 ||
        ((zone[to] & geometry::kHorseJump) != 0 && board_[from] == horse);
    if (lands_near ||
        (zone[from] & (geometry::kOnKingLine | geometry::kHorseLeg)) == 0) {
      if (lands_near && CheckGivenAfter(m)) emit(from, to);
      return;
    }
    if (from != vacated) {
      vacated = from;
      vacating_checks = CheckGivenAfter(m);
    }
    if (vacating_checks) emit(from, to);
  };
  for (PieceType type : {PieceType::kChariot, PieceType::kCannon}) {
    const bool chariot = type == PieceType::kChariot;
    ForEachSquare(by_piece_[MakePiece(side_, type)], [&](int from) {
      const int file = kFile[from], rank = kRank[from];
      const LineTargets targets = SliderTargets(from, chariot);
      if ((zone[from] & (geometry::kOnKingLine | geometry::kHorseLeg)) != 0) {
        for (uint16_t b = targets.rank; b; b &= b - 1)
          visit(from, MakeSquare(std::countr_zero(b), rank));
        for (uint16_t b = targets.file; b; b &= b - 1)
          visit(from, MakeSquare(file, std::countr_zero(b)));
        return;
      }
      if ((targets.rank >> king_file) & 1) {
        visit(from, MakeSquare(king_file, rank));
      }
      if ((targets.file >> king_rank) & 1) {
        visit(from, MakeSquare(file, king_rank));
      }
    });
  }
  ForEachStepperMove(visit);
}

void Position::GenerateChecks(MoveList* moves) const {
  moves->clear();
  const bool in_check = InCheck();
  const KingDanger danger = in_check ? KingDanger{0, 0} : ComputeKingDanger();
  const EvasionPoints evasions =
      in_check ? ComputeEvasionPoints() : EvasionPoints{0, 0};
  ForEachCheckingMove([&](int from, int to) {
    const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
    const bool legal = in_check ? MayEvade(evasions, m) && LeavesKingSafe(m)
                                : (!Contains(danger.risky_from, from) &&
                                   !Contains(danger.risky_to, to)) ||
                                      RiskyMoveLeavesKingSafe(m);
    if (legal) moves->Add(m);
  });
}

int Position::CountLegalMoves() const {
  int count = 0;
  if (InCheck()) {
    MoveList pseudo;
    GeneratePseudoLegal(&pseudo);
    const EvasionPoints evasions = ComputeEvasionPoints();
    for (Move m : pseudo) count += MayEvade(evasions, m) && LeavesKingSafe(m);
    return count;
  }
  // Bulk counting: no move list; the safety test only where the danger masks
  // say; a chariot or cannon away from them is counted a whole line at a time.
  const KingDanger danger = ComputeKingDanger();
  auto count_move = [&](int from, int to) {
    const bool risky =
        Contains(danger.risky_from, from) || Contains(danger.risky_to, to);
    count += !risky || RiskyMoveLeavesKingSafe(Move{static_cast<uint8_t>(from),
                                                    static_cast<uint8_t>(to)});
  };
  for (PieceType type : {PieceType::kChariot, PieceType::kCannon}) {
    const bool chariot = type == PieceType::kChariot;
    ForEachSquare(by_piece_[MakePiece(side_, type)], [&](int from) {
      const int file = kFile[from], rank = kRank[from];
      auto on_rank = [rank](int f) { return MakeSquare(f, rank); };
      auto on_file = [file](int r) { return MakeSquare(file, r); };
      const LineTargets targets = SliderTargets(from, chariot);
      const uint16_t rank_targets = targets.rank, file_targets = targets.file;
      if (Contains(danger.risky_from, from)) {
        for (uint16_t b = rank_targets; b; b &= b - 1) {
          count_move(from, on_rank(std::countr_zero(b)));
        }
        for (uint16_t b = file_targets; b; b &= b - 1) {
          count_move(from, on_file(std::countr_zero(b)));
        }
        return;
      }
      // Targets on the king's lines next to an enemy cannon need the test.
      uint16_t rank_risky = 0, file_risky = 0;
      if (danger.risky_to) {
        for (int i = 0; i < kFiles; ++i) {
          rank_risky |= Contains(danger.risky_to, on_rank(i)) << i;
        }
        for (int i = 0; i < kRanks; ++i) {
          file_risky |= Contains(danger.risky_to, on_file(i)) << i;
        }
      }
      count +=
          std::popcount(static_cast<uint16_t>(rank_targets & ~rank_risky)) +
          std::popcount(static_cast<uint16_t>(file_targets & ~file_risky));
      for (uint16_t b = rank_targets & rank_risky; b; b &= b - 1) {
        count += RiskyMoveLeavesKingSafe(
            Move{static_cast<uint8_t>(from),
                 static_cast<uint8_t>(on_rank(std::countr_zero(b)))});
      }
      for (uint16_t b = file_targets & file_risky; b; b &= b - 1) {
        count += RiskyMoveLeavesKingSafe(
            Move{static_cast<uint8_t>(from),
                 static_cast<uint8_t>(on_file(std::countr_zero(b)))});
      }
    });
  }
  ForEachStepperMove(count_move);
  return count;
}

GameState Position::State() const {
  const bool check = InCheck();
  if (!HasLegalMove())
    return check ? GameState::kCheckmate : GameState::kStalemate;
  return check ? GameState::kCheck : GameState::kNormal;
}

uint64_t Perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return static_cast<uint64_t>(pos.CountLegalMoves());
  MoveList moves;
  pos.GenerateLegalMoves(&moves);
  uint64_t nodes = 0;
  for (Move m : moves) {
    Position::Undo undo = pos.MakeMove(m);
    nodes += Perft(pos, depth - 1);
    pos.UnmakeMove(m, undo);
  }
  return nodes;
}

}  // namespace caipan::xiangqi
