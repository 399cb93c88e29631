// Compile-time tables of board geometry: where each piece type can step from
// each point, the slide/first/second-blocker masks of a rank or file for every
// occupancy, the orthogonal rays and the masks around a king. Every attack
// question in the engine is answered from these tables (see attacks.h).
#ifndef CAIPAN_ENGINE_XIANGQI_GEOMETRY_H_
#define CAIPAN_ENGINE_XIANGQI_GEOMETRY_H_

#include <array>
#include <cstdint>

#include "engine/xiangqi/bitboard.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi::geometry {

constexpr std::array<uint8_t, kSquares> kFile = [] {
  std::array<uint8_t, kSquares> a{};
  for (int s = 0; s < kSquares; ++s) a[s] = static_cast<uint8_t>(s % kFiles);
  return a;
}();
constexpr std::array<uint8_t, kSquares> kRank = [] {
  std::array<uint8_t, kSquares> a{};
  for (int s = 0; s < kSquares; ++s) a[s] = static_cast<uint8_t>(s / kFiles);
  return a;
}();

constexpr bool OnBoard(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}
constexpr bool InPalace(int file, int rank) {
  return file >= 3 && file <= 5 && rank >= 0 && rank < kRanks &&
         (rank <= 2 || rank >= 7);
}
constexpr bool SameHalf(int rank_a, int rank_b) {
  return (rank_a <= 4) == (rank_b <= 4);
}

// A step to `to` that is blocked when `via` (horse leg or elephant eye) is
// occupied. For unconditional steps via == to.
struct Step {
  uint8_t to;
  uint8_t via;
};
template <int N>
struct Steps {
  std::array<Step, N> step{};
  uint8_t count = 0;
  constexpr void Add(int to, int via) {
    step[count++] = Step{static_cast<uint8_t>(to), static_cast<uint8_t>(via)};
  }
  constexpr const Step* begin() const { return step.data(); }
  constexpr const Step* end() const { return step.data() + count; }
};

// Horse moves from a point: target and leg.
constexpr std::array<Steps<8>, kSquares> kHorseMoves = [] {
  std::array<Steps<8>, kSquares> t{};
  constexpr int kDeltas[8][2] = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2},
                                 {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
  for (int s = 0; s < kSquares; ++s) {
    int f = s % kFiles, r = s / kFiles;
    for (const auto& d : kDeltas) {
      if (!OnBoard(f + d[0], r + d[1])) continue;
      // The leg is the orthogonal neighbour in the direction of the long
      // component.
      int leg_f = f + (d[0] == 2 ? 1 : d[0] == -2 ? -1 : 0);
      int leg_r = r + (d[1] == 2 ? 1 : d[1] == -2 ? -1 : 0);
      t[s].Add(MakeSquare(f + d[0], r + d[1]), MakeSquare(leg_f, leg_r));
    }
  }
  return t;
}();

// Horses that attack a point: the horse's point and its leg.
constexpr std::array<Steps<8>, kSquares> kHorseAttackers = [] {
  std::array<Steps<8>, kSquares> t{};
  for (int s = 0; s < kSquares; ++s) {
    for (const Step& m : kHorseMoves[s]) t[m.to].Add(s, m.via);
  }
  return t;
}();

// Elephant moves (same half of the board only): target and eye. Symmetric, so
// it also lists the elephants that attack a point.
constexpr std::array<Steps<4>, kSquares> kElephantMoves = [] {
  std::array<Steps<4>, kSquares> t{};
  for (int s = 0; s < kSquares; ++s) {
    int f = s % kFiles, r = s / kFiles;
    for (int df : {-2, 2}) {
      for (int dr : {-2, 2}) {
        if (!OnBoard(f + df, r + dr) || !SameHalf(r, r + dr)) continue;
        t[s].Add(MakeSquare(f + df, r + dr),
                 MakeSquare(f + df / 2, r + dr / 2));
      }
    }
  }
  return t;
}();

// Advisor steps inside the palace (symmetric).
constexpr std::array<Steps<4>, kSquares> kAdvisorMoves = [] {
  std::array<Steps<4>, kSquares> t{};
  for (int s = 0; s < kSquares; ++s) {
    int f = s % kFiles, r = s / kFiles;
    if (!InPalace(f, r)) continue;
    for (int df : {-1, 1}) {
      for (int dr : {-1, 1}) {
        if (InPalace(f + df, r + dr) && SameHalf(r, r + dr)) {
          t[s].Add(MakeSquare(f + df, r + dr), MakeSquare(f + df, r + dr));
        }
      }
    }
  }
  return t;
}();

// King steps inside the palace (symmetric).
constexpr std::array<Steps<4>, kSquares> kKingMoves = [] {
  std::array<Steps<4>, kSquares> t{};
  constexpr int kDeltas[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (int s = 0; s < kSquares; ++s) {
    int f = s % kFiles, r = s / kFiles;
    if (!InPalace(f, r)) continue;
    for (const auto& d : kDeltas) {
      if (InPalace(f + d[0], r + d[1]) && SameHalf(r, r + d[1])) {
        int to = MakeSquare(f + d[0], r + d[1]);
        t[s].Add(to, to);
      }
    }
  }
  return t;
}();

// Pawn steps by colour: forward, and sideways once across the river.
constexpr std::array<std::array<Steps<3>, kSquares>, 2> kPawnMoves = [] {
  std::array<std::array<Steps<3>, kSquares>, 2> t{};
  for (int c = 0; c < 2; ++c) {
    int forward = c == 0 ? 1 : -1;
    for (int s = 0; s < kSquares; ++s) {
      int f = s % kFiles, r = s / kFiles;
      bool crossed = c == 0 ? r >= 5 : r <= 4;
      auto add = [&](int nf, int nr) {
        if (OnBoard(nf, nr))
          t[c][s].Add(MakeSquare(nf, nr), MakeSquare(nf, nr));
      };
      add(f, r + forward);
      if (crossed) {
        add(f - 1, r);
        add(f + 1, r);
      }
    }
  }
  return t;
}();

// Pawns of a colour that attack a point.
constexpr std::array<std::array<Steps<3>, kSquares>, 2> kPawnAttackers = [] {
  std::array<std::array<Steps<3>, kSquares>, 2> t{};
  for (int c = 0; c < 2; ++c) {
    for (int s = 0; s < kSquares; ++s) {
      for (const Step& m : kPawnMoves[c][s]) t[c][m.to].Add(s, s);
    }
  }
  return t;
}();

// For every (from, to) pair, which stepping pieces may make that step and the
// point that must then be empty (a horse's leg or an elephant's eye). A pair
// belongs to at most one kind of step (orthogonal, diagonal, double diagonal,
// jump), so one leg point is enough. Lets a single move be checked with one
// lookup instead of a search through the piece's steps.
struct StepRule {
  static constexpr uint8_t kNoVia = 0xff;
  // Bits of StepperBit(piece) for the pieces that may step from -> to.
  uint8_t pieces;
  // The point that must be empty, or kNoVia.
  uint8_t via;
};
// The StepRule bit of each piece code: one per stepping type, and one per
// colour for pawns (their steps depend on the side); 0 for chariots, cannons
// and the empty code.
inline constexpr std::array<uint8_t, kPieceCodeCount> kStepperBits = [] {
  std::array<uint8_t, kPieceCodeCount> bits{};
  for (Color c : {Color::kRed, Color::kBlack}) {
    for (PieceType type : {PieceType::kKing, PieceType::kAdvisor,
                           PieceType::kElephant, PieceType::kHorse}) {
      bits[MakePiece(c, type)] = static_cast<uint8_t>(1 << Index(type));
    }
    bits[MakePiece(c, PieceType::kPawn)] = c == Color::kRed ? 0x10 : 0x20;
  }
  return bits;
}();
constexpr uint8_t StepperBit(Piece p) { return kStepperBits[p]; }
inline constexpr auto kStepRules = [] {
  std::array<std::array<StepRule, kSquares>, kSquares> t{};
  for (auto& row : t) row.fill(StepRule{0, StepRule::kNoVia});
  // `bits`: the StepperBit of the pieces with these steps; `leg`: whether a
  // step's via point must be empty.
  auto add = [&t](int from, const auto& steps, uint8_t bits, bool leg) {
    for (const Step& s : steps) {
      t[from][s.to].pieces |= bits;
      if (leg) t[from][s.to].via = s.via;
    }
  };
  auto bits_of = [](PieceType type) {
    return kStepperBits[MakePiece(Color::kRed, type)];
  };
  for (int s = 0; s < kSquares; ++s) {
    add(s, kKingMoves[s], bits_of(PieceType::kKing), false);
    add(s, kAdvisorMoves[s], bits_of(PieceType::kAdvisor), false);
    add(s, kElephantMoves[s], bits_of(PieceType::kElephant), true);
    add(s, kHorseMoves[s], bits_of(PieceType::kHorse), true);
    for (Color c : {Color::kRed, Color::kBlack}) {
      add(s, kPawnMoves[Index(c)][s],
          kStepperBits[MakePiece(c, PieceType::kPawn)], false);
    }
  }
  return t;
}();

// For a piece at position `pos` on a line of `len` points with occupancy `occ`
// (the piece's own bit is ignored): the empty points it can slide to, the first
// blocker in each direction (chariot captures) and the second (cannon
// captures).
struct LineMasks {
  uint16_t slide;
  uint16_t first;
  uint16_t second;
};

template <int kLen>
constexpr std::array<std::array<LineMasks, (1 << kLen)>, kLen> MakeLineTable() {
  std::array<std::array<LineMasks, (1 << kLen)>, kLen> t{};
  for (int pos = 0; pos < kLen; ++pos) {
    for (int occ = 0; occ < (1 << kLen); ++occ) {
      LineMasks m{0, 0, 0};
      for (int dir : {-1, 1}) {
        int blockers = 0;
        for (int i = pos + dir; i >= 0 && i < kLen; i += dir) {
          if (!(occ & (1 << i))) {
            if (blockers == 0) m.slide |= 1 << i;
            continue;
          }
          ++blockers;
          if (blockers == 1) {
            m.first |= 1 << i;
          } else {
            m.second |= 1 << i;
            break;
          }
        }
      }
      t[pos][occ] = m;
    }
  }
  return t;
}

// Indexed [file][rank occupancy] and [rank][file occupancy].
inline constexpr auto kRankLines = MakeLineTable<kFiles>();
inline constexpr auto kFileLines = MakeLineTable<kRanks>();

// The points seen from a point in each orthogonal direction (up, down, left,
// right).
constexpr std::array<std::array<Bitboard, 4>, kSquares> kRays = [] {
  std::array<std::array<Bitboard, 4>, kSquares> t{};
  constexpr int kDirs[4][2] = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}};
  for (int s = 0; s < kSquares; ++s) {
    for (int d = 0; d < 4; ++d) {
      int f = s % kFiles + kDirs[d][0], r = s / kFiles + kDirs[d][1];
      for (; OnBoard(f, r); f += kDirs[d][0], r += kDirs[d][1]) {
        t[s][d] |= SquareBB(MakeSquare(f, r));
      }
    }
  }
  return t;
}();

// Around each point, the masks that say which moves can matter to a king
// standing there: its rank and file (the point itself excluded), its four
// diagonal neighbours (the legs of every horse that could attack it) and the
// points a horse's jump away.
struct KingZone {
  Bitboard lines = 0;
  Bitboard legs = 0;
  Bitboard horse_jumps = 0;
};
constexpr std::array<KingZone, kSquares> kKingZones = [] {
  std::array<KingZone, kSquares> t{};
  for (int king = 0; king < kSquares; ++king) {
    for (const Bitboard ray : kRays[king]) t[king].lines |= ray;
    for (const Step& h : kHorseAttackers[king]) {
      t[king].legs |= SquareBB(h.via);
      t[king].horse_jumps |= SquareBB(h.to);
    }
  }
  return t;
}();

// The same masks read point by point: for a king on `king`,
// kKingZonePoints[king][sq] holds the ZonePoint bits of `sq`. One byte load
// answers "is this point on the king's lines" where a 128-bit mask needs a
// shift, and the per-move gates ask that twice a move.
enum ZonePoint : uint8_t {
  kOnKingLine = 1,
  kHorseLeg = 2,
  kHorseJump = 4,
};
inline constexpr auto kKingZonePoints = [] {
  std::array<std::array<uint8_t, kSquares>, kSquares> t{};
  for (int king = 0; king < kSquares; ++king) {
    const KingZone& zone = kKingZones[king];
    for (int sq = 0; sq < kSquares; ++sq) {
      t[king][sq] = static_cast<uint8_t>(
          (Contains(zone.lines, sq) ? kOnKingLine : 0) |
          (Contains(zone.legs, sq) ? kHorseLeg : 0) |
          (Contains(zone.horse_jumps, sq) ? kHorseJump : 0));
    }
  }
  return t;
}();

}  // namespace caipan::xiangqi::geometry

#endif  // CAIPAN_ENGINE_XIANGQI_GEOMETRY_H_
