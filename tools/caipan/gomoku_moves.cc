// Move sequences to positions, through the engine's game state machine so
// that wins and forbidden moves end the sequence as they end a game.
#include "tools/caipan/gomoku_moves.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/gomoku/action.h"
#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/game.h"

namespace caipan::cli {
namespace {

namespace gm = ::caipan::gomoku;

// Every token is one move, so commas separate like spaces (no "propose:").
std::vector<std::string_view> SplitMoves(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  auto is_separator = [](char c) {
    return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' ||
           c == '\f' || c == '\v';
  };
  while (i < text.size()) {
    while (i < text.size() && is_separator(text[i])) ++i;
    const size_t start = i;
    while (i < text.size() && !is_separator(text[i])) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

absl::Status MoveError(int number, std::string_view token,
                       std::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat("--moves: move ", number, " (",
                                                 QuoteToken(token),
                                                 "): ", std::string(why)));
}

// "black wins: five", "white wins: forbidden-move double-three", ...
std::string ResultText(const gm::Game& game) {
  std::string out = gm::GameResultName(game.status());
  if (game.status() != gm::GameResult::kDraw) out += " wins";
  absl::StrAppend(&out, ": ", gm::ResultReasonName(game.reason()));
  if (game.reason() == gm::ResultReason::kForbiddenMove) {
    absl::StrAppend(&out, " ", gm::PointKindName(game.forbidden_kind()));
  }
  return out;
}

}  // namespace

absl::StatusOr<GomokuMovesPosition> PlayGomokuMoves(
    std::string_view moves, const gomoku::RuleOptions& rules) {
  gm::RuleOptions options = rules;
  // A position builder, not a game record: no designated opening or swap.
  options.opening = gm::OpeningRule::kFree;
  gm::Game game(options);
  // Which move put a stone on each point, to name it in a duplicate's error.
  std::array<int, gm::kNumPoints> placed_by = {};
  int number = 0;
  int ended_at = 0;
  for (std::string_view token : SplitMoves(moves)) {
    ++number;
    absl::StatusOr<gm::Action> action = gm::ParseAction(token);
    if (!action.ok()) {
      return MoveError(number, token, "not a point (a-o, 1-15) or pass");
    }
    if (action->type != gm::ActionType::kPlace &&
        action->type != gm::ActionType::kPass) {
      return MoveError(number, token, "only points and pass build a position");
    }
    if (action->off_board) {
      return MoveError(number, token, "off the board (columns a-o, rows 1-15)");
    }
    if (ended_at > 0) {
      return MoveError(number, token,
                       absl::StrCat("the game ended at move ", ended_at, " (",
                                    ResultText(game), ")"));
    }
    const int index = action->point.index();
    if (action->type == gm::ActionType::kPlace && placed_by[index] > 0) {
      return MoveError(
          number, token,
          absl::StrCat(gm::PointName(action->point),
                       " is already taken by move ", placed_by[index]));
    }
    if (std::optional<gm::Rejection> r = game.Apply(*action)) {
      return MoveError(
          number, token,
          absl::StrCat(gm::IllegalReasonName(r->reason), ": ", r->message));
    }
    if (action->type == gm::ActionType::kPlace) placed_by[index] = number;
    if (game.status() != gm::GameResult::kOngoing) ended_at = number;
  }
  GomokuMovesPosition position;
  position.board = game.board();
  position.to_move = game.to_act();
  position.moves = number;
  return position;
}

}  // namespace caipan::cli
