// Conversion of xiangqi rules, rulings and verdicts (see
// xiangqi_rules_convert.h).
#include "rpc/xiangqi_rules_convert.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/explain.h"
#include "rpc/xiangqi_convert.h"

namespace caipan::rpc {
namespace {

using xiangqi::Color;

absl::Status Invalid(absl::string_view field, absl::string_view what,
                     int value) {
  return absl::InvalidArgumentError(
      absl::StrCat(field, ".", what, ": unknown value ", value));
}

void AddTargets(const xiangqi::MoveClassification& c,
                v1::XiangqiClassifiedMove* proto) {
  for (const xiangqi::ChaseTarget& t : c.Targets()) {
    v1::XiangqiChaseTarget* target = proto->add_targets();
    target->set_square(xiangqi::SquareName(t.target_square));
    target->set_piece(PieceLetter(t.target));
    target->set_attacker_square(xiangqi::SquareName(t.attacker_square));
    target->set_attacker(PieceLetter(t.attacker));
    target->set_target_protected(t.target_protected);
  }
}

}  // namespace

absl::Status FromProto(const v1::XiangqiRuleOptions& proto,
                       absl::string_view field, xiangqi::RuleOptions* options) {
  *options = xiangqi::RuleOptions();
  switch (proto.rule_set()) {
    case v1::XIANGQI_RULE_SET_UNSPECIFIED:
    case v1::XIANGQI_RULE_SET_CHINESE:
      options->rule_set = xiangqi::RuleSet::kChinese;
      break;
    case v1::XIANGQI_RULE_SET_ASIAN:
      options->rule_set = xiangqi::RuleSet::kAsian;
      break;
    case v1::XIANGQI_RULE_SET_SIMPLE:
      options->rule_set = xiangqi::RuleSet::kSimple;
      break;
    default:
      return Invalid(field, "rule_set", proto.rule_set());
  }
  switch (proto.mode()) {
    case v1::XIANGQI_ADJUDICATION_MODE_UNSPECIFIED:
    case v1::XIANGQI_ADJUDICATION_MODE_AUTOMATIC:
      options->mode = xiangqi::AdjudicationMode::kAutomatic;
      break;
    case v1::XIANGQI_ADJUDICATION_MODE_CLAIM:
      options->mode = xiangqi::AdjudicationMode::kClaim;
      break;
    default:
      return Invalid(field, "mode", proto.mode());
  }
  switch (proto.check_count_policy()) {
    case v1::CHECK_COUNT_POLICY_UNSPECIFIED:
    case v1::CHECK_COUNT_POLICY_COUNT_ALL:
      options->limit_checks = xiangqi::CheckCountPolicy::All();
      break;
    case v1::CHECK_COUNT_POLICY_COUNT_NONE:
      options->limit_checks = xiangqi::CheckCountPolicy::None();
      break;
    case v1::CHECK_COUNT_POLICY_COUNT_AT_MOST:
      options->limit_checks =
          xiangqi::CheckCountPolicy::AtMost(proto.max_counted_checks());
      break;
    default:
      return Invalid(field, "check_count_policy", proto.check_count_policy());
  }
  if (proto.natural_limit_rounds() != 0) {
    options->natural_limit_rounds = proto.natural_limit_rounds();
  }
  if (proto.mate_threat_depth() != 0)
    options->mate_threat_depth = proto.mate_threat_depth();
  if (proto.repetitions() != 0) options->repetitions = proto.repetitions();
  absl::Status valid = xiangqi::ValidateRuleOptions(*options);
  if (!valid.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", valid.message()));
  }
  return absl::OkStatus();
}

v1::XiangqiMoveKind ToProto(xiangqi::MoveKind kind) {
  switch (kind) {
    case xiangqi::MoveKind::kCheck:
      return v1::XIANGQI_MOVE_KIND_CHECK;
    case xiangqi::MoveKind::kMateThreat:
      return v1::XIANGQI_MOVE_KIND_MATE_THREAT;
    case xiangqi::MoveKind::kChase:
      return v1::XIANGQI_MOVE_KIND_CHASE;
    case xiangqi::MoveKind::kIdle:
      return v1::XIANGQI_MOVE_KIND_IDLE;
  }
  return v1::XIANGQI_MOVE_KIND_UNSPECIFIED;
}

v1::XiangqiConduct ToProto(xiangqi::Conduct conduct) {
  switch (conduct) {
    case xiangqi::Conduct::kAllowed:
      return v1::XIANGQI_CONDUCT_ALLOWED;
    case xiangqi::Conduct::kPerpetualCheck:
      return v1::XIANGQI_CONDUCT_PERPETUAL_CHECK;
    case xiangqi::Conduct::kPerpetualMateThreat:
      return v1::XIANGQI_CONDUCT_PERPETUAL_MATE_THREAT;
    case xiangqi::Conduct::kPerpetualChase:
      return v1::XIANGQI_CONDUCT_PERPETUAL_CHASE;
    case xiangqi::Conduct::kCheckAndChase:
      return v1::XIANGQI_CONDUCT_CHECK_AND_CHASE;
    case xiangqi::Conduct::kCheckAndMateThreat:
      return v1::XIANGQI_CONDUCT_CHECK_AND_MATE_THREAT;
    case xiangqi::Conduct::kMateThreatAndChase:
      return v1::XIANGQI_CONDUCT_MATE_THREAT_AND_CHASE;
    case xiangqi::Conduct::kCheckMateThreatAndChase:
      return v1::XIANGQI_CONDUCT_CHECK_MATE_THREAT_AND_CHASE;
  }
  return v1::XIANGQI_CONDUCT_UNSPECIFIED;
}

void ToProto(const xiangqi::RepetitionRuling& ruling,
             const xiangqi::Position& start,
             std::span<const xiangqi::Move> moves,
             const xiangqi::Notation* display,
             v1::XiangqiRepetitionRuling* proto, Language lang) {
  switch (ruling.outcome) {
    case xiangqi::RepetitionOutcome::kDraw:
      proto->set_outcome(v1::XIANGQI_REPETITION_OUTCOME_DRAW);
      break;
    case xiangqi::RepetitionOutcome::kRedMustVary:
      proto->set_outcome(v1::XIANGQI_REPETITION_OUTCOME_MUST_VARY);
      proto->set_offender(v1::SIDE_RED);
      break;
    case xiangqi::RepetitionOutcome::kBlackMustVary:
      proto->set_outcome(v1::XIANGQI_REPETITION_OUTCOME_MUST_VARY);
      proto->set_offender(v1::SIDE_BLACK);
      break;
  }
  proto->set_cycle_first_ply(ruling.first_ply);
  proto->set_cycle_last_ply(ruling.last_ply);
  proto->set_explanation(lang == Language::kEnglish
                             ? ruling.Summary()
                             : xiangqi::RulingSummaryText(ruling, lang));
  v1::XiangqiSideConduct* red = proto->add_conducts();
  red->set_side(v1::SIDE_RED);
  red->set_conduct(ToProto(ruling.red));
  red->set_chased_pieces(ruling.red_chased_pieces);
  v1::XiangqiSideConduct* black = proto->add_conducts();
  black->set_side(v1::SIDE_BLACK);
  black->set_conduct(ToProto(ruling.black));
  black->set_chased_pieces(ruling.black_chased_pieces);

  // Positions before each judged move, for the display notation only.
  xiangqi::Position pos = start;
  int replayed = 0;
  for (const xiangqi::CycleMove& m : ruling.moves) {
    const xiangqi::MoveClassification& c = m.classification;
    v1::XiangqiClassifiedMove* out =
        (c.mover == Color::kRed ? red : black)->add_moves();
    out->set_ply(m.ply);
    out->set_side(ToProto(c.mover));
    out->set_move(xiangqi::ToIccs(c.move));
    out->set_kind(ToProto(c.kind));
    out->set_counted_as(ToProto(m.counted_as));
    if (c.kind == xiangqi::MoveKind::kIdle)
      out->set_idle_kind(xiangqi::IdleKindName(c.idle));
    AddTargets(c, out);
    if (display != nullptr && m.ply >= 1 &&
        m.ply <= static_cast<int>(moves.size())) {
      while (replayed < m.ply - 1) pos.MakeMove(moves[replayed++]);
      if (replayed == m.ply - 1)
        out->set_display(xiangqi::FormatMove(pos, c.move, *display));
    }
  }
}

void ToProto(const xiangqi::NaturalLimitStatus& status,
             v1::XiangqiNaturalLimitStatus* proto) {
  proto->set_claimant(ToProto(status.claimant));
  proto->set_plies_since_capture(status.plies_since_capture);
  proto->set_uncounted_checks(status.uncounted_checks);
  proto->set_plies_required(2 *
                            (status.limit_rounds + status.uncounted_checks));
  proto->set_reached(status.reached);
  proto->set_limit_rounds(status.limit_rounds);
}

void ToProto(const xiangqi::Verdict& verdict, Color first_mover,
             v1::Verdict* proto, Language lang) {
  using xiangqi::GameResult;
  using xiangqi::VerdictReason;
  std::string explanation = xiangqi::VerdictReasonName(verdict.reason);
  switch (verdict.reason) {
    case VerdictReason::kOngoing:
      proto->set_result(v1::RESULT_ONGOING);
      proto->set_reason(v1::VERDICT_REASON_NONE);
      proto->set_explanation(lang == Language::kEnglish
                                 ? "ongoing"
                                 : xiangqi::ExplainVerdict(verdict, lang));
      return;
    case VerdictReason::kCheckmate:
      proto->set_reason(v1::VERDICT_REASON_CHECKMATE);
      break;
    case VerdictReason::kStalemate:
      proto->set_reason(v1::VERDICT_REASON_STALEMATE);
      break;
    case VerdictReason::kPerpetualCheck:
    case VerdictReason::kPerpetualChase:
    case VerdictReason::kPerpetualMateThreat:
    case VerdictReason::kMixedForbiddenCycle:
      proto->set_reason(v1::VERDICT_REASON_FORBIDDEN_REPETITION);
      break;
    case VerdictReason::kRepetitionDraw:
      proto->set_reason(v1::VERDICT_REASON_REPETITION_DRAW);
      break;
    case VerdictReason::kNaturalLimit:
      proto->set_reason(v1::VERDICT_REASON_NATURAL_LIMIT);
      break;
    case VerdictReason::kIllegalMove:
      proto->set_reason(v1::VERDICT_REASON_ILLEGAL_MOVE);
      break;
  }
  proto->set_decided_at_ply(verdict.ply);
  if (verdict.reason == VerdictReason::kIllegalMove) {
    // The side that played the illegal move loses.
    const Color mover =
        verdict.ply % 2 == 1 ? first_mover : xiangqi::Opponent(first_mover);
    proto->set_result(v1::RESULT_WIN);
    proto->set_winner(ToProto(xiangqi::Opponent(mover)));
    if (verdict.illegal)
      absl::StrAppend(&explanation, ": ", verdict.illegal->reason);
  } else if (verdict.result == GameResult::kDraw) {
    proto->set_result(v1::RESULT_DRAW);
  } else {
    proto->set_result(v1::RESULT_WIN);
    proto->set_winner(verdict.result == GameResult::kRedWins ? v1::SIDE_RED
                                                             : v1::SIDE_BLACK);
  }
  if (verdict.repetition)
    absl::StrAppend(&explanation, ": ", verdict.repetition->Summary());
  proto->set_explanation(lang == Language::kEnglish
                             ? explanation
                             : xiangqi::ExplainVerdict(verdict, lang));
}

v1::XiangqiClaimRuling::Outcome ToProto(xiangqi::ClaimRuling::Outcome outcome) {
  switch (outcome) {
    case xiangqi::ClaimRuling::Outcome::kRejected:
      return v1::XiangqiClaimRuling::OUTCOME_REJECTED;
    case xiangqi::ClaimRuling::Outcome::kRepetitionDraw:
      return v1::XiangqiClaimRuling::OUTCOME_REPETITION_DRAW;
    case xiangqi::ClaimRuling::Outcome::kNaturalLimitDraw:
      return v1::XiangqiClaimRuling::OUTCOME_NATURAL_LIMIT_DRAW;
    case xiangqi::ClaimRuling::Outcome::kOrderToVary:
      return v1::XiangqiClaimRuling::OUTCOME_ORDER_TO_VARY;
  }
  return v1::XiangqiClaimRuling::OUTCOME_UNSPECIFIED;
}

void ToProto(const xiangqi::ClaimRuling& ruling, const xiangqi::Position& start,
             std::span<const xiangqi::Move> moves,
             const xiangqi::Notation* display, v1::XiangqiClaimRuling* proto,
             Language lang) {
  proto->set_ply(ruling.ply);
  proto->set_claimant(ToProto(ruling.claimant));
  proto->set_outcome(ToProto(ruling.outcome));
  if (ruling.repetition) {
    ToProto(*ruling.repetition, start, moves, display,
            proto->mutable_repetition(), lang);
  }
  ToProto(ruling.limit, proto->mutable_natural_limit());
  proto->set_occurrences(ruling.occurrences);
  proto->set_explanation(xiangqi::ClaimRulingText(ruling, lang));
}

absl::Status FromProto(
    const google::protobuf::RepeatedPtrField<v1::XiangqiClaim>& claims,
    absl::string_view field, int plies, std::vector<xiangqi::Claim>* out) {
  if (claims.size() > plies + 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", claims.size(), " claims in a game of ", plies,
                     " plies; at most one per position (", plies + 1, ")"));
  }
  for (int i = 0; i < claims.size(); ++i) {
    const v1::XiangqiClaim& c = claims[i];
    if (c.ply() < 0 || c.ply() > plies) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, "[", i, "].ply: ", c.ply(), " is not in 0..",
                       plies, " (the plies of the game)"));
    }
    xiangqi::Claim claim{c.ply(), std::nullopt};
    switch (c.side()) {
      case v1::SIDE_UNSPECIFIED:
        break;
      case v1::SIDE_RED:
        claim.side = Color::kRed;
        break;
      case v1::SIDE_BLACK:
        claim.side = Color::kBlack;
        break;
      default:
        return absl::InvalidArgumentError(absl::StrCat(
            field, "[", i, "].side: expected SIDE_RED or SIDE_BLACK"));
    }
    out->push_back(claim);
  }
  return absl::OkStatus();
}

}  // namespace caipan::rpc
