// Classifies a move for the repetition rules (CXA 2020 §24): check (将), mate
// threat (杀), chase (捉, with its targets) or idle (闲: exchange offer,
// sacrifice, block, follow, plain).
#ifndef CAIPAN_ENGINE_XIANGQI_MOVE_CLASSIFIER_H_
#define CAIPAN_ENGINE_XIANGQI_MOVE_CLASSIFIER_H_

#include <cstdint>
#include <span>

#include "engine/xiangqi/position.h"
#include "engine/xiangqi/repetition_rules.h"
#include "engine/xiangqi/rule_options.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// Most severe first: a move with several effects takes the first that applies.
enum class MoveKind : uint8_t {
  kCheck = 0,
  kMateThreat = 1,
  kChase = 2,
  kIdle = 3
};
// "check", "mate-threat", "chase", "idle".
const char* MoveKindName(MoveKind k);

// What an idle move does, where it can be recognised (兑 献 拦 跟); kPlain
// otherwise.
enum class IdleKind : uint8_t {
  kNotIdle = 0,
  kPlain = 1,
  kExchangeOffer = 2,
  kSacrifice = 3,
  kBlock = 4,
  kFollow = 5,
};
// "", "plain", "exchange-offer", "sacrifice", ...
const char* IdleKindName(IdleKind k);

// One threat a move creates: `attacker` could take `target` next move and win
// material.
struct ChaseTarget {
  uint8_t attacker_square = 0;
  Piece attacker = kNoPiece;
  uint8_t target_square = 0;
  Piece target = kNoPiece;
  bool target_protected = false;
  // King and pawn attackers count only in mutual forbidden cycles (相互长打).
  bool ByKingOrPawn() const {
    return TypeOf(attacker) == PieceType::kKing ||
           TypeOf(attacker) == PieceType::kPawn;
  }
};

inline constexpr int kMaxChaseTargets = 16;

struct MoveClassification {
  Move move;
  Color mover = Color::kRed;
  // Kind under the Chinese reading, counting chases by pieces other than king
  // and pawn.
  MoveKind kind = MoveKind::kIdle;
  IdleKind idle = IdleKind::kPlain;
  bool check = false;
  bool mate_threat = false;
  // A new threat by a piece other than king or pawn.
  bool chase = false;
  // A new threat by the king or a pawn.
  bool king_or_pawn_chase = false;
  int target_count = 0;
  ChaseTarget targets[kMaxChaseTargets];

  std::span<const ChaseTarget> Targets() const {
    return {targets, targets + target_count};
  }
};

struct ClassifyOptions {
  ClassifyOptions() = default;
  ClassifyOptions(const RepetitionRules& rules, int mate_threat_depth)
      : rules(rules), mate_threat_depth(mate_threat_depth) {}
  // Under a named rule set's preset.
  ClassifyOptions(RuleSet rule_set, int mate_threat_depth)
      : ClassifyOptions(PresetRules(rule_set), mate_threat_depth) {}

  // Only `protected_chase_only_horse_or_cannon_on_chariot`,
  // `standing_attack_is_not_new` and `loosening_by_a_block_is_not_a_chase`
  // bear on a single move's classification.
  RepetitionRules rules = kChineseRules;
  int mate_threat_depth = 2;
};

// Classifies legal move `m` of the side to move in `pos` (the position before
// the move). `pos` is used as scratch space and restored before returning.
//
// Chase: after the move (and a pass by the opponent) the mover has a legal
// capture that wins material — the target is unprotected (no legal recapture)
// or worth more than the attacker (under
// `protected_chase_only_horse_or_cannon_on_chariot`, as in `asian`, only
// horse/cannon attacking a chariot) — that does not let the opponent mate at
// once, and that capture was not already available before the move (the moved
// piece keeps its identity). An exchange offer (兑) is never a chase, in every
// rule set: the target is of the attacker's type and can legally take the
// attacker back (chariots on an open line, cannons over the same screen, horses
// with both legs free), whether or not either piece is protected. A one-sided
// attack — a horse whose own leg is free while the target's is blocked, or a
// pinned target — stays a chase, as does an attack on a more valuable piece
// that could take back (horse or cannon on a chariot). Kings and uncrossed
// pawns are never targets. When the mover stood in check before the move, any
// attack that existed geometrically counts as already there. Material won only
// through a forced check sequence or a longer exchange is not recognised as a
// chase (only the direct capture is weighed).
//
// Mate threat: after a pass, the mover mates by a sequence of checks within
// `mate_threat_depth` of its own moves (default 2: mate next move, or check
// and mate whatever the reply). Stalemate threats are not counted.
//
// Idle sub-kinds (first that applies): exchange offer — a mutual attack
// between pieces of one type as above, or an enemy piece of the same type can
// take the moved piece, which is protected; sacrifice — it can
// be taken without loss to the taker; block — an enemy attack on another of
// the mover's pieces is cut; follow — the moved piece attacks an enemy piece
// it cannot win.
MoveClassification ClassifyMove(Position& pos, Move m,
                                const ClassifyOptions& options);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_MOVE_CLASSIFIER_H_
