// Judging a repeated cycle: classify every move, count per side what the rule
// set treats as forcing, and rule (2011 §26 and the digest's combinations; AXF
// for `asian`).
#include "engine/xiangqi/repetition.h"

#include <array>
#include <bitset>
#include <utility>

#include "absl/strings/str_cat.h"

namespace caipan::xiangqi {
namespace {

// Target and attacker identities of a move's chases: pieces are named by the
// square they stood on when the cycle started, so a piece that moves keeps its
// name.
struct MoveTargets {
  std::bitset<kSquares> all;  // every target of a counted chase
  std::bitset<kSquares>
      non_kp;  // targets of chases by pieces other than king/pawn
};

MoveKind FirstPassKind(const MoveClassification& c,
                       const RepetitionRules& rules) {
  if (c.check) return MoveKind::kCheck;
  if (rules.mate_threat_is_forcing && c.mate_threat) {
    return MoveKind::kMateThreat;
  }
  // A chase counts even if it also threatens mate, where mate threats are
  // not forcing.
  if (rules.chase_is_forcing && c.chase) return MoveKind::kChase;
  return MoveKind::kIdle;
}

struct Tally {
  int moves = 0, checks = 0, mates = 0, chases = 0, idle = 0;
};

Conduct ConductFromTally(const Tally& t) {
  if (t.moves == 0 || t.idle > 0) return Conduct::kAllowed;
  const bool c = t.checks > 0, m = t.mates > 0, h = t.chases > 0;
  if (c && m && h) return Conduct::kCheckMateThreatAndChase;
  if (c && h) return Conduct::kCheckAndChase;
  if (c && m) return Conduct::kCheckAndMateThreat;
  if (m && h) return Conduct::kMateThreatAndChase;
  if (c) return Conduct::kPerpetualCheck;
  if (m) return Conduct::kPerpetualMateThreat;
  return Conduct::kPerpetualChase;
}

// 一将一捉, 一将一杀, 一杀一捉 and all three mixed.
bool IsMixed(Conduct c) {
  switch (c) {
    case Conduct::kCheckAndChase:
    case Conduct::kCheckAndMateThreat:
    case Conduct::kMateThreatAndChase:
    case Conduct::kCheckMateThreatAndChase:
      return true;
    case Conduct::kAllowed:
    case Conduct::kPerpetualCheck:
    case Conduct::kPerpetualMateThreat:
    case Conduct::kPerpetualChase:
      return false;
  }
  return false;
}

Tally TallySide(const std::vector<CycleMove>& moves, Color side) {
  Tally t;
  for (const CycleMove& cm : moves) {
    if (cm.classification.mover != side) continue;
    ++t.moves;
    switch (cm.counted_as) {
      case MoveKind::kCheck:
        ++t.checks;
        break;
      case MoveKind::kMateThreat:
        ++t.mates;
        break;
      case MoveKind::kChase:
        ++t.chases;
        break;
      case MoveKind::kIdle:
        ++t.idle;
        break;
    }
  }
  return t;
}

}  // namespace

const char* ConductName(Conduct c) {
  switch (c) {
    case Conduct::kAllowed:
      return "allowed";
    case Conduct::kPerpetualCheck:
      return "perpetual-check";
    case Conduct::kPerpetualMateThreat:
      return "perpetual-mate-threat";
    case Conduct::kPerpetualChase:
      return "perpetual-chase";
    case Conduct::kCheckAndChase:
      return "check-and-chase";
    case Conduct::kCheckAndMateThreat:
      return "check-and-mate-threat";
    case Conduct::kMateThreatAndChase:
      return "mate-threat-and-chase";
    case Conduct::kCheckMateThreatAndChase:
      return "check-mate-threat-and-chase";
  }
  return "allowed";
}

const char* RepetitionOutcomeName(RepetitionOutcome o) {
  switch (o) {
    case RepetitionOutcome::kDraw:
      return "draw";
    case RepetitionOutcome::kRedMustVary:
      return "red-must-vary";
    case RepetitionOutcome::kBlackMustVary:
      return "black-must-vary";
  }
  return "draw";
}

std::string RepetitionRuling::Summary() const {
  std::string s = absl::StrCat("red ", ConductName(red), ", black ",
                               ConductName(black), ": ");
  switch (outcome) {
    case RepetitionOutcome::kDraw:
      absl::StrAppend(&s, "draw");
      break;
    case RepetitionOutcome::kRedMustVary:
      absl::StrAppend(&s, "red must vary");
      break;
    case RepetitionOutcome::kBlackMustVary:
      absl::StrAppend(&s, "black must vary");
      break;
  }
  return s;
}

RepetitionRuling JudgeCycle(const Position& cycle_start,
                            std::span<const Move> moves, int first_ply,
                            const RuleOptions& options) {
  return JudgeCycle(cycle_start, moves, first_ply,
                    PresetRules(options.rule_set), options.mate_threat_depth);
}

RepetitionRuling JudgeCycle(const Position& cycle_start,
                            std::span<const Move> moves, int first_ply,
                            const RepetitionRules& rules,
                            int mate_threat_depth) {
  RepetitionRuling ruling;
  ruling.first_ply = first_ply;
  ruling.last_ply = first_ply + static_cast<int>(moves.size()) - 1;
  ruling.moves.reserve(moves.size());
  const ClassifyOptions classify{rules, mate_threat_depth};

  std::array<uint8_t, kSquares> id_at;
  for (int sq = 0; sq < kSquares; ++sq) id_at[sq] = static_cast<uint8_t>(sq);
  std::vector<MoveTargets> targets(moves.size());

  // A span of two identical cycles plays the same moves from the same
  // positions twice: classify each (position, move) once.
  std::vector<std::pair<uint64_t, size_t>> seen;
  Position pos = cycle_start;
  for (size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    CycleMove cm;
    cm.ply = first_ply + static_cast<int>(i);
    const size_t* earlier = nullptr;
    for (const auto& [hash, index] : seen) {
      if (hash == pos.Hash() && ruling.moves[index].classification.move == m) {
        earlier = &index;
        break;
      }
    }
    if (earlier != nullptr) {
      cm.classification = ruling.moves[*earlier].classification;
    } else {
      seen.emplace_back(pos.Hash(), i);
      cm.classification = ClassifyMove(pos, m, classify);
    }
    cm.counted_as = FirstPassKind(cm.classification, rules);
    for (const ChaseTarget& t : cm.classification.Targets()) {
      const int id = id_at[t.target_square];
      targets[i].all.set(id);
      if (!t.ByKingOrPawn()) targets[i].non_kp.set(id);
    }
    ruling.moves.push_back(cm);
    pos.MakeMove(m);
    id_at[m.to] = id_at[m.from];
  }

  Conduct conduct[2] = {
      ConductFromTally(TallySide(ruling.moves, Color::kRed)),
      ConductFromTally(TallySide(ruling.moves, Color::kBlack))};

  // 相互长打: a king's or pawn's own chase counts when the other side's
  // conduct is forbidden too.
  if (rules.king_and_pawn_chases_count_when_mutual) {
    const Conduct first_pass[2] = {conduct[0], conduct[1]};
    for (Color side : {Color::kRed, Color::kBlack}) {
      if (!IsForbidden(first_pass[Index(Opponent(side))])) continue;
      bool upgraded = false;
      for (CycleMove& cm : ruling.moves) {
        if (cm.classification.mover == side &&
            cm.counted_as == MoveKind::kIdle &&
            cm.classification.king_or_pawn_chase) {
          cm.counted_as = MoveKind::kChase;
          upgraded = true;
        }
      }
      if (upgraded)
        conduct[Index(side)] = ConductFromTally(TallySide(ruling.moves, side));
    }
  }

  // Distinct pieces chased per side, and (AXF) whether one piece was chased by
  // every move.
  int chased[2] = {0, 0};
  bool common_target[2] = {false, false};
  for (Color side : {Color::kRed, Color::kBlack}) {
    std::bitset<kSquares> all, common;
    common.set();
    for (size_t i = 0; i < ruling.moves.size(); ++i) {
      const CycleMove& cm = ruling.moves[i];
      if (cm.classification.mover != side || cm.counted_as != MoveKind::kChase)
        continue;
      all |= targets[i].all;
      common &= targets[i].non_kp;
    }
    chased[Index(side)] = static_cast<int>(all.count());
    common_target[Index(side)] = all.any() && common.any();
  }
  ruling.red_chased_pieces = chased[0];
  ruling.black_chased_pieces = chased[1];

  for (Color side : {Color::kRed, Color::kBlack}) {
    Conduct& c = conduct[Index(side)];
    // One piece (or two in turn) chasing different pieces alternately.
    if (rules.perpetual_chase_needs_one_target &&
        c == Conduct::kPerpetualChase && !common_target[Index(side)]) {
      c = Conduct::kAllowed;
    }
    // A check among chases breaks the perpetual.
    if (!rules.mixed_conduct_is_forbidden && IsMixed(c)) c = Conduct::kAllowed;
  }
  ruling.red = conduct[0];
  ruling.black = conduct[1];

  ruling.outcome =
      RuleOnConducts(rules, ruling.red, ruling.black, chased[0], chased[1]);
  return ruling;
}

RepetitionOutcome RuleOnConducts(RuleSet rules, Conduct red, Conduct black,
                                 int red_chased_pieces,
                                 int black_chased_pieces) {
  return RuleOnConducts(PresetRules(rules), red, black, red_chased_pieces,
                        black_chased_pieces);
}

RepetitionOutcome RuleOnConducts(const RepetitionRules& rules, Conduct red,
                                 Conduct black, int red_chased_pieces,
                                 int black_chased_pieces) {
  auto must_vary = [](Color c) {
    return c == Color::kRed ? RepetitionOutcome::kRedMustVary
                            : RepetitionOutcome::kBlackMustVary;
  };
  const bool red_pc = red == Conduct::kPerpetualCheck;
  const bool black_pc = black == Conduct::kPerpetualCheck;
  if (rules.only_perpetual_check_is_forbidden) {
    // Only one-sided perpetual check loses.
    if (red_pc != black_pc)
      return must_vary(red_pc ? Color::kRed : Color::kBlack);
    return RepetitionOutcome::kDraw;
  }
  if (IsForbidden(red) != IsForbidden(black)) {
    return must_vary(IsForbidden(red) ? Color::kRed : Color::kBlack);
  }
  if (!IsForbidden(red)) return RepetitionOutcome::kDraw;  // both allowed
  // Both forbidden. Perpetual check against any other forbidden conduct must
  // vary; two perpetual checks draw.
  if (red_pc != black_pc)
    return must_vary(red_pc ? Color::kRed : Color::kBlack);
  // 一打还二打: both chasing, the side chasing more pieces must vary.
  if (rules.more_pieces_chased_must_vary && red == Conduct::kPerpetualChase &&
      black == Conduct::kPerpetualChase &&
      red_chased_pieces != black_chased_pieces) {
    return must_vary(red_chased_pieces > black_chased_pieces ? Color::kRed
                                                             : Color::kBlack);
  }
  return RepetitionOutcome::kDraw;
}

}  // namespace caipan::xiangqi
