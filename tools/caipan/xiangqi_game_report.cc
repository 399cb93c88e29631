// See xiangqi_game_report.h.
#include "tools/caipan/xiangqi_game_report.h"

#include "absl/strings/str_cat.h"

namespace caipan::cli {

absl::StatusOr<GameReport> AdjudicateRecord(const xiangqi::GameRecord& record,
                                            const xiangqi::RuleOptions& rules,
                                            Language lang) {
  absl::StatusOr<xiangqi::Position> start =
      xiangqi::Position::FromFen(record.start_fen);
  if (!start.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("FEN: ", start.status().message()));
  }
  GameReport report;
  report.start = *start;
  report.plies = static_cast<int>(record.moves.size());
  report.verdict =
      xiangqi::Adjudicate(*start, record.moves, rules, record.claims);
  report.record.recorded = xiangqi::RecordedOutcomeOf(record);
  report.record.comparison =
      xiangqi::CompareWithRecord(report.verdict, report.record.recorded, lang);
  report.record.claims = static_cast<int>(record.claims.size());
  report.record.warnings = record.warnings;
  return report;
}

}  // namespace caipan::cli
