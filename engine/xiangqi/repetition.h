// Repetition rulings: classify both sides' moves in a repeated cycle and judge
// each side's conduct (长将, 长杀, 长捉 and their mixes) under a rule set.
//
// Decisions where the rules digest leaves room (see also adjudicator.h):
// - A side's conduct is forbidden only if every one of its moves in the judged
//   span is forcing under the rule set; one idle move makes it allowed.
// - What each rule set counts is data (repetition_rules.h). `chinese`: 将, 杀
//   and 捉 are forcing; chases by a king or pawn count only when the other
//   side's conduct is forbidden too (相互长打); two perpetual chases are
//   decided by the number of distinct pieces chased (一打还二打).
// - `asian` (AXF): only checks and chases are forcing; a side is forbidden
//   only for all-checks, or all-chases with one piece chased by every move (one
//   piece chasing two in turn is allowed, AXF diagrams 76-80); a check among
//   chases breaks the perpetual; king and pawn chases never count; a block
//   that loosens a piece already attacked is a defence, not a chase
//   (diagrams 39-41, 61). docs/rules.md lists the AXF diagrams.
// - `simple`: only one-sided perpetual check must vary.
// - Pieces are identified across the span by where they stood when it began,
//   so a chased piece that moves is still one piece.
//
// Example:
//
//   Position start = ...;              // the position the cycle returns to
//   std::vector<Move> moves = ...;     // two full cycles, plies 31..38
//   RuleOptions options;               // `chinese` by default
//   RepetitionRuling r = JudgeCycle(start, moves, 31, options);
//   if (std::optional<Color> side = r.MustVary()) {
//     // *side's conduct (r.ConductOf(*side)) is forbidden; r.moves says why.
//   }

#ifndef CAIPAN_ENGINE_XIANGQI_REPETITION_H_
#define CAIPAN_ENGINE_XIANGQI_REPETITION_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/xiangqi/move_classifier.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/repetition_rules.h"
#include "engine/xiangqi/rule_options.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// One side's conduct over the cycle. Everything but kAllowed is forbidden
// (禁止着法).
enum class Conduct : uint8_t {
  kAllowed = 0,
  // 长将
  kPerpetualCheck = 1,
  // 长杀
  kPerpetualMateThreat = 2,
  // 长捉
  kPerpetualChase = 3,
  // 一将一捉
  kCheckAndChase = 4,
  // 一将一杀
  kCheckAndMateThreat = 5,
  // 一杀一捉
  kMateThreatAndChase = 6,
  // All three kinds mixed.
  kCheckMateThreatAndChase = 7,
};
// "allowed", "perpetual-check", ...
const char* ConductName(Conduct c);
constexpr bool IsForbidden(Conduct c) { return c != Conduct::kAllowed; }

enum class RepetitionOutcome : uint8_t {
  // Both allowed, or both forbidden and neither must vary.
  kDraw = 0,
  // Red's conduct is forbidden: vary, or lose.
  kRedMustVary = 1,
  // Black's conduct is forbidden: vary, or lose.
  kBlackMustVary = 2,
};
// "draw", "red-must-vary", ...
const char* RepetitionOutcomeName(RepetitionOutcome o);

// A move of the cycle as judged.
struct CycleMove {
  // 1-based ply in the game.
  int ply = 0;
  MoveClassification classification;
  // The kind the rule set counts (e.g. `asian` counts a mate threat as idle; a
  // pawn's chase is counted only in a mutual forbidden cycle).
  MoveKind counted_as = MoveKind::kIdle;
};

struct RepetitionRuling {
  RepetitionOutcome outcome = RepetitionOutcome::kDraw;
  Conduct red = Conduct::kAllowed;
  Conduct black = Conduct::kAllowed;
  // Distinct enemy pieces each side chased in the cycle (一打还二打 compares
  // them).
  int red_chased_pieces = 0;
  int black_chased_pieces = 0;
  // Plies of the judged moves, inclusive, 1-based.
  int first_ply = 0;
  int last_ply = 0;
  std::vector<CycleMove> moves;

  std::optional<Color> MustVary() const {
    if (outcome == RepetitionOutcome::kRedMustVary) return Color::kRed;
    if (outcome == RepetitionOutcome::kBlackMustVary) return Color::kBlack;
    return std::nullopt;
  }
  Conduct ConductOf(Color c) const { return c == Color::kRed ? red : black; }
  // One line an arbiter can read, e.g. "red perpetual-check, black allowed: red
  // must vary".
  std::string Summary() const;
};

// The ruling on two sides' conducts (after the rule set's own adjustments,
// as JudgeCycle makes them): a one-sided forbidden conduct must vary; of two
// forbidden ones, perpetual check against anything else must vary, two
// perpetual checks draw, and where `more_pieces_chased_must_vary` (`chinese`)
// two perpetual chases are decided by the number of pieces chased
// (一打还二打); every other pair draws. Where
// `only_perpetual_check_is_forbidden` (`simple`) only one-sided perpetual
// check must vary.
RepetitionOutcome RuleOnConducts(const RepetitionRules& rules, Conduct red,
                                 Conduct black, int red_chased_pieces,
                                 int black_chased_pieces);
// The same under a named rule set's preset.
RepetitionOutcome RuleOnConducts(RuleSet rules, Conduct red, Conduct black,
                                 int red_chased_pieces,
                                 int black_chased_pieces);

// Judges the moves `moves` played from `cycle_start` (which the moves lead back
// to; the caller found the repetition). `first_ply` is the game ply of
// moves[0]. The moves must be legal. Mate threats are searched to
// `mate_threat_depth` (see ClassifyOptions).
RepetitionRuling JudgeCycle(const Position& cycle_start,
                            std::span<const Move> moves, int first_ply,
                            const RepetitionRules& rules,
                            int mate_threat_depth);
// The same under `options.rule_set`'s preset.
RepetitionRuling JudgeCycle(const Position& cycle_start,
                            std::span<const Move> moves, int first_ply,
                            const RuleOptions& options);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_REPETITION_H_
