// Verdict against record: a few cases, each with its explanation.
#include "engine/xiangqi/record_verdict.h"

#include "engine/common/concat.h"
#include "engine/xiangqi/explain.h"

namespace caipan::xiangqi {
namespace {

bool Zh(Language lang) { return lang == Language::kChinese; }

std::string ResultWords(std::string_view result, Language lang) {
  if (result == "1-0")
    return std::string(GameResultText(GameResult::kRedWins, lang));
  if (result == "0-1")
    return std::string(GameResultText(GameResult::kBlackWins, lang));
  if (result == "1/2-1/2")
    return std::string(GameResultText(GameResult::kDraw, lang));
  return std::string(result);
}

std::optional<Color> WinnerOf(std::string_view result) {
  if (result == "1-0") return Color::kRed;
  if (result == "0-1") return Color::kBlack;
  return std::nullopt;
}

}  // namespace

const char* OutcomeSourceName(OutcomeSource s) {
  switch (s) {
    case OutcomeSource::kNone:
      return "none";
    case OutcomeSource::kRules:
      return "rules";
    case OutcomeSource::kRecord:
      return "record";
  }
  return "none";
}

RecordComparison CompareWithRecord(const Verdict& verdict,
                                   const RecordedOutcome& recorded,
                                   Language lang) {
  RecordComparison c;
  const std::string& rec = recorded.result;
  const bool has_record = !rec.empty();
  if (verdict.result != GameResult::kOngoing) {
    c.outcome = GameResultName(verdict.result);
    c.source = OutcomeSource::kRules;
    if (!has_record) return c;
    c.agrees = rec == c.outcome;
    if (!*c.agrees) {
      c.disagreement =
          Zh(lang) ? Concat("记录为", ResultWords(rec, lang), "，但按规则",
                            ExplainVerdict(verdict, lang))
                   : Concat("the record says ", rec, " but by the rules ",
                            ExplainVerdict(verdict, lang));
    } else if (verdict.trailing_moves > 0) {
      c.agrees = false;
      c.disagreement =
          Zh(lang) ? Concat("对局已于第", verdict.ply, "着结束，记录又续了",
                            verdict.trailing_moves, "着")
                   : Concat("the game ended at ply ", verdict.ply,
                            " but the record goes on for ",
                            verdict.trailing_moves, " more moves");
    }
    return c;
  }
  if (verdict.reason == VerdictReason::kIllegalMove || !has_record ||
      rec == "*") {
    c.outcome = "*";
    return c;
  }
  c.outcome = rec;
  c.source = OutcomeSource::kRecord;
  // A recorded win for the side a claim at the end would order to vary.
  const std::optional<Color> winner = WinnerOf(rec);
  const ClaimRuling* end =
      verdict.claim_at_end ? &*verdict.claim_at_end : nullptr;
  if (end && rec == "1/2-1/2" &&
      (end->outcome == ClaimRuling::Outcome::kRepetitionDraw ||
       end->outcome == ClaimRuling::Outcome::kNaturalLimitDraw)) {
    c.agrees = true;  // a claim at the end gives the recorded draw
  }
  if (winner && end && end->outcome == ClaimRuling::Outcome::kOrderToVary &&
      end->repetition->MustVary() == winner) {
    c.agrees = false;
    const Conduct conduct = end->repetition->ConductOf(*winner);
    c.disagreement =
        Zh(lang) ? Concat("记录为", ResultWords(rec, lang), "，但终局时",
                          ColorText(*winner, lang), "在走禁止着法（",
                          ConductText(conduct, lang), "），提出要求即须变着")
                 : Concat("the record says ", rec, " but at the end ",
                          ColorText(*winner, lang), " was repeating a ",
                          "forbidden cycle (", ConductText(conduct, lang),
                          "): a claim would order it to vary");
  }
  return c;
}

}  // namespace caipan::xiangqi
