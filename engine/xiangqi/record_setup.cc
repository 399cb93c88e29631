// Start positions from piece slots, side to move from the first move, replay.
#include "engine/xiangqi/record_setup.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

namespace caipan::xiangqi {
namespace {

absl::string_view Sv(std::string_view s) { return {s.data(), s.size()}; }

}  // namespace

Piece SlotPiece(int slot) {
  return MakePiece(slot < 16 ? Color::kRed : Color::kBlack,
                   kSlotType[slot % 16]);
}

absl::StatusOr<Position> PositionFromPlacement(std::string_view placement,
                                               int first_from,
                                               std::string_view what) {
  const std::string base(placement);
  absl::StatusOr<Position> red = Position::FromFen(base + " w - - 0 1");
  absl::StatusOr<Position> black = Position::FromFen(base + " b - - 0 1");
  const Position* any = red.ok() ? &*red : black.ok() ? &*black : nullptr;
  Piece first = kNoPiece;
  if (any != nullptr && first_from >= 0 && first_from < kSquares) {
    first = any->PieceAt(first_from);
  }
  absl::StatusOr<Position>* chosen = &red;
  if (first != kNoPiece) {
    if (ColorOf(first) == Color::kBlack) chosen = &black;
  } else if (!red.ok() && black.ok()) {
    chosen = &black;
  }
  if (chosen->ok()) return std::move(*chosen);
  return absl::InvalidArgumentError(
      absl::StrCat(Sv(what), ": ", chosen->status().message()));
}

absl::StatusOr<Position> PositionFromSlots(const std::array<int, 32>& slots,
                                           int first_from,
                                           std::string_view what) {
  int slot_on[kSquares];
  for (int& s : slot_on) s = -1;
  for (int slot = 0; slot < 32; ++slot) {
    const int sq = slots[slot];
    if (sq == kNoSquare) continue;
    if (sq < 0 || sq >= kSquares) {
      return absl::InvalidArgumentError(
          absl::StrCat(Sv(what), ": slot ", slot, " is off the board"));
    }
    if (slot_on[sq] >= 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(Sv(what), ": slots ", slot_on[sq], " and ", slot,
                       " both stand on ", SquareName(sq)));
    }
    slot_on[sq] = slot;
  }
  // FEN placement, rank 9 first.
  std::string placement;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const int slot = slot_on[MakeSquare(file, rank)];
      if (slot < 0) {
        ++empty;
        continue;
      }
      if (empty > 0) placement.push_back(static_cast<char>('0' + empty));
      empty = 0;
      placement.push_back(PieceToFenChar(SlotPiece(slot)));
    }
    if (empty > 0) placement.push_back(static_cast<char>('0' + empty));
    if (rank > 0) placement.push_back('/');
  }
  return PositionFromPlacement(placement, first_from, what);
}

absl::Status CheckReplay(Position start, const std::vector<Move>& moves,
                         std::string_view what) {
  for (size_t i = 0; i < moves.size(); ++i) {
    absl::Status legal = start.CheckLegal(moves[i]);
    if (!legal.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(Sv(what), " ply ", i + 1,
                                                     " (", ToIccs(moves[i]),
                                                     "): ", legal.message()));
    }
    start.MakeMove(moves[i]);
  }
  return absl::OkStatus();
}

}  // namespace caipan::xiangqi
