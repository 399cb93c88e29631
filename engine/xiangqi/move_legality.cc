// Filters for which moves can matter to a king (see move_legality.h).
#include "engine/xiangqi/move_legality.h"

#include "engine/xiangqi/bitboard.h"
#include "engine/xiangqi/geometry.h"

namespace caipan::xiangqi {
namespace {

// `by`'s pieces that attack along lines (the facing king included).
Bitboard LineAttackers(const Position& pos, Color by) {
  return pos.Pieces(by, PieceType::kChariot) |
         pos.Pieces(by, PieceType::kCannon) | pos.Pieces(by, PieceType::kKing);
}

}  // namespace

bool TouchesKingLines(int king, Move m) {
  const geometry::KingZone& zone = geometry::kKingZones[king];
  return Contains(zone.lines | zone.horse_jumps, m.to) ||
         Contains(zone.lines | zone.legs, m.from);
}

bool MayHaveGivenCheck(const Position& after, Move m) {
  const Color victim = after.SideToMove(), us = Opponent(victim);
  const int king = after.KingSquare(victim);
  const geometry::KingZone& zone = geometry::kKingZones[king];
  const Bitboard line = zone.lines;
  // The moved piece itself (or as a new cannon screen).
  if (Contains(line | zone.horse_jumps, m.to)) return true;
  // A line or horse leg it opened.
  if (Contains(line, m.from) && (LineAttackers(after, us) & line)) return true;
  return Contains(zone.legs, m.from) &&
         after.Pieces(us, PieceType::kHorse) != 0;
}

}  // namespace caipan::xiangqi
