// Xiangqi adjudication RPCs (see xiangqi_adjudication.h).
#include "services/xiangqi_adjudication.h"

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/explain.h"
#include "engine/xiangqi/move_classifier.h"
#include "engine/xiangqi/natural_limit.h"
#include "engine/xiangqi/record.h"
#include "rpc/xiangqi_convert.h"
#include "rpc/xiangqi_rules_convert.h"
#include "services/request_checks.h"

namespace caipan::services {
namespace {

using xiangqi::Color;
using xiangqi::Move;
using xiangqi::Position;

// How often, in moves, reading a history asks whether the call should stop.
constexpr int kStopCheckMoves = 256;

// A record to adjudicate: its start, the moves that could be read, and the
// first move that names no legal move in a notation other than ICCS (ICCS moves
// are passed on as from/to pairs and the adjudicator itself finds them
// illegal).
struct Record {
  Position start;
  std::vector<Move> moves;
  // The reason the move after `moves` names no legal move, if it does not.
  std::optional<std::string> unplayable;
  std::vector<xiangqi::Claim> claims;  // the request's and the record's
  std::optional<xiangqi::RecordedOutcome> recorded;  // xiangqi_record only
};

absl::Status ReadRecord(const v1::AdjudicateGameRequest& request,
                        const ServiceOptions& options,
                        const CallControl& control, Record* record,
                        rpc::Warnings* warnings) {
  if (request.game_case() == v1::AdjudicateGameRequest::kXiangqiRecord) {
    absl::StatusOr<xiangqi::GameRecord> parsed =
        xiangqi::ParseRecord(request.xiangqi_record());
    if (!parsed.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("xiangqi_record: ", parsed.status().message()));
    }
    if (static_cast<int>(parsed->moves.size()) > options.max_history_plies) {
      return absl::InvalidArgumentError(absl::StrCat(
          "xiangqi_record: ", parsed->moves.size(),
          " plies exceed the limit of ", options.max_history_plies));
    }
    absl::StatusOr<Position> start = Position::FromFen(parsed->start_fen);
    if (!start.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("xiangqi_record: FEN: ", start.status().message()));
    }
    for (const std::string& warning : parsed->warnings)
      warnings->Add(absl::StrCat("xiangqi_record: ", warning));
    record->start = *std::move(start);
    record->recorded = xiangqi::RecordedOutcomeOf(*parsed);
    record->moves = std::move(parsed->moves);
    record->claims = std::move(parsed->claims);
    return absl::OkStatus();
  }
  const v1::XiangqiPosition& game = request.xiangqi();
  const rpc::XiangqiHistory history(game, "xiangqi");
  CAIPAN_RETURN_IF_ERROR(history.CheckShape(options.max_history_plies));
  absl::StatusOr<Position> start = rpc::XiangqiStart(game, "xiangqi", warnings);
  if (!start.ok()) return start.status();
  record->start = *std::move(start);
  Position pos = record->start;
  rpc::MoveParseError error;
  for (int i = 0; i < history.size(); ++i) {
    // A long history takes a while to read in a slow build: a call whose
    // deadline passed stops here too, not only in the adjudication.
    if (i % kStopCheckMoves == kStopCheckMoves - 1 && control.Stopped())
      return control.StopStatus();
    Move move;
    if (history.Parse(pos, i, &move, &error)) {
      pos.MakeMove(move);
      record->moves.push_back(move);
      continue;
    }
    if (const std::optional<Move> named = history.Coordinates(i)) {
      record->moves.push_back(*named);  // the adjudicator rules on it
    } else if (error.rejection == v1::MOVE_REJECTION_UNPARSEABLE) {
      return history.ErrorAt(i, error);
    } else {
      record->unplayable = error.reason;
    }
    break;
  }
  return absl::OkStatus();
}

// One annotation per examined move: what it does and how the repetition rules
// class it.
absl::Status Annotate(const Record& record, int plies,
                      const xiangqi::RuleOptions& rules,
                      const xiangqi::Notation* display,
                      const CallControl& control,
                      v1::AdjudicateGameResponse* response) {
  Position pos = record.start;
  const xiangqi::ClassifyOptions classify{rules.rule_set,
                                          rules.mate_threat_depth};
  for (int i = 0; i < plies && i < static_cast<int>(record.moves.size()); ++i) {
    // Classifying a move can search for mate threats: look at the clock often.
    if (i % 32 == 31 && control.Stopped()) return control.StopStatus();
    const Move m = record.moves[i];
    if (!pos.IsLegal(m)) break;
    v1::MoveAnnotation* a = response->add_annotations();
    a->set_ply(i + 1);
    a->set_side(rpc::ToProto(pos.SideToMove()));
    a->set_move(xiangqi::ToIccs(m));
    if (display != nullptr)
      a->set_display(xiangqi::FormatMove(pos, m, *display));
    a->set_captured(rpc::PieceLetter(pos.PieceAt(m.to)));
    const xiangqi::MoveClassification c =
        xiangqi::ClassifyMove(pos, m, classify);
    a->set_check(c.check);
    a->set_kind(rpc::ToProto(c.kind));
    for (const xiangqi::ChaseTarget& t : c.Targets()) {
      v1::XiangqiChaseTarget* target = a->add_targets();
      target->set_square(xiangqi::SquareName(t.target_square));
      target->set_piece(rpc::PieceLetter(t.target));
      target->set_attacker_square(xiangqi::SquareName(t.attacker_square));
      target->set_attacker(rpc::PieceLetter(t.attacker));
      target->set_target_protected(t.target_protected);
    }
    pos.MakeMove(m);
  }
  return absl::OkStatus();
}

void AddClaimable(const xiangqi::ClaimableDraw& draw,
                  v1::AdjudicateGameResponse* response) {
  v1::XiangqiClaimableDraw* out = response->add_claimable_draws();
  out->set_kind(draw.kind == xiangqi::ClaimableDraw::Kind::kRepetition
                    ? v1::XiangqiClaimableDraw::KIND_REPETITION
                    : v1::XiangqiClaimableDraw::KIND_NATURAL_LIMIT);
  if (draw.claimant) out->set_claimant(rpc::ToProto(*draw.claimant));
  out->set_ply(draw.ply);
}

}  // namespace

absl::Status XiangqiAdjudicateGame(const v1::AdjudicateGameRequest& request,
                                   const ServiceOptions& options,
                                   const CallControl& control,
                                   v1::AdjudicateGameResponse* response) {
  CAIPAN_RETURN_IF_ERROR(CheckNotation(request.notation(), "notation"));
  Language lang;
  CAIPAN_RETURN_IF_ERROR(ReadLanguage(request.language(), "language", &lang));
  xiangqi::RuleOptions rules;
  CAIPAN_RETURN_IF_ERROR(
      rpc::FromProto(request.xiangqi_rules(), "xiangqi_rules", &rules));
  Record record;
  CAIPAN_RETURN_IF_ERROR(ReadRecord(request, options, control, &record,
                                    response->mutable_warnings()));
  CAIPAN_RETURN_IF_ERROR(
      rpc::FromProto(request.xiangqi_claims(), "xiangqi_claims",
                     static_cast<int>(record.moves.size()), &record.claims));

  if (control.Stopped()) return control.StopStatus();
  std::optional<xiangqi::Verdict> judged = xiangqi::AdjudicateUnlessStopped(
      record.start, record.moves, rules, [&] { return control.Stopped(); },
      record.claims, record.unplayable);
  if (!judged) return control.StopStatus();
  xiangqi::Verdict& verdict = *judged;
  const Color first_mover = record.start.SideToMove();
  rpc::ToProto(verdict, first_mover, response->mutable_verdict(), lang);
  if (record.recorded) {
    response->set_recorded_result(record.recorded->result);
    response->set_recorded_termination(record.recorded->termination_text);
  }
  response->set_plies(static_cast<int>(record.moves.size()) +
                      (record.unplayable ? 1 : 0));
  response->set_final_fen(verdict.final_fen);
  response->set_trailing_moves(verdict.trailing_moves);
  xiangqi::Notation notation;
  const xiangqi::Notation* display =
      rpc::DisplayNotation(request.notation(), &notation) ? &notation : nullptr;
  if (verdict.repetition) {
    rpc::ToProto(*verdict.repetition, record.start, record.moves, display,
                 response->mutable_repetition(), lang);
  }
  for (const xiangqi::VaryOrder& order : verdict.vary_orders) {
    rpc::ToProto(order.ruling, record.start, record.moves, display,
                 response->add_vary_orders(), lang);
  }
  for (const xiangqi::ClaimableDraw& draw : verdict.claimable)
    AddClaimable(draw, response);
  for (const xiangqi::ClaimRuling& claim : verdict.claims) {
    rpc::ToProto(claim, record.start, record.moves, display,
                 response->add_claims(), lang);
  }
  if (verdict.claim_at_end) {
    rpc::ToProto(*verdict.claim_at_end, record.start, record.moves, display,
                 response->mutable_claim_at_end(), lang);
  }
  rpc::ToProto(verdict.limit_red, response->add_natural_limit());
  rpc::ToProto(verdict.limit_black, response->add_natural_limit());
  if (request.annotate()) {
    const int examined = verdict.reason == xiangqi::VerdictReason::kOngoing
                             ? static_cast<int>(record.moves.size())
                             : verdict.ply;
    return Annotate(record, examined, rules, display, control, response);
  }
  return absl::OkStatus();
}

absl::Status XiangqiRuleOnRepetition(const v1::RuleOnRepetitionRequest& request,
                                     const ServiceOptions& options,
                                     v1::RuleOnRepetitionResponse* response) {
  CAIPAN_RETURN_IF_ERROR(CheckNotation(request.notation(), "notation"));
  Language lang;
  CAIPAN_RETURN_IF_ERROR(ReadLanguage(request.language(), "language", &lang));
  xiangqi::RuleOptions rules;
  CAIPAN_RETURN_IF_ERROR(
      rpc::FromProto(request.xiangqi_rules(), "xiangqi_rules", &rules));
  rpc::XiangqiReplay replay;
  CAIPAN_RETURN_IF_ERROR(rpc::ReplayXiangqi(request.xiangqi(), "xiangqi",
                                            options.max_history_plies, &replay,
                                            response->mutable_warnings()));
  const xiangqi::FinalRepetition found =
      xiangqi::RuleOnFinalRepetition(replay.start, replay.moves, rules);
  const int occurrences = found.occurrences;
  const std::optional<xiangqi::RepetitionRuling>& repetition = found.ruling;
  v1::XiangqiRepetitionRuling* ruling = response->mutable_ruling();
  ruling->set_occurrences(occurrences);
  if (!repetition) {
    ruling->set_outcome(v1::XIANGQI_REPETITION_OUTCOME_NO_REPETITION);
    ruling->set_explanation(xiangqi::NoRepetitionText(occurrences, lang));
    return absl::OkStatus();
  }
  xiangqi::Notation notation;
  rpc::ToProto(
      *repetition, replay.start, replay.moves,
      rpc::DisplayNotation(request.notation(), &notation) ? &notation : nullptr,
      ruling, lang);
  ruling->set_occurrences(occurrences);
  return absl::OkStatus();
}

absl::Status XiangqiGetNaturalLimitStatus(
    const v1::GetNaturalLimitStatusRequest& request,
    const ServiceOptions& options,
    v1::GetNaturalLimitStatusResponse* response) {
  CAIPAN_RETURN_IF_ERROR(CheckSide(request.claimant(), "claimant"));
  if (request.claimant() == v1::SIDE_WHITE) {
    return absl::InvalidArgumentError(
        "claimant: xiangqi sides are SIDE_RED and SIDE_BLACK");
  }
  xiangqi::RuleOptions rules;
  CAIPAN_RETURN_IF_ERROR(
      rpc::FromProto(request.xiangqi_rules(), "xiangqi_rules", &rules));
  rpc::XiangqiReplay replay;
  CAIPAN_RETURN_IF_ERROR(rpc::ReplayXiangqi(request.xiangqi(), "xiangqi",
                                            options.max_history_plies, &replay,
                                            response->mutable_warnings()));
  for (Color c : {Color::kRed, Color::kBlack}) {
    if (request.claimant() != v1::SIDE_UNSPECIFIED &&
        rpc::ToProto(c) != request.claimant()) {
      continue;
    }
    absl::StatusOr<xiangqi::NaturalLimitStatus> status =
        xiangqi::ComputeNaturalLimit(replay.start, replay.moves, c, rules);
    if (!status.ok()) return status.status();
    rpc::ToProto(*status, response->add_statuses());
  }
  return absl::OkStatus();
}

}  // namespace caipan::services
