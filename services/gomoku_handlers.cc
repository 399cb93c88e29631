// Gomoku CheckMove, ListMoves and AdjudicateGame (see gomoku_handlers.h).
#include "services/gomoku_handlers.h"

#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/common/concat.h"
#include "engine/common/status_macros.h"
#include "engine/gomoku/action.h"
#include "engine/gomoku/adjudicate.h"
#include "engine/gomoku/explain.h"
#include "engine/gomoku/forbidden.h"
#include "rpc/gomoku_action_convert.h"
#include "rpc/gomoku_convert.h"
#include "services/request_checks.h"

namespace caipan::services {
namespace {

using gomoku::Action;
using gomoku::ActionType;
using gomoku::Color;
using gomoku::Game;
using gomoku::Point;

// Replays the request's position into `game` (built with the request's rules).
absl::Status Replay(const v1::GomokuPosition& position,
                    const v1::GomokuRuleOptions& rules_proto,
                    const ServiceOptions& options, std::optional<Game>* game,
                    int* plies) {
  gomoku::RuleOptions rules;
  CAIPAN_RETURN_IF_ERROR(rpc::FromProto(rules_proto, "gomoku_rules", &rules));
  std::vector<Action> actions;
  CAIPAN_RETURN_IF_ERROR(rpc::ReadGomokuActions(
      position, "gomoku", options.max_history_plies, &actions));
  game->emplace(rules, /*implied_opening_actions=*/true);
  *plies = static_cast<int>(actions.size());
  return rpc::ReplayGomoku(actions, "gomoku", &**game);
}

// The classification of a Black stone on `p` where forbidden moves apply, else
// kNone.
gomoku::PointKind BlackKind(const Game& game, Point p) {
  if (!game.options().black_forbidden || game.to_act() != Color::kBlack ||
      !game.board().IsEmpty(p)) {
    return gomoku::PointKind::kNone;
  }
  absl::StatusOr<gomoku::PointKind> kind =
      gomoku::ClassifyBlackPoint(game.board(), p);
  return kind.ok() ? *kind : gomoku::PointKind::kNone;
}

// Lists `action` as a legal move of the position.
void AddListed(const Action& action, v1::ListMovesResponse* response) {
  v1::ListedMove* listed = response->add_moves();
  listed->set_move(gomoku::FormatAction(action));
  rpc::ToProto(action, listed->mutable_gomoku_action());
}

// Applies `action` to the game or the board; the rejection if refused.
std::optional<gomoku::Rejection> ApplyTo(Game* game, const Action& action) {
  return game->Apply(action);
}
std::optional<gomoku::Rejection> ApplyTo(domain::GomokuBoard* board,
                                         const Action& action) {
  if (board->Play(action)) return std::nullopt;
  return board->last_rejection();
}
const Game& GameOf(const Game* game) { return *game; }
const Game& GameOf(const domain::GomokuBoard* board) { return board->game(); }

// PlayGomokuMove on a game or on a live game's board (which keeps its own
// game and plays typed actions on it).
template <typename Target>
bool PlayOn(Target* target, int plies, std::string_view text,
            v1::MoveCheck* check, Language lang, Action* played) {
  const Game* game = &GameOf(target);
  const bool zh = lang == Language::kChinese;
  check->set_side(rpc::ToProto(game->to_act()));
  absl::StatusOr<Action> action = gomoku::ParseAction(text);
  if (!action.ok()) {
    check->set_legal(false);
    check->set_rejection(v1::MOVE_REJECTION_UNPARSEABLE);
    check->set_reason(
        zh ? Concat("无法识别的着法“", text,
                    "”：应为点（a–o列、1–15行，如h8）或pass、swap、noswap、"
                    "propose:…、choose:…、draw")
           : std::string(action.status().message()));
    rpc::GameVerdict(*game, plies, check->mutable_verdict(), lang);
    return false;
  }
  const bool places =
      action->type == ActionType::kPlace || action->type == ActionType::kChoose;
  const gomoku::PointKind kind =
      places && !action->off_board &&
              game->status() == gomoku::GameResult::kOngoing
          ? BlackKind(*game, action->point)
          : gomoku::PointKind::kNone;
  // The action read: its canonical form is part of the answer, accepted or
  // not.
  check->set_move(gomoku::FormatAction(*action));
  rpc::ToProto(*action, check->mutable_gomoku_action());
  if (std::optional<gomoku::Rejection> rejected = ApplyTo(target, *action)) {
    check->set_legal(false);
    check->set_rejection(rejected->reason == gomoku::IllegalReason::kGameOver
                             ? v1::MOVE_REJECTION_GAME_OVER
                             : v1::MOVE_REJECTION_ILLEGAL);
    check->set_reason(
        rpc::RejectionText(*game, plies, *action, *rejected, lang));
    rpc::GameVerdict(*game, plies, check->mutable_verdict(), lang);
    return false;
  }
  v1::GomokuMoveEffect* effect = check->mutable_gomoku();
  effect->set_forbidden(rpc::ToForbiddenKind(kind));
  effect->set_five(game->reason() == gomoku::ResultReason::kFive);
  if (game->reason() == gomoku::ResultReason::kForbiddenMove) {
    check->set_legal(false);
    check->set_rejection(v1::MOVE_REJECTION_FORBIDDEN);
    check->set_reason(
        zh ? Concat(check->move(), "为",
                    gomoku::PointKindText(game->forbidden_kind(), lang),
                    "，黑方禁手判负")
           : absl::StrCat(check->move(), " is forbidden for black (",
                          gomoku::PointKindName(game->forbidden_kind()), ")"));
  } else {
    check->set_legal(true);
    check->set_rejection(v1::MOVE_REJECTION_NONE);
  }
  rpc::GameVerdict(*game, plies + 1, check->mutable_verdict(), lang);
  if (played != nullptr) *played = *std::move(action);
  return true;
}

}  // namespace

bool PlayGomokuMove(Game* game, int plies, std::string_view text,
                    v1::MoveCheck* check, Language lang) {
  return PlayOn(game, plies, text, check, lang, nullptr);
}

bool PlayGomokuMove(domain::GomokuBoard* board, std::string_view text,
                    Language lang, v1::MoveCheck* check, Action* played) {
  return PlayOn(board, board->plies(), text, check, lang, played);
}

void AddForbiddenPoints(
    const Game& game,
    google::protobuf::RepeatedPtrField<v1::GomokuForbiddenPoint>* points,
    std::vector<bool>* marks) {
  if (game.status() != gomoku::GameResult::kOngoing ||
      !game.options().black_forbidden || game.to_act() != Color::kBlack) {
    return;
  }
  for (const gomoku::ForbiddenPoint& f :
       gomoku::ListForbiddenPoints(game.board())) {
    v1::GomokuForbiddenPoint* out = points->Add();
    out->set_point(gomoku::PointName(f.point));
    out->set_kind(rpc::ToForbiddenKind(f.kind));
    if (marks != nullptr) (*marks)[f.point.index()] = true;
  }
}

absl::Status GomokuCheckMove(const v1::CheckMoveRequest& request,
                             const ServiceOptions& options,
                             v1::CheckMoveResponse* response) {
  absl::StatusOr<std::string> token = rpc::GomokuRequestedToken(
      request.move(), "move",
      request.has_gomoku_action() ? &request.gomoku_action() : nullptr,
      "gomoku_action");
  if (!token.ok()) return token.status();
  Language lang;
  CAIPAN_RETURN_IF_ERROR(ReadLanguage(request.language(), "language", &lang));
  std::optional<Game> game;
  int plies = 0;
  CAIPAN_RETURN_IF_ERROR(
      Replay(request.gomoku(), request.gomoku_rules(), options, &game, &plies));
  PlayGomokuMove(&*game, plies, *token, response->mutable_check(), lang);
  return absl::OkStatus();
}

absl::Status GomokuListMoves(const v1::ListMovesRequest& request,
                             const ServiceOptions& options,
                             v1::ListMovesResponse* response) {
  std::optional<Game> game;
  int plies = 0;
  CAIPAN_RETURN_IF_ERROR(
      Replay(request.gomoku(), request.gomoku_rules(), options, &game, &plies));
  response->set_side_to_move(rpc::ToProto(game->to_act()));
  rpc::DescribeTurn(*game, response->mutable_gomoku_turn());
  if (game->status() != gomoku::GameResult::kOngoing) return absl::OkStatus();
  // Forbidden points are listed apart and left out of the moves (playing one
  // loses).
  std::vector<bool> forbidden(gomoku::kNumPoints, false);
  AddForbiddenPoints(*game, response->mutable_forbidden_points(), &forbidden);
  // Points by column, then row (a1, a2, ..., o15); each tried on a copy of the
  // game so the opening protocol's constraints apply.
  for (int col = 0; col < gomoku::kBoardSize; ++col) {
    for (int row = 0; row < gomoku::kBoardSize; ++row) {
      const Point p{static_cast<int8_t>(col), static_cast<int8_t>(row)};
      if (!game->board().IsEmpty(p) || forbidden[p.index()]) continue;
      Game trial = *game;
      if (!trial.Apply(Action::Place(p))) AddListed(Action::Place(p), response);
    }
  }
  for (ActionType type : game->AllowedActions()) {
    if (type == ActionType::kPass) AddListed(Action::Pass(), response);
    if (type == ActionType::kSwap) {
      AddListed(Action::Swap(true), response);
      AddListed(Action::Swap(false), response);
    }
  }
  return absl::OkStatus();
}

absl::Status GomokuAdjudicateGame(const v1::AdjudicateGameRequest& request,
                                  const ServiceOptions& options,
                                  v1::AdjudicateGameResponse* response) {
  Language lang;
  CAIPAN_RETURN_IF_ERROR(ReadLanguage(request.language(), "language", &lang));
  gomoku::AdjudicationOptions adjudication;
  CAIPAN_RETURN_IF_ERROR(rpc::FromProto(request.gomoku_rules(), "gomoku_rules",
                                        &adjudication.rules));
  std::vector<Action> actions;
  CAIPAN_RETURN_IF_ERROR(rpc::ReadGomokuActions(
      request.gomoku(), "gomoku", options.max_history_plies, &actions));
  gomoku::Verdict a = gomoku::Adjudicate(actions, adjudication);
  if (a.illegal && a.illegal->reason == gomoku::IllegalReason::kGameOver) {
    // The record runs on after the result: the verdict is the one the game
    // ended with.
    a = gomoku::Adjudicate(std::span<const Action>(actions).first(a.ply - 1),
                           adjudication);
  }
  rpc::ToProto(a, adjudication.rules, response->mutable_verdict(), lang);
  response->set_plies(static_cast<int>(actions.size()));
  const bool decided = a.illegal || a.result != gomoku::GameResult::kOngoing;
  if (decided) {
    response->set_trailing_moves(static_cast<int>(actions.size()) - a.ply);
  }
  if (request.annotate()) {
    Game game(adjudication.rules, adjudication.implied_opening_actions);
    const int examined = decided ? a.ply - 1 : a.ply;
    for (int i = 0; i < static_cast<int>(actions.size()) && i <= examined;
         ++i) {
      const Action& action = actions[i];
      v1::MoveAnnotation* out = response->add_annotations();
      out->set_ply(i + 1);
      out->set_side(rpc::ToProto(game.to_act()));
      out->set_move(gomoku::FormatAction(action));
      rpc::ToProto(action, out->mutable_gomoku_action());
      if ((action.type == ActionType::kPlace ||
           action.type == ActionType::kChoose) &&
          !action.off_board) {
        out->set_forbidden(rpc::ToForbiddenKind(BlackKind(game, action.point)));
      }
      if (game.Apply(action)) break;
    }
  }
  return absl::OkStatus();
}

}  // namespace caipan::services
