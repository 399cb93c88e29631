// Adjudication of a game record: the first illegal action, or the result
// with its reason and ply, or "ongoing" with the next allowed actions.
// Stateless: the RPC service calls Adjudicate once per request.
//
// Plies count the record's actions from 1 (opening decisions included);
// `move` counts stones and passes. For a plain list of points they are the
// same.
#ifndef CAIPAN_ENGINE_GOMOKU_ADJUDICATE_H_
#define CAIPAN_ENGINE_GOMOKU_ADJUDICATE_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/gomoku/action.h"
#include "engine/gomoku/game.h"
#include "engine/gomoku/rules.h"

namespace caipan::gomoku {

struct AdjudicationOptions {
  RuleOptions rules;
  // Under designated-opening rules, let a record leave the opening decisions
  // out: no swap, and the fifth move played directly (see Game). Decisions
  // that are given are always checked.
  bool implied_opening_actions = true;
};

// The verdict on a record, shaped like xiangqi::Verdict: the result, its
// reason and the ply it was decided at, or the first illegal action.
struct Verdict {
  // An illegal action leaves the result kOngoing: the record is rejected at
  // `ply` (the RPC service rules it a loss for the player who acted).
  GameResult result = GameResult::kOngoing;
  // Wins and draws.
  ResultReason reason = ResultReason::kNone;
  // The kind of forbidden point black played (reason == kForbiddenMove).
  PointKind forbidden_kind = PointKind::kNone;
  // The deciding or illegal action (1-based), or, when ongoing, the number
  // of actions applied; `move` is the move number it concerns.
  int ply = 0;
  int move = 0;
  // The first action that could not be applied: why, in a stable reason and
  // in words.
  std::optional<Rejection> illegal;
  // Token of the deciding or illegal action.
  std::string action;
  // Stone that decided the game.
  std::optional<Point> point;

  // State after the last legal action: who acts next and how (when ongoing
  // or illegal), the swap and the opening played.
  Color to_act = Color::kBlack;
  std::vector<ActionType> allowed;
  // Pending fifth-move candidates.
  std::vector<Point> candidates;
  bool swapped = false;
  std::optional<OpeningMatch> opening;
};
// "ongoing", "black", "white", "draw", or "illegal" when an action was
// rejected.
const char* VerdictName(const Verdict& verdict);

Verdict Adjudicate(std::span<const Action> record,
                   const AdjudicationOptions& options);

// Merges opening decisions given apart from a plain record of moves: the swap
// decision goes after move 3, the proposal after move 4, and a "choose" must
// name the record's move 5 (which then plays it); decisions past the end of
// the record are appended. Fails if the record already has decisions or the
// decisions repeat.
absl::StatusOr<std::vector<Action>> MergeOpeningActions(
    std::vector<Action> moves, const std::vector<Action>& opening_actions);

// Parses "--moves" and "--opening-actions" text, merges and adjudicates.
// Errors (unreadable tokens, bad merges, bad options) are returned as status.
absl::StatusOr<Verdict> AdjudicateText(std::string_view moves,
                                       std::string_view opening_actions,
                                       const AdjudicationOptions& options);

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_ADJUDICATE_H_
