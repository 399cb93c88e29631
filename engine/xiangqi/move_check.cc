// Position::CheckLegal: why a move is illegal, in words an arbiter or player
// understands.
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/geometry.h"
#include "engine/xiangqi/position.h"

namespace caipan::xiangqi {
namespace {

constexpr const char* kColorName[2] = {"red", "black"};
constexpr const char* kTypeName[kPieceTypeCount] = {
    "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"};

// Pieces strictly between two points of one rank or file.
int PiecesBetween(const Position& pos, int from, int to, int* first_blocker) {
  const int df = (FileOf(to) > FileOf(from)) - (FileOf(to) < FileOf(from));
  const int dr = (RankOf(to) > RankOf(from)) - (RankOf(to) < RankOf(from));
  int count = 0;
  *first_blocker = kNoSquare;
  for (int f = FileOf(from) + df, r = RankOf(from) + dr; MakeSquare(f, r) != to;
       f += df, r += dr) {
    if (pos.PieceAt(MakeSquare(f, r)) != kNoPiece) {
      if (count++ == 0) *first_blocker = MakeSquare(f, r);
    }
  }
  return count;
}

// Why a move that the piece's rules do not allow is not allowed.
std::string WhyNotPieceMove(const Position& pos, Move m) {
  const Piece p = pos.PieceAt(m.from);
  const Color c = ColorOf(p);
  const int df = FileOf(m.to) - FileOf(m.from),
            dr = RankOf(m.to) - RankOf(m.from);
  const int adf = std::abs(df), adr = std::abs(dr);
  const std::string name = absl::StrCat("the ", kTypeName[Index(TypeOf(p))]);
  switch (TypeOf(p)) {
    case PieceType::kKing:
      if (adf + adr == 1 && !geometry::InPalace(FileOf(m.to), RankOf(m.to))) {
        return name + " may not leave its palace";
      }
      return name + " moves one point orthogonally inside its palace";
    case PieceType::kAdvisor:
      if (adf == 1 && adr == 1) return name + " may not leave its palace";
      return name + " moves one point diagonally inside its palace";
    case PieceType::kElephant:
      if (adf == 2 && adr == 2) {
        if (!OnOwnSide(c, m.to)) return name + " may not cross the river";
        return absl::StrCat(name, "'s eye at ",
                            SquareName(MakeSquare(FileOf(m.from) + df / 2,
                                                  RankOf(m.from) + dr / 2)),
                            " is blocked");
      }
      return name + " moves exactly two points diagonally";
    case PieceType::kHorse:
      if ((adf == 1 && adr == 2) || (adf == 2 && adr == 1)) {
        int leg = adf == 2
                      ? MakeSquare(FileOf(m.from) + df / 2, RankOf(m.from))
                      : MakeSquare(FileOf(m.from), RankOf(m.from) + dr / 2);
        return absl::StrCat(name, "'s leg at ", SquareName(leg), " is blocked");
      }
      return name + " moves one point orthogonally then one diagonally";
    case PieceType::kChariot:
    case PieceType::kCannon: {
      if (df != 0 && dr != 0) return name + " moves along a rank or file";
      int blocker;
      int between = PiecesBetween(pos, m.from, m.to, &blocker);
      if (TypeOf(p) == PieceType::kCannon && pos.PieceAt(m.to) != kNoPiece) {
        return absl::StrCat(
            name, " captures by jumping exactly one piece; there ",
            between == 0 ? "is none" : absl::StrCat("are ", between));
      }
      return absl::StrCat(name, "'s path is blocked at ", SquareName(blocker));
    }
    case PieceType::kPawn: {
      const int forward = c == Color::kRed ? 1 : -1;
      if (dr == 0 && adf == 1)
        return name + " may move sideways only after crossing the river";
      if (dr == -forward && df == 0) return name + " may never move back";
      return name +
             " moves one point forward (or sideways once across the river)";
    }
  }
  return "illegal move";
}

}  // namespace

absl::Status Position::CheckLegal(Move m) const {
  if (m.from >= kSquares || m.to >= kSquares) {
    return absl::InvalidArgumentError("square out of range");
  }
  const std::string text = ToIccs(m);
  auto illegal = [&](const std::string& why) {
    return absl::InvalidArgumentError(absl::StrCat(text, " is illegal: ", why));
  };
  if (m.from == m.to) return illegal("from and to are the same point");
  const Piece p = board_[m.from];
  if (p == kNoPiece)
    return illegal(absl::StrCat("no piece on ", SquareName(m.from)));
  if (ColorOf(p) != side_) {
    return illegal(absl::StrCat("the piece on ", SquareName(m.from), " is ",
                                kColorName[Index(ColorOf(p))], "'s, and it is ",
                                kColorName[Index(side_)], " to move"));
  }
  const Piece target = board_[m.to];
  if (target != kNoPiece && ColorOf(target) == side_) {
    return illegal(absl::StrCat(SquareName(m.to), " holds a ",
                                kColorName[Index(side_)], " piece"));
  }
  if (!IsPseudoLegal(m)) return illegal(WhyNotPieceMove(*this, m));
  if (!LeavesKingSafe(m)) {
    Position after = *this;
    after.MakeMove(m);
    const int own_king = after.KingSquare(side_),
              other_king = after.KingSquare(Opponent(side_));
    if (FileOf(own_king) == FileOf(other_king)) {
      int blocker;
      if (PiecesBetween(after, own_king, other_king, &blocker) == 0) {
        return illegal("the kings would face each other on an open file");
      }
    }
    return illegal(absl::StrCat("it leaves the ", kColorName[Index(side_)],
                                " king in check"));
  }
  return absl::OkStatus();
}

}  // namespace caipan::xiangqi
