// Proto <-> engine conversion for gomoku (see gomoku_convert.h).
#include "rpc/gomoku_convert.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/common/concat.h"
#include "engine/gomoku/explain.h"
#include "engine/gomoku/notation.h"
#include "rpc/gomoku_action_convert.h"

namespace caipan::rpc {
namespace {

using gomoku::Color;

const char* ColorWord(Color c) {
  return c == Color::kBlack ? "black" : "white";
}

// `position.actions` as engine actions; errors name the action.
absl::Status ReadTypedActions(const v1::GomokuPosition& position,
                              absl::string_view field, int max_plies,
                              std::vector<gomoku::Action>* actions) {
  if (position.actions_size() > max_plies) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ".actions: ", position.actions_size(),
                     " actions exceed the limit of ", max_plies));
  }
  actions->reserve(position.actions_size());
  for (int i = 0; i < position.actions_size(); ++i) {
    const std::string name = absl::StrCat(field, ".actions[", i, "]");
    absl::StatusOr<std::string> token =
        GomokuActionToken(position.actions(i), name);
    if (!token.ok()) return token.status();
    absl::StatusOr<gomoku::Action> action = gomoku::ParseAction(*token);
    if (!action.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": ", action.status().message()));
    }
    actions->push_back(*std::move(action));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status FromProto(const v1::GomokuRuleOptions& proto,
                       absl::string_view field, gomoku::RuleOptions* options) {
  gomoku::RuleSet rule_set;
  switch (proto.rule_set()) {
    case v1::GOMOKU_RULE_SET_UNSPECIFIED:
    case v1::GOMOKU_RULE_SET_CHINESE:
      rule_set = gomoku::RuleSet::kChinese;
      break;
    case v1::GOMOKU_RULE_SET_RENJU_RIF:
      rule_set = gomoku::RuleSet::kRenjuRif;
      break;
    case v1::GOMOKU_RULE_SET_STANDARD:
      rule_set = gomoku::RuleSet::kGomokuStandard;
      break;
    case v1::GOMOKU_RULE_SET_FREESTYLE:
      rule_set = gomoku::RuleSet::kGomokuFreestyle;
      break;
    default:
      return absl::InvalidArgumentError(
          absl::StrCat(field, ".rule_set: unknown value ",
                       static_cast<int>(proto.rule_set())));
  }
  *options = gomoku::RuleOptionsFor(rule_set);
  if (proto.fifth_move_alternatives() != 0) {
    options->fifth_move_alternatives = proto.fifth_move_alternatives();
  }
  if (proto.skip_opening_check()) options->opening = gomoku::OpeningRule::kFree;
  absl::Status valid = gomoku::ValidateRuleOptions(*options);
  if (!valid.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", valid.message()));
  }
  return absl::OkStatus();
}

absl::Status ReadGomokuActions(const v1::GomokuPosition& position,
                               absl::string_view field, int max_plies,
                               std::vector<gomoku::Action>* actions) {
  actions->clear();
  if (position.actions_size() > 0) {
    if (position.moves_size() > 0 || position.has_opening()) {
      return absl::InvalidArgumentError(absl::StrCat(
          field, ".actions: give either actions, or moves with opening"));
    }
    return ReadTypedActions(position, field, max_plies, actions);
  }
  if (position.moves_size() > max_plies) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ".moves: ", position.moves_size(),
                     " plies exceed the limit of ", max_plies));
  }
  actions->reserve(position.moves_size());
  for (int i = 0; i < position.moves_size(); ++i) {
    absl::StatusOr<gomoku::Action> action =
        gomoku::ParseAction(position.moves(i));
    if (!action.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ".moves[", i, "]: ", action.status().message()));
    }
    if (action->type != gomoku::ActionType::kPlace) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ".moves[", i, "]: \"", action->text,
                       "\" is not a point; passes and opening decisions go in ",
                       field, ".actions (or ", field, ".opening)"));
    }
    actions->push_back(*std::move(action));
  }
  if (!position.has_opening()) return absl::OkStatus();
  std::vector<gomoku::Action> decisions;
  decisions.push_back(gomoku::Action::Swap(position.opening().swapped()));
  if (position.opening().fifth_move_offers_size() > 0) {
    std::vector<gomoku::Point> offers;
    for (int i = 0; i < position.opening().fifth_move_offers_size(); ++i) {
      absl::StatusOr<gomoku::Point> point =
          gomoku::ParsePoint(position.opening().fifth_move_offers(i));
      if (!point.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ".opening.fifth_move_offers[", i,
                         "]: ", point.status().message()));
      }
      offers.push_back(*point);
    }
    decisions.push_back(gomoku::Action::Propose(std::move(offers)));
  }
  absl::StatusOr<std::vector<gomoku::Action>> merged =
      gomoku::MergeOpeningActions(std::move(*actions), decisions);
  if (!merged.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ".opening: ", merged.status().message()));
  }
  *actions = *std::move(merged);
  return absl::OkStatus();
}

absl::Status ReplayGomoku(const std::vector<gomoku::Action>& actions,
                          absl::string_view field, gomoku::Game* game) {
  for (size_t i = 0; i < actions.size(); ++i) {
    if (std::optional<gomoku::Rejection> rejected = game->Apply(actions[i]))
      return HistoryActionRefused(field, i, actions[i], *rejected);
  }
  return absl::OkStatus();
}

absl::Status HistoryActionRefused(absl::string_view field, size_t index,
                                  const gomoku::Action& action,
                                  const gomoku::Rejection& rejected) {
  return absl::InvalidArgumentError(absl::StrCat(field, ".moves: action ",
                                                 index + 1, " (", action.text,
                                                 "): ", rejected.message));
}

v1::Side ToProto(Color color) {
  return color == Color::kBlack ? v1::SIDE_BLACK : v1::SIDE_WHITE;
}

v1::ForbiddenKind ToForbiddenKind(gomoku::PointKind kind) {
  switch (kind) {
    case gomoku::PointKind::kOverline:
      return v1::FORBIDDEN_KIND_OVERLINE;
    case gomoku::PointKind::kDoubleFour:
      return v1::FORBIDDEN_KIND_DOUBLE_FOUR;
    case gomoku::PointKind::kDoubleThree:
      return v1::FORBIDDEN_KIND_DOUBLE_THREE;
    default:
      return v1::FORBIDDEN_KIND_NONE;
  }
}

bool IsOpeningViolation(gomoku::IllegalReason reason) {
  switch (reason) {
    case gomoku::IllegalReason::kNotDesignatedOpening:
    case gomoku::IllegalReason::kPassInOpening:
    case gomoku::IllegalReason::kWrongCandidateCount:
    case gomoku::IllegalReason::kDuplicateCandidate:
    case gomoku::IllegalReason::kEquivalentCandidates:
    case gomoku::IllegalReason::kNotACandidate:
      return true;
    default:
      return false;
  }
}

namespace {

void SetEnd(gomoku::GameResult result, gomoku::ResultReason reason,
            gomoku::PointKind kind, int ply, v1::Verdict* verdict) {
  switch (result) {
    case gomoku::GameResult::kOngoing:
      verdict->set_result(v1::RESULT_ONGOING);
      verdict->set_reason(v1::VERDICT_REASON_NONE);
      verdict->set_explanation("ongoing");
      return;
    case gomoku::GameResult::kBlackWins:
    case gomoku::GameResult::kWhiteWins: {
      const Color winner = result == gomoku::GameResult::kBlackWins
                               ? Color::kBlack
                               : Color::kWhite;
      verdict->set_result(v1::RESULT_WIN);
      verdict->set_winner(ToProto(winner));
      break;
    }
    case gomoku::GameResult::kDraw:
      verdict->set_result(v1::RESULT_DRAW);
      break;
  }
  switch (reason) {
    case gomoku::ResultReason::kFive:
      verdict->set_reason(v1::VERDICT_REASON_FIVE);
      break;
    case gomoku::ResultReason::kForbiddenMove:
      verdict->set_reason(v1::VERDICT_REASON_FORBIDDEN_MOVE);
      break;
    case gomoku::ResultReason::kFullBoard:
      verdict->set_reason(v1::VERDICT_REASON_BOARD_FULL);
      break;
    case gomoku::ResultReason::kTwoPasses:
      verdict->set_reason(v1::VERDICT_REASON_DOUBLE_PASS);
      break;
    case gomoku::ResultReason::kAgreement:
      verdict->set_reason(v1::VERDICT_REASON_AGREED_DRAW);
      break;
    case gomoku::ResultReason::kNone:
      verdict->set_reason(v1::VERDICT_REASON_NONE);
      break;
  }
  std::string explanation = gomoku::ResultReasonName(reason);
  if (reason == gomoku::ResultReason::kForbiddenMove) {
    absl::StrAppend(&explanation, " (", gomoku::PointKindName(kind), ")");
  }
  verdict->set_explanation(explanation);
  verdict->set_decided_at_ply(ply);
}

// The game's state as the adjudication of its record, to explain it.
gomoku::Verdict StateOf(const gomoku::Game& game, int plies) {
  gomoku::Verdict a;
  a.result = game.status();
  a.reason = game.reason();
  a.forbidden_kind = game.forbidden_kind();
  a.ply = plies;
  a.move = game.moves();
  // A five, a forbidden point or the board's last point: the stone decided.
  if (a.reason == gomoku::ResultReason::kFive ||
      a.reason == gomoku::ResultReason::kForbiddenMove ||
      a.reason == gomoku::ResultReason::kFullBoard) {
    a.point = game.last_point();
  }
  a.to_act = game.to_act();
  a.allowed = game.AllowedActions();
  a.candidates = game.candidates();
  return a;
}

}  // namespace

void GameVerdict(const gomoku::Game& game, int plies, v1::Verdict* verdict,
                 Language lang) {
  SetEnd(game.status(), game.reason(), game.forbidden_kind(), plies, verdict);
  if (lang != Language::kEnglish) {
    verdict->set_explanation(gomoku::ExplainAdjudication(StateOf(game, plies),
                                                         game.options(), lang));
  }
}

void ToProto(const gomoku::Verdict& a, const gomoku::RuleOptions& rules,
             v1::Verdict* verdict, Language lang) {
  if (a.illegal) {
    // The player who attempted the illegal action (the one to act) loses by
    // it.
    verdict->set_result(v1::RESULT_WIN);
    verdict->set_winner(ToProto(gomoku::Opponent(a.to_act)));
    verdict->set_reason(IsOpeningViolation(a.illegal->reason)
                            ? v1::VERDICT_REASON_OPENING_VIOLATION
                            : v1::VERDICT_REASON_ILLEGAL_MOVE);
    verdict->set_decided_at_ply(a.ply);
    verdict->set_explanation(
        lang == Language::kEnglish
            ? absl::StrCat(ColorWord(a.to_act), " ", a.action, ": ",
                           a.illegal->message)
            : Concat(gomoku::ColorText(a.to_act, lang), "第", a.ply, "步",
                     a.action, "违例，判负：",
                     gomoku::ExplainRejection(a, rules, lang), "。"));
    return;
  }
  SetEnd(a.result, a.reason, a.forbidden_kind, a.ply, verdict);
  if (lang != Language::kEnglish) {
    verdict->set_explanation(gomoku::ExplainAdjudication(a, rules, lang));
  }
}

std::string RejectionText(const gomoku::Game& game, int plies,
                          const gomoku::Action& action,
                          const gomoku::Rejection& rejection, Language lang) {
  if (lang == Language::kEnglish) return rejection.message;
  // The rejection as Adjudicate would report it, which the catalog explains.
  gomoku::Verdict a = StateOf(game, plies);
  a.illegal = rejection;
  a.ply = plies + 1;
  a.move = game.moves() + 1;
  a.action = action.text.empty() ? gomoku::FormatAction(action) : action.text;
  a.point.reset();
  return gomoku::ExplainRejection(a, game.options(), lang);
}

}  // namespace caipan::rpc
