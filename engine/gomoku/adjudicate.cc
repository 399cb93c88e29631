// Runs a record through Game and reports the verdict.
#include "engine/gomoku/adjudicate.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"

namespace caipan::gomoku {
namespace {

bool IsOpeningDecision(ActionType t) {
  return t == ActionType::kSwap || t == ActionType::kNoSwap ||
         t == ActionType::kPropose || t == ActionType::kChoose;
}

void FillState(const Game& game, Verdict* a) {
  a->to_act = game.to_act();
  a->allowed = game.AllowedActions();
  a->candidates = game.candidates();
  a->swapped = game.swapped();
  a->opening = game.opening();
}

}  // namespace

const char* VerdictName(const Verdict& verdict) {
  if (verdict.illegal) return "illegal";
  return GameResultName(verdict.result);
}

Verdict Adjudicate(std::span<const Action> record,
                   const AdjudicationOptions& options) {
  Game game(options.rules, options.implied_opening_actions);
  Verdict a;
  for (size_t i = 0; i < record.size(); ++i) {
    const Action& action = record[i];
    const int ply = static_cast<int>(i) + 1;
    const int moves_before = game.moves();
    if (std::optional<Rejection> r = game.Apply(action)) {
      a = Verdict{};
      a.illegal = std::move(r);
      a.ply = ply;
      a.move = moves_before + 1;
      a.action = action.text.empty() ? FormatAction(action) : action.text;
      FillState(game, &a);
      return a;
    }
    if (game.status() != GameResult::kOngoing && a.ply == 0) {
      // Decided here; any further action is rejected as game-over.
      a.result = game.status();
      a.reason = game.reason();
      a.forbidden_kind = game.forbidden_kind();
      a.ply = ply;
      a.move = game.moves();
      a.action = action.text.empty() ? FormatAction(action) : action.text;
      if (game.moves() > moves_before && action.type != ActionType::kPass) {
        a.point = game.last_point();
      }
    }
  }
  if (a.result == GameResult::kOngoing) {
    a.ply = static_cast<int>(record.size());
    a.move = game.moves();
  }
  FillState(game, &a);
  return a;
}

absl::StatusOr<std::vector<Action>> MergeOpeningActions(
    std::vector<Action> moves, const std::vector<Action>& opening_actions) {
  if (opening_actions.empty()) return moves;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (IsOpeningDecision(moves[i].type)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--moves token ", i + 1, " (", moves[i].text,
          ") is an opening decision; give opening decisions either in "
          "--moves or in --opening-actions, not both"));
    }
  }
  const Action* swap = nullptr;
  const Action* propose = nullptr;
  const Action* choose = nullptr;
  for (size_t i = 0; i < opening_actions.size(); ++i) {
    const Action& o = opening_actions[i];
    const Action** slot = nullptr;
    switch (o.type) {
      case ActionType::kSwap:
      case ActionType::kNoSwap:
        slot = &swap;
        break;
      case ActionType::kPropose:
        slot = &propose;
        break;
      case ActionType::kChoose:
        slot = &choose;
        break;
      case ActionType::kPlace:
      case ActionType::kPass:
      case ActionType::kAgreeDraw:
        return absl::InvalidArgumentError(absl::StrCat(
            "--opening-actions token ", i + 1, " (", o.text,
            "): only swap, noswap, propose:... and choose:... belong here"));
    }
    if (*slot != nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("--opening-actions token ", i + 1, " (", o.text,
                       "): that decision is already given"));
    }
    *slot = &o;
  }
  if (choose != nullptr && propose == nullptr) {
    return absl::InvalidArgumentError(
        "--opening-actions: choose:... needs a propose:... to choose from");
  }

  std::vector<Action> merged;
  int played = 0;  // stones and passes copied so far
  bool swap_done = false, propose_done = false;
  auto emit_due = [&] {
    if (played >= 3 && swap && !swap_done) {
      merged.push_back(*swap);
      swap_done = true;
    }
    if (played >= 4 && propose && !propose_done) {
      merged.push_back(*propose);
      propose_done = true;
    }
  };
  for (Action& m : moves) {
    emit_due();
    if (played == 4 && choose != nullptr && propose_done) {
      // The record's move 5 is the chosen candidate; the choice plays it.
      if (m.type != ActionType::kPlace || m.off_board ||
          !(m.point == choose->point)) {
        return absl::InvalidArgumentError(
            absl::StrCat("--opening-actions ", choose->text,
                         " but move 5 in --moves is ", m.text));
      }
      merged.push_back(*choose);
      choose = nullptr;
      ++played;
      continue;
    }
    merged.push_back(std::move(m));
    ++played;
  }
  emit_due();
  if (swap && !swap_done) merged.push_back(*swap);
  if (propose && !propose_done) merged.push_back(*propose);
  if (choose) merged.push_back(*choose);
  return merged;
}

absl::StatusOr<Verdict> AdjudicateText(std::string_view moves,
                                       std::string_view opening_actions,
                                       const AdjudicationOptions& options) {
  CAIPAN_RETURN_IF_ERROR(ValidateRuleOptions(options.rules));
  absl::StatusOr<std::vector<Action>> record = ParseRecord(moves);
  if (!record.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--moves: ", record.status().message()));
  }
  absl::StatusOr<std::vector<Action>> decisions = ParseRecord(opening_actions);
  if (!decisions.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--opening-actions: ", decisions.status().message()));
  }
  CAIPAN_ASSIGN_OR_RETURN(std::vector<Action> merged,
                          MergeOpeningActions(*std::move(record), *decisions));
  return Adjudicate(merged, options);
}

}  // namespace caipan::gomoku
