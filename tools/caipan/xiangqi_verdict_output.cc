// Rendering of verdicts for `caipan xiangqi adjudicate` and `… limit`.
#include "tools/caipan/xiangqi_verdict_output.h"

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/explain.h"
#include "engine/xiangqi/notation.h"
#include "tools/caipan/json_writer.h"

namespace caipan::cli {
namespace {

namespace xq = ::caipan::xiangqi;

std::string Name(const std::vector<std::string>& names, int ply) {
  return ply >= 1 && ply <= static_cast<int>(names.size()) ? names[ply - 1]
                                                           : "";
}

std::string TargetText(const xq::ChaseTarget& t) {
  return absl::StrCat(std::string(1, xq::PieceToFenChar(t.attacker)),
                      xq::SquareName(t.attacker_square), ">",
                      std::string(1, xq::PieceToFenChar(t.target)),
                      xq::SquareName(t.target_square),
                      t.target_protected ? " (protected)" : " (unprotected)");
}

std::string KindText(const xq::CycleMove& m) {
  const xq::MoveClassification& c = m.classification;
  std::string s = xq::MoveKindName(c.kind);
  if (c.kind == xq::MoveKind::kIdle) {
    absl::StrAppend(&s, " (", xq::IdleKindName(c.idle), ")");
  }
  if (m.counted_as != c.kind) {
    absl::StrAppend(&s, ", counted as ", xq::MoveKindName(m.counted_as));
  }
  for (const xq::ChaseTarget& t : c.Targets()) {
    absl::StrAppend(&s, "; ", TargetText(t));
  }
  return s;
}

}  // namespace

void AppendCycleMoveLines(const xq::RepetitionRuling& r, const PlyNames& names,
                          Language lang, std::string* out) {
  for (const xq::CycleMove& m : r.moves) {
    if (lang == Language::kChinese) {
      absl::StrAppend(out, "  ", xq::ExplainCycleMove(m, lang), " ",
                      Name(names.chinese, m.ply), "\n");
    } else {
      absl::StrAppend(out, "  ply ", m.ply, " ",
                      SideName(m.classification.mover), " ",
                      Name(names.iccs, m.ply), " ", Name(names.chinese, m.ply),
                      " ", KindText(m), "\n");
    }
  }
}

void AppendRulingText(const xq::RepetitionRuling& r, const PlyNames& names,
                      Language lang, std::string* out) {
  if (lang == Language::kChinese) {
    absl::StrAppend(out, xq::RulingSummaryText(r, lang), "\n");
  } else {
    absl::StrAppend(out, r.Summary(), " (plies ", r.first_ply, "-", r.last_ply,
                    ")\n");
  }
  AppendCycleMoveLines(r, names, lang, out);
}

void WriteRulingJson(const xq::RepetitionRuling& r, const PlyNames& names,
                     Language lang, JsonWriter* w) {
  w->BeginObject();
  w->Key("outcome").String(xq::RepetitionOutcomeName(r.outcome));
  w->Key("summary").String(r.Summary());
  w->Key("explanation").String(xq::RulingSummaryText(r, lang));
  w->Key("red").String(xq::ConductName(r.red));
  w->Key("black").String(xq::ConductName(r.black));
  w->Key("red_chased_pieces").Int(r.red_chased_pieces);
  w->Key("black_chased_pieces").Int(r.black_chased_pieces);
  w->Key("first_ply").Int(r.first_ply);
  w->Key("last_ply").Int(r.last_ply);
  w->Key("moves").BeginArray();
  for (const xq::CycleMove& m : r.moves) {
    const xq::MoveClassification& c = m.classification;
    w->BeginObject();
    w->Key("ply").Int(m.ply);
    w->Key("side").String(SideName(c.mover));
    w->Key("move").String(Name(names.iccs, m.ply));
    w->Key("chinese").String(Name(names.chinese, m.ply));
    w->Key("kind").String(xq::MoveKindName(c.kind));
    w->Key("counted_as").String(xq::MoveKindName(m.counted_as));
    if (c.kind == xq::MoveKind::kIdle) {
      w->Key("idle").String(xq::IdleKindName(c.idle));
    }
    w->Key("kind_text").String(xq::MoveKindText(c.kind, c.idle, lang));
    w->Key("check").Bool(c.check);
    w->Key("mate_threat").Bool(c.mate_threat);
    w->Key("targets").BeginArray();
    for (const xq::ChaseTarget& t : c.Targets()) {
      w->BeginObject();
      w->Key("attacker").String(std::string(1, xq::PieceToFenChar(t.attacker)));
      w->Key("attacker_square").String(xq::SquareName(t.attacker_square));
      w->Key("target").String(std::string(1, xq::PieceToFenChar(t.target)));
      w->Key("target_square").String(xq::SquareName(t.target_square));
      w->Key("protected").Bool(t.target_protected);
      w->Key("by_king_or_pawn").Bool(t.ByKingOrPawn());
      w->EndObject();
    }
    w->EndArray();
    w->EndObject();
  }
  w->EndArray();
  w->EndObject();
}

namespace {

void ClaimJson(const xq::ClaimRuling& c, const PlyNames& names, Language lang,
               JsonWriter* w) {
  w->BeginObject();
  w->Key("ply").Int(c.ply);
  w->Key("claimant").String(SideName(c.claimant));
  w->Key("outcome").String(xq::ClaimOutcomeName(c.outcome));
  w->Key("occurrences").Int(c.occurrences);
  w->Key("explanation").String(xq::ClaimRulingText(c, lang));
  w->Key("repetition");
  if (c.repetition) {
    WriteRulingJson(*c.repetition, names, lang, w);
  } else {
    w->Null();
  }
  w->EndObject();
}

void RecordJson(const RecordInfo& r, JsonWriter* w) {
  w->Key("claims").Int(r.claims);
  w->Key("recorded_result").String(r.recorded.result);
  w->Key("termination").String(r.recorded.termination_text);
  w->Key("outcome").String(r.comparison.outcome);
  w->Key("outcome_source").String(xq::OutcomeSourceName(r.comparison.source));
  w->Key("agrees");
  if (r.comparison.agrees) {
    w->Bool(*r.comparison.agrees);
  } else {
    w->Null();
  }
  if (r.comparison.agrees == false)
    w->Key("disagreement").String(r.comparison.disagreement);
  w->Key("warnings").BeginArray();
  for (const std::string& warning : r.warnings) w->String(warning);
  w->EndArray();
}

void LimitJson(const xq::NaturalLimitStatus& s, JsonWriter* w) {
  w->BeginObject();
  w->Key("reached").Bool(s.reached);
  w->Key("rounds_counted").Int(s.rounds_counted);
  w->Key("rounds_remaining").Int(s.rounds_remaining);
  w->Key("plies_since_capture").Int(s.plies_since_capture);
  w->Key("uncounted_checks").Int(s.uncounted_checks);
  w->Key("first_reached_ply").Int(s.first_reached_ply);
  w->EndObject();
}

std::string ClaimText(const xq::ClaimableDraw& c) {
  if (c.kind == xq::ClaimableDraw::Kind::kRepetition) {
    return absl::StrCat("repetition draw at ply ", c.ply, " (either side)");
  }
  return absl::StrCat("natural-limit draw at ply ", c.ply, " (",
                      c.claimant ? SideName(*c.claimant) : "either side",
                      " claiming)");
}

}  // namespace

const char* SideName(xq::Color c) {
  return c == xq::Color::kRed ? "red" : "black";
}

PlyNames NamePlies(const xq::Position& start, std::span<const xq::Move> moves,
                   int plies) {
  PlyNames names;
  xq::Position pos = start;
  for (int i = 0; i < plies && i < static_cast<int>(moves.size()); ++i) {
    names.iccs.push_back(xq::ToIccs(moves[i]));
    names.chinese.push_back(
        xq::FormatMove(pos, moves[i], xq::Notation::kChinese));
    pos.MakeMove(moves[i]);
  }
  return names;
}

std::string VerdictText(const xq::Verdict& v, const PlyNames& names,
                        Language lang, const RecordInfo* record) {
  std::string out = absl::StrCat(
      xq::GameResultName(v.result), "\n",
      "reason: ", xq::VerdictReasonName(v.reason), "\n", "ply: ", v.ply, "\n",
      "explanation: ", xq::ExplainVerdict(v, lang), "\n");
  if (v.illegal) {
    absl::StrAppend(&out, "illegal: ply ", v.illegal->ply, " ",
                    xq::ToIccs(v.illegal->move), ": ", v.illegal->reason, "\n");
  }
  if (v.repetition) {
    absl::StrAppend(&out, "ruling: ");
    AppendRulingText(*v.repetition, names, lang, &out);
  }
  for (const xq::ClaimRuling& c : v.claims) {
    absl::StrAppend(&out, "claim: ", xq::ClaimRulingText(c, lang), "\n");
  }
  for (const xq::VaryOrder& o : v.vary_orders) {
    absl::StrAppend(&out, "order: ", SideName(o.side), " must vary at ply ",
                    o.ply, ": ");
    AppendRulingText(o.ruling, names, lang, &out);
  }
  if (v.claim_at_end) {
    absl::StrAppend(&out, "claim at end: ",
                    xq::ClaimRulingText(*v.claim_at_end, lang), "\n");
  }
  for (const xq::ClaimableDraw& c : v.claimable) {
    absl::StrAppend(&out, "claimable: ",
                    lang == Language::kChinese ? xq::ClaimableDrawText(c, lang)
                                               : ClaimText(c),
                    "\n");
  }
  if (v.trailing_moves > 0) {
    absl::StrAppend(&out, "trailing moves not examined: ", v.trailing_moves,
                    "\n");
  }
  for (const xq::NaturalLimitStatus* s : {&v.limit_red, &v.limit_black}) {
    absl::StrAppend(&out, "natural limit (", SideName(s->claimant),
                    " claiming): ", s->rounds_counted, " of ", s->limit_rounds,
                    " rounds, ", s->rounds_remaining, " remaining\n");
  }
  absl::StrAppend(&out, "fen: ", v.final_fen, "\n");
  if (record != nullptr) {
    const xq::RecordComparison& c = record->comparison;
    absl::StrAppend(
        &out, "recorded: ",
        record->recorded.result.empty() ? "-" : record->recorded.result,
        record->recorded.termination_text.empty()
            ? ""
            : absl::StrCat(" (", record->recorded.termination_text, ")"),
        "\n", "outcome: ", c.outcome, " (", xq::OutcomeSourceName(c.source),
        ")\n", "agrees: ", !c.agrees ? "-" : (*c.agrees ? "yes" : "no"), "\n");
    if (c.agrees == false)
      absl::StrAppend(&out, "disagreement: ", c.disagreement, "\n");
    for (const std::string& warning : record->warnings)
      absl::StrAppend(&out, "warning: ", warning, "\n");
  }
  return out;
}

std::string VerdictJson(const xq::Verdict& v, const PlyNames& names,
                        const xq::RuleOptions& options, Language lang,
                        const RecordInfo* record) {
  JsonWriter w;
  w.BeginObject();
  w.Key("result").String(xq::GameResultName(v.result));
  w.Key("reason").String(xq::VerdictReasonName(v.reason));
  w.Key("ply").Int(v.ply);
  w.Key("trailing_moves").Int(v.trailing_moves);
  w.Key("explanation").String(xq::ExplainVerdict(v, lang));
  w.Key("language").String(LanguageCode(lang));
  w.Key("repetitions").Int(options.repetitions);
  w.Key("rules").String(xq::RuleSetName(options.rule_set));
  w.Key("mode").String(xq::AdjudicationModeName(options.mode));
  w.Key("natural_limit").Int(options.natural_limit_rounds);
  w.Key("limit_checks").String(xq::CheckCountPolicyName(options.limit_checks));
  if (v.illegal) {
    w.Key("illegal").BeginObject();
    w.Key("ply").Int(v.illegal->ply);
    w.Key("move").String(xq::ToIccs(v.illegal->move));
    w.Key("reason").String(v.illegal->reason);
    w.EndObject();
  }
  w.Key("repetition");
  if (v.repetition) {
    WriteRulingJson(*v.repetition, names, lang, &w);
  } else {
    w.Null();
  }
  w.Key("vary_orders").BeginArray();
  for (const xq::VaryOrder& o : v.vary_orders) {
    w.BeginObject();
    w.Key("side").String(SideName(o.side));
    w.Key("ply").Int(o.ply);
    w.Key("ruling");
    WriteRulingJson(o.ruling, names, lang, &w);
    w.EndObject();
  }
  w.EndArray();
  w.Key("claim_rulings").BeginArray();
  for (const xq::ClaimRuling& c : v.claims) ClaimJson(c, names, lang, &w);
  w.EndArray();
  w.Key("end_claim");
  if (v.claim_at_end) {
    ClaimJson(*v.claim_at_end, names, lang, &w);
  } else {
    w.Null();
  }
  w.Key("claimable").BeginArray();
  for (const xq::ClaimableDraw& c : v.claimable) {
    w.BeginObject();
    w.Key("kind").String(c.kind == xq::ClaimableDraw::Kind::kRepetition
                             ? "repetition"
                             : "natural-limit");
    w.Key("claimant");
    if (c.claimant) {
      w.String(SideName(*c.claimant));
    } else {
      w.Null();
    }
    w.Key("ply").Int(c.ply);
    w.EndObject();
  }
  w.EndArray();
  w.Key("natural_limit_status").BeginObject();
  w.Key("red");
  LimitJson(v.limit_red, &w);
  w.Key("black");
  LimitJson(v.limit_black, &w);
  w.EndObject();
  w.Key("fen").String(v.final_fen);
  w.Key("final_fen").String(v.final_fen);
  if (record != nullptr) RecordJson(*record, &w);
  w.EndObject();
  return w.str() + "\n";
}

std::string LimitText(const xq::NaturalLimitStatus& s,
                      const xq::RuleOptions& options, bool name_claimant) {
  std::string out = absl::StrCat(
      name_claimant ? absl::StrCat(SideName(s.claimant), ": ") : "",
      s.reached ? "reached" : "not-reached", "\n",
      "rounds counted: ", s.rounds_counted, "\n",
      "rounds remaining: ", s.rounds_remaining, "\n", "limit: ", s.limit_rounds,
      " rounds, claimant's checks counted: ",
      xq::CheckCountPolicyName(options.limit_checks), "\n",
      "plies since capture: ", s.plies_since_capture, "\n",
      "claimant checks: ", s.claimant_checks, " (", s.uncounted_checks,
      " not counted)\n");
  // Ply 0 is "never" unless the start position itself had reached it.
  if (s.first_reached_ply > 0 || s.reached)
    absl::StrAppend(&out, "first reached at ply: ", s.first_reached_ply, "\n");
  return out;
}

}  // namespace caipan::cli
