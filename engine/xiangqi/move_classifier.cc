// Move classification for the repetition rules: a check is read off the
// position after the move; mate threats and chases are what the mover could do
// if it moved again (a null move by the opponent), compared with what it could
// already do before the move.
#include "engine/xiangqi/move_classifier.h"

#include "engine/xiangqi/bitboard.h"
#include "engine/xiangqi/mate_search.h"
#include "engine/xiangqi/move_list.h"
#include "engine/xiangqi/piece_value.h"

namespace caipan::xiangqi {
namespace {

// Whether taking `target` with `attacker` gains on value even if the target is
// recaptured.
bool MoreValuable(Piece attacker, int from, Piece target, int to,
                  const RepetitionRules& rules) {
  const PieceType a = TypeOf(attacker), t = TypeOf(target);
  if (rules.protected_chase_only_horse_or_cannon_on_chariot) {
    return (a == PieceType::kHorse || a == PieceType::kCannon) &&
           t == PieceType::kChariot;
  }
  if (a == PieceType::kKing) return false;  // a king never trades itself
  // A pawn attacker is weighed as a crossed pawn wherever it stands.
  const int attacker_value =
      a == PieceType::kPawn ? 2 : MaterialValue(attacker, from);
  return MaterialValue(target, to) > attacker_value;
}

// With the capturer just arrived on `sq` and the victim's side to move: can it
// legally recapture there?
bool CanRecapture(const Position& pos, int sq) {
  return pos.LegalCapturersOf(sq, pos.SideToMove()) != 0;
}

struct CaptureEval {
  bool wins = false;
  bool target_protected = false;
};

// Side to move takes on `c.to` with legal move `c`: does it win material
// without allowing an immediate mate? `mate_refutes` false weighs the material
// alone.
CaptureEval EvaluateCapture(Position& pos, Move c,
                            const ClassifyOptions& options,
                            bool mate_refutes = true) {
  CaptureEval eval;
  const Piece attacker = pos.PieceAt(c.from);
  const Piece target = pos.PieceAt(c.to);
  const bool more_valuable =
      MoreValuable(attacker, c.from, target, c.to, options.rules);
  Position::Undo undo = pos.MakeMove(c);
  eval.target_protected = CanRecapture(pos, c.to);
  if (!eval.target_protected || more_valuable) {
    // "Not a chase if taking lets the opponent mate at once."
    eval.wins = !mate_refutes || !HasMateInOne(pos);
  }
  pos.UnmakeMove(c, undo);
  return eval;
}

// Appends the winning captures available to the side to move in `pos`: every
// chaseable enemy piece, each of its attackers whose capture is legal.
void CollectWinningCaptures(Position& pos, const ClassifyOptions& options,
                            MoveClassification* out) {
  const Color us = pos.SideToMove();
  Bitboard enemies = pos.Pieces(Opponent(us));
  while (enemies) {
    const int target_sq = PopLowest(enemies);
    const Piece target = pos.PieceAt(target_sq);
    if (!IsChaseable(target, target_sq)) continue;
    Bitboard capturers = pos.LegalCapturersOf(target_sq, us);
    while (capturers) {
      const Move c{static_cast<uint8_t>(PopLowest(capturers)),
                   static_cast<uint8_t>(target_sq)};
      CaptureEval eval = EvaluateCapture(pos, c, options);
      if (!eval.wins || out->target_count == kMaxChaseTargets) continue;
      ChaseTarget& t = out->targets[out->target_count++];
      t.attacker_square = c.from;
      t.attacker = pos.PieceAt(c.from);
      t.target_square = c.to;
      t.target = target;
      t.target_protected = eval.target_protected;
    }
  }
}

// 兑: with the victim's side to move after the mover's move, the attacked
// piece is of the attacker's type and can legally take the attacker back
// (chariots on an open line, cannons over one screen, horses with both legs
// free). Protection of either piece does not matter.
bool IsExchangeOffer(Position& after, const ChaseTarget& t) {
  return TypeOf(t.attacker) == TypeOf(t.target) &&
         after.IsLegal(Move{t.target_square, t.attacker_square});
}

// Whether legal move `m` of the side to move in `before` cuts an enemy attack
// on another of the mover's pieces (blocks a line, or takes away a cannon's
// screen).
bool CutsAnAttackOnOwnPiece(Position& before, Move m) {
  const Color mover = before.SideToMove();
  const Color enemy = Opponent(mover);
  Bitboard own = before.Pieces(mover) & ~SquareBB(m.from);
  Bitboard attacked_before[kSquares];
  for (Bitboard b = own; b;) {
    const int sq = PopLowest(b);
    attacked_before[sq] = before.AttackersOf(sq, enemy);
  }
  Position::Undo undo = before.MakeMove(m);
  bool cuts = false;
  while (own && !cuts) {
    const int sq = PopLowest(own);
    cuts = (attacked_before[sq] & ~before.AttackersOf(sq, enemy)) != 0;
  }
  before.UnmakeMove(m, undo);
  return cuts;
}

// In `before` (the mover to move, before its move): was the threat
// attacker@from x target already there?
bool ThreatExisted(Position& before, int from, int target_sq,
                   const ClassifyOptions& options) {
  const Color mover = before.SideToMove();
  if (before.InCheck()) {
    // The mover had to answer a check first; an attack that stood on the board
    // is not new.
    return Contains(before.AttackersOf(target_sq, mover), from);
  }
  const Move c{static_cast<uint8_t>(from), static_cast<uint8_t>(target_sq)};
  if (before.PieceAt(from) == kNoPiece ||
      ColorOf(before.PieceAt(from)) != mover)
    return false;
  if (!before.IsLegal(c)) return false;
  // Where an attack refuted only by a mate already stood (AXF diagram 103),
  // removing the mate does not create a chase.
  return EvaluateCapture(before, c, options,
                         !options.rules.standing_attack_is_not_new)
      .wins;
}

// Idle sub-kinds, read from the position after the move (opponent to move).
IdleKind ClassifyIdle(Position& after, Move m,
                      Bitboard own_attacked_before[kSquares],
                      Bitboard own_before) {
  const Color mover = Opponent(after.SideToMove());
  const Piece moved = after.PieceAt(m.to);
  bool exchange = false, sacrifice = false;
  Bitboard capturers = after.LegalCapturersOf(m.to, after.SideToMove());
  while (capturers) {
    const Move r{static_cast<uint8_t>(PopLowest(capturers)), m.to};
    const Piece capturer = after.PieceAt(r.from);
    Position::Undo undo = after.MakeMove(r);
    const bool recapture = CanRecapture(after, m.to);
    after.UnmakeMove(r, undo);
    if (TypeOf(capturer) == TypeOf(moved) && recapture) {
      exchange = true;
    } else if (!recapture ||
               MaterialValue(capturer, r.from) <= MaterialValue(moved, m.to)) {
      sacrifice = true;
    }
  }
  if (exchange) return IdleKind::kExchangeOffer;
  if (sacrifice) return IdleKind::kSacrifice;
  // Block: an enemy attack on one of the mover's other pieces is cut by the
  // move.
  const Color enemy = after.SideToMove();
  Bitboard own = own_before & ~SquareBB(m.from);
  while (own) {
    const int sq = PopLowest(own);
    const Bitboard now = after.AttackersOf(sq, enemy);
    if ((own_attacked_before[sq] & ~now) != 0) return IdleKind::kBlock;
  }
  // Follow: the moved piece keeps watch on an enemy piece without threatening
  // to win it.
  Bitboard enemies = after.Pieces(enemy);
  while (enemies) {
    const int sq = PopLowest(enemies);
    if (IsChaseable(after.PieceAt(sq), sq) &&
        Contains(after.AttackersOf(sq, mover), m.to)) {
      return IdleKind::kFollow;
    }
  }
  return IdleKind::kPlain;
}

}  // namespace

const char* MoveKindName(MoveKind k) {
  switch (k) {
    case MoveKind::kCheck:
      return "check";
    case MoveKind::kMateThreat:
      return "mate-threat";
    case MoveKind::kChase:
      return "chase";
    case MoveKind::kIdle:
      return "idle";
  }
  return "idle";
}

const char* IdleKindName(IdleKind k) {
  switch (k) {
    case IdleKind::kNotIdle:
      return "";
    case IdleKind::kPlain:
      return "plain";
    case IdleKind::kExchangeOffer:
      return "exchange-offer";
    case IdleKind::kSacrifice:
      return "sacrifice";
    case IdleKind::kBlock:
      return "block";
    case IdleKind::kFollow:
      return "follow";
  }
  return "plain";
}

MoveClassification ClassifyMove(Position& pos, Move m,
                                const ClassifyOptions& options) {
  MoveClassification result;
  result.move = m;
  result.mover = pos.SideToMove();
  const Color mover = result.mover;
  const Color enemy = Opponent(mover);

  Position::Undo undo = pos.MakeMove(m);
  if (pos.InCheck()) {
    result.check = true;
    result.kind = MoveKind::kCheck;
    result.idle = IdleKind::kNotIdle;
    pos.UnmakeMove(m, undo);
    return result;
  }
  // Let the mover move again: what does it threaten now?
  pos.MakeNullMove();
  result.mate_threat = HasCheckingMate(pos, options.mate_threat_depth);
  MoveClassification after;
  CollectWinningCaptures(pos, options, &after);
  pos.UnmakeNullMove();
  bool exchange[kMaxChaseTargets] = {};
  bool offers_exchange = false;
  for (int i = 0; i < after.target_count; ++i) {
    exchange[i] = IsExchangeOffer(pos, after.targets[i]);
    offers_exchange |= exchange[i];
  }

  pos.UnmakeMove(m, undo);

  // Keep only threats the move created; a mutual attack is an offer, not one.
  int cuts_attack = -1;  // CutsAnAttackOnOwnPiece, asked once if needed
  for (int i = 0; i < after.target_count; ++i) {
    const ChaseTarget& t = after.targets[i];
    if (exchange[i]) continue;
    const int from_before =
        t.attacker_square == m.to ? m.from : t.attacker_square;
    if (ThreatExisted(pos, from_before, t.target_square, options)) continue;
    // A block that loosens a piece its attacker already stood on is a
    // defence, not a chase (AXF diagram 61).
    if (options.rules.loosening_by_a_block_is_not_a_chase &&
        Contains(pos.AttackersOf(t.target_square, mover), from_before)) {
      if (cuts_attack < 0) cuts_attack = CutsAnAttackOnOwnPiece(pos, m);
      if (cuts_attack) continue;
    }
    result.targets[result.target_count++] = t;
    if (t.ByKingOrPawn()) {
      result.king_or_pawn_chase = true;
    } else {
      result.chase = true;
    }
  }

  if (result.mate_threat) {
    result.kind = MoveKind::kMateThreat;
    result.idle = IdleKind::kNotIdle;
  } else if (result.chase) {
    result.kind = MoveKind::kChase;
    result.idle = IdleKind::kNotIdle;
  } else {
    // Only an idle move needs its sub-kind, read on the position after it.
    result.kind = MoveKind::kIdle;
    if (offers_exchange) {
      result.idle = IdleKind::kExchangeOffer;
    } else {
      // Enemy attacks on the mover's pieces before the move, for recognising
      // a block.
      Bitboard own_attacked_before[kSquares];
      const Bitboard own_before = pos.Pieces(mover);
      for (Bitboard own = own_before; own;) {
        const int sq = PopLowest(own);
        own_attacked_before[sq] = pos.AttackersOf(sq, enemy);
      }
      undo = pos.MakeMove(m);
      result.idle = ClassifyIdle(pos, m, own_attacked_before, own_before);
      pos.UnmakeMove(m, undo);
    }
  }
  return result;
}

}  // namespace caipan::xiangqi
