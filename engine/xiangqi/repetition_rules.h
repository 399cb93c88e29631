// The repetition rules of a xiangqi rule set as data: which moves are forcing,
// which conducts are forbidden and how two forbidden conducts are ruled, with
// the presets `chinese`, `asian` and `simple`. A new rule set is a new preset.
//
// Example:
//
//   RepetitionRules rules = PresetRules(RuleSet::kChinese);
//   rules.mate_threat_is_forcing = false;
//   RepetitionRuling r = JudgeCycle(start, moves, 1, rules, 2);
#ifndef CAIPAN_ENGINE_XIANGQI_REPETITION_RULES_H_
#define CAIPAN_ENGINE_XIANGQI_REPETITION_RULES_H_

#include "engine/xiangqi/rule_options.h"

namespace caipan::xiangqi {

// Every behaviour in which the rule sets differ. A check is forcing under
// every rule set, and one idle move in the judged span always makes a side's
// conduct allowed.
struct RepetitionRules {
  // A mate threat (杀) is a forcing move, so 长杀 and its mixes can be
  // forbidden (2011 §26; 2020 §24). AXF: mate threats are not forcing.
  bool mate_threat_is_forcing = true;
  // A chase (捉) by a piece other than the king or a pawn is a forcing move
  // (2011 §26; AXF). `simple` counts checks only.
  bool chase_is_forcing = true;
  // A chase by the king or a pawn counts when the other side's conduct is
  // forbidden too (相互长打, 2020 §24); otherwise such a chase is idle. AXF:
  // never counts.
  bool king_and_pawn_chases_count_when_mutual = true;
  // A perpetual chase is forbidden only if one piece is chased by every move
  // of it; one piece chasing two in turn is allowed (AXF diagrams 76-80).
  bool perpetual_chase_needs_one_target = false;
  // Mixes of forcing kinds (一将一捉, 一将一杀, 一杀一捉) are forbidden (2011
  // §26). AXF: a check among chases breaks the perpetual.
  bool mixed_conduct_is_forbidden = true;
  // Of two perpetual chases, the side chasing more distinct pieces must vary
  // (一打还二打, the digest's secondary sources); otherwise they draw.
  bool more_pieces_chased_must_vary = true;
  // Only perpetual check is forbidden; every other repetition draws (the
  // mass-participation `simple` rules).
  bool only_perpetual_check_is_forbidden = false;
  // An attack on a protected piece is a chase when the target is worth more
  // than the attacker (2020 §24). AXF: only a horse or cannon attacking a
  // chariot.
  bool protected_chase_only_horse_or_cannon_on_chariot = false;
  // An attack that already stood before the move, where taking would then
  // have let the opponent mate at once, is not a new threat when the move
  // takes the mate away (AXF diagram 103: a rook stepping along a cannon's
  // line). `chinese` counts such a move as creating the chase.
  bool standing_attack_is_not_new = false;
  // A move that cuts an enemy attack on one of the mover's pieces (a block,
  // or a cannon's screen taken away) does not chase a piece its attacker
  // already attacked, even when the move takes that piece's protection away
  // (AXF diagrams 39-41 and 61: rule 19's chariot pinned by a horse is not
  // chasing the horse when a block loosens it). A move that only takes
  // protection away still chases (AXF diagram 105).
  bool loosening_by_a_block_is_not_a_chase = false;
};

// CXA 2011/2020 棋例: 长将, 长杀, 长捉 and their mixes are forbidden.
inline constexpr RepetitionRules kChineseRules{};

// AXF: perpetual check and perpetual chase of one piece are forbidden; mate
// threats are not forcing.
inline constexpr RepetitionRules kAsianRules{
    .mate_threat_is_forcing = false,
    .chase_is_forcing = true,
    .king_and_pawn_chases_count_when_mutual = false,
    .perpetual_chase_needs_one_target = true,
    .mixed_conduct_is_forbidden = false,
    .more_pieces_chased_must_vary = false,
    .only_perpetual_check_is_forbidden = false,
    .protected_chase_only_horse_or_cannon_on_chariot = true,
    .standing_attack_is_not_new = true,
    .loosening_by_a_block_is_not_a_chase = true,
};

// Only one-sided perpetual check loses; every other repetition draws.
inline constexpr RepetitionRules kSimpleRules{
    .mate_threat_is_forcing = false,
    .chase_is_forcing = false,
    .king_and_pawn_chases_count_when_mutual = false,
    .perpetual_chase_needs_one_target = false,
    .mixed_conduct_is_forbidden = false,
    .more_pieces_chased_must_vary = false,
    .only_perpetual_check_is_forbidden = true,
    .protected_chase_only_horse_or_cannon_on_chariot = false,
    .standing_attack_is_not_new = false,
    .loosening_by_a_block_is_not_a_chase = false,
};

// The preset a named rule set stands for.
const RepetitionRules& PresetRules(RuleSet rule_set);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_REPETITION_RULES_H_
