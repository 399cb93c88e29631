// Xiangqi CheckMove and ListMoves (see xiangqi_moves.h).
#include "services/xiangqi_moves.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "engine/xiangqi/game_adjudicator.h"
#include "engine/xiangqi/notation.h"
#include "rpc/gomoku_action_convert.h"
#include "rpc/xiangqi_convert.h"
#include "rpc/xiangqi_rules_convert.h"
#include "services/request_checks.h"

namespace caipan::services {

using rpc::ToProto;
using xiangqi::Color;
using xiangqi::GameState;
using xiangqi::Move;
using xiangqi::Position;

void XiangqiPositionVerdict(GameState state, Color to_move, int plies,
                            v1::Verdict* verdict, Language lang) {
  const bool zh = lang == Language::kChinese;
  if (state == GameState::kCheckmate || state == GameState::kStalemate) {
    // The side to move has no legal move: it loses, mated or stalemated (困毙).
    const bool mate = state == GameState::kCheckmate;
    verdict->set_result(v1::RESULT_WIN);
    verdict->set_winner(ToProto(xiangqi::Opponent(to_move)));
    verdict->set_reason(mate ? v1::VERDICT_REASON_CHECKMATE
                             : v1::VERDICT_REASON_STALEMATE);
    verdict->set_decided_at_ply(plies);
    if (zh) {
      verdict->set_explanation(
          absl::StrCat(to_move == Color::kRed ? "红方" : "黑方",
                       mate ? "被将死" : "无着可走（困毙）"));
    } else {
      verdict->set_explanation(
          absl::StrCat(to_move == Color::kRed ? "red" : "black",
                       mate ? " is checkmated" : " has no legal move"));
    }
    return;
  }
  verdict->set_result(v1::RESULT_ONGOING);
  verdict->set_reason(v1::VERDICT_REASON_NONE);
  verdict->set_explanation(zh ? "对局未结束" : "ongoing");
}

void RejectAfterGameOver(const v1::Verdict& verdict, Color to_move,
                         Language lang, v1::MoveCheck* check) {
  check->set_legal(false);
  check->set_rejection(v1::MOVE_REJECTION_GAME_OVER);
  check->set_reason(absl::StrCat(
      lang == Language::kChinese ? "对局已结束：" : "the game is over: ",
      verdict.explanation()));
  check->set_side(ToProto(to_move));
  *check->mutable_verdict() = verdict;
}

namespace {

// Fills the rejection of `text`, which does not read as a legal move of `pos`
// (`error` says why; `state` is the position's).
void RejectMove(const Position& pos, int plies_before, GameState state,
                rpc::MoveParseError error, v1::MoveCheck* check,
                Language lang) {
  check->set_side(ToProto(pos.SideToMove()));
  check->set_legal(false);
  if (state == GameState::kCheckmate || state == GameState::kStalemate) {
    check->set_rejection(v1::MOVE_REJECTION_GAME_OVER);
    check->set_reason(lang == Language::kChinese
                          ? "对局已结束：走棋方无着可走"
                          : "the game is over: the side to move has no legal "
                            "move");
  } else {
    check->set_rejection(error.rejection);
    check->set_reason(std::move(error.reason));
    // A move the text names, though illegal, is answered in canonical form.
    if (error.named) check->set_move(xiangqi::ToIccs(*error.named));
    if (error.illegal)
      rpc::ToProto(*error.illegal, check->mutable_xiangqi_illegal());
  }
  XiangqiPositionVerdict(state, pos.SideToMove(), plies_before,
                         check->mutable_verdict(), lang);
}

// Fills what legal move `move` of `before` is: its side, canonical text and
// display form.
void AcceptMove(const Position& before, Move move, v1::Notation notation,
                v1::MoveCheck* check) {
  check->set_side(ToProto(before.SideToMove()));
  check->set_legal(true);
  check->set_rejection(v1::MOVE_REJECTION_NONE);
  check->set_move(xiangqi::ToIccs(move));
  xiangqi::Notation display;
  if (rpc::DisplayNotation(notation, &display)) {
    check->set_display(xiangqi::FormatMove(before, move, display));
  }
}

// Fills what an accepted move does: what it took and the position it leaves.
void DescribeEffect(xiangqi::Piece captured, GameState state_after,
                    std::string fen_after, v1::MoveCheck* check) {
  v1::XiangqiMoveEffect* effect = check->mutable_xiangqi();
  effect->set_fen_after(std::move(fen_after));
  effect->set_captured(rpc::PieceLetter(captured));
  effect->set_check(state_after == GameState::kCheck ||
                    state_after == GameState::kCheckmate);
  effect->set_state_after(ToProto(state_after));
}

}  // namespace

bool CheckXiangqiMove(const Position& pos, int plies_before,
                      std::string_view text, v1::Notation notation,
                      v1::MoveCheck* check, Move* move, Language lang) {
  rpc::MoveParseError error;
  if (!rpc::ParseXiangqiMove(pos, text, move, &error, lang)) {
    RejectMove(pos, plies_before, pos.State(), std::move(error), check, lang);
    return false;
  }
  AcceptMove(pos, *move, notation, check);
  Position after = pos;
  const xiangqi::Piece captured = after.PieceAt(move->to);
  after.MakeMove(*move);
  const GameState state = after.State();
  DescribeEffect(captured, state, after.ToFen(), check);
  XiangqiPositionVerdict(state, after.SideToMove(), plies_before + 1,
                         check->mutable_verdict(), lang);
  return true;
}

namespace {

// CheckAndPlayXiangqiMove on a GameAdjudicator or on a live game's board
// (which plays typed moves on its own adjudicator): `Game` gives the
// adjudicator's reads and Play.
template <typename Game>
bool CheckAndPlay(Game* game, Color first_mover, std::string_view text,
                  v1::Notation notation, Language lang, v1::MoveCheck* check,
                  Move* played) {
  // The game's position, which Play below changes: what the move is and what
  // it takes are read from it first.
  const Position& before = game->position();
  Move move;
  rpc::MoveParseError error;
  // A move that reads as legal shows that the side to move has one: mate and
  // stalemate are looked for only when it does not.
  if (game->decided() ||
      !rpc::ParseXiangqiMove(before, text, &move, &error, lang)) {
    if (game->over()) {
      v1::Verdict verdict;
      rpc::ToProto(game->Current(), first_mover, &verdict, lang);
      RejectAfterGameOver(verdict, before.SideToMove(), lang, check);
    } else {
      RejectMove(before, game->plies(),
                 before.InCheck() ? GameState::kCheck : GameState::kNormal,
                 std::move(error), check, lang);
    }
    return false;
  }
  AcceptMove(before, move, notation, check);
  const xiangqi::Piece captured = before.PieceAt(move.to);
  game->Play(move);
  const GameState state = game->PositionState();
  xiangqi::Verdict verdict = game->Current();
  DescribeEffect(captured, state, verdict.final_fen, check);
  rpc::ToProto(verdict, first_mover, check->mutable_verdict(), lang);
  if (played != nullptr) *played = move;
  return true;
}

}  // namespace

bool CheckAndPlayXiangqiMove(xiangqi::GameAdjudicator* game, Color first_mover,
                             std::string_view text, v1::Notation notation,
                             Language lang, v1::MoveCheck* check) {
  return CheckAndPlay(game, first_mover, text, notation, lang, check, nullptr);
}

bool CheckAndPlayXiangqiMove(domain::XiangqiBoard* board, std::string_view text,
                             v1::Notation notation, Language lang,
                             v1::MoveCheck* check, Move* played) {
  return CheckAndPlay(board, board->first_mover(), text, notation, lang, check,
                      played);
}

namespace {

// Plays history move `i` on `game`, which has not decided yet. The move is
// played as soon as its squares are known (ICCS text, a code): Play judges its
// legality, so it is not tested twice. Only a move named otherwise, or one
// Play refuses, is read in full, the latter only to say why.
absl::Status PlayHistoryMove(const rpc::XiangqiHistory& history, int i,
                             xiangqi::GameAdjudicator* game) {
  const int played = game->plies();
  // By value, so the common path keeps the move in a register.
  const std::optional<Move> named = history.Coordinates(i);
  if (named) {
    game->Play(*named);
    if (game->plies() != played) return absl::OkStatus();
  }
  // Refused (the game's position is unchanged), or not named by squares.
  Move move;
  rpc::MoveParseError error;
  if (!history.Parse(game->position(), i, &move, &error))
    return history.ErrorAt(i, error);
  if (!named) {
    game->Play(move);
    if (game->plies() != played) return absl::OkStatus();
  }
  return absl::InternalError(
      absl::StrCat("xiangqi: ply ", i + 1, " was refused though legal"));
}

// Plays the whole history on `game`. A ruling inside the history stops the
// adjudicated position; the moves after it must still be legal, and are read
// on a copy while the game counts them as trailing. Not inlined: inside the
// large request handler the compiler kept this loop's variables in memory.
[[gnu::noinline]] absl::Status ReplayHistory(const rpc::XiangqiHistory& history,
                                             xiangqi::GameAdjudicator* game) {
  const int n = history.size();
  int i = 0;
  for (; i < n && !game->decided(); ++i)
    CAIPAN_RETURN_IF_ERROR(PlayHistoryMove(history, i, game));
  if (i == n) return absl::OkStatus();
  Position after_decision = game->position();
  rpc::MoveParseError error;
  for (; i < n; ++i) {
    Move m;
    if (!history.Parse(after_decision, i, &m, &error))
      return history.ErrorAt(i, error);
    after_decision.MakeMove(m);
    game->Play(m);
  }
  return absl::OkStatus();
}

// CheckMove against a history under the automatic rules: the history and the
// move are adjudicated as AdjudicateGame and PlayGame would, so a move that
// completes a forbidden cycle or reaches the natural limit gets that verdict,
// and a move after a decided game is GAME_OVER.
absl::Status CheckAgainstHistory(const v1::CheckMoveRequest& request,
                                 const ServiceOptions& options,
                                 const xiangqi::RuleOptions& rules,
                                 Language lang,
                                 v1::CheckMoveResponse* response) {
  const rpc::XiangqiHistory history(request.xiangqi(), "xiangqi");
  CAIPAN_RETURN_IF_ERROR(history.CheckShape(options.max_history_plies));
  absl::StatusOr<Position> start = rpc::XiangqiStart(
      request.xiangqi(), "xiangqi", response->mutable_warnings());
  if (!start.ok()) return start.status();
  const int n = history.size();
  xiangqi::GameAdjudicator game(*start, rules, n + 1);
  CAIPAN_RETURN_IF_ERROR(ReplayHistory(history, &game));
  CheckAndPlayXiangqiMove(&game, start->SideToMove(), request.move(),
                          request.notation(), lang, response->mutable_check());
  return absl::OkStatus();
}

}  // namespace

absl::Status XiangqiCheckMove(const v1::CheckMoveRequest& request,
                              const ServiceOptions& options,
                              v1::CheckMoveResponse* response) {
  CAIPAN_RETURN_IF_ERROR(rpc::NoGomokuActionForXiangqi(
      request.has_gomoku_action(), "gomoku_action"));
  if (request.move().empty())
    return absl::InvalidArgumentError("move: required");
  CAIPAN_RETURN_IF_ERROR(CheckNotation(request.notation(), "notation"));
  Language lang;
  CAIPAN_RETURN_IF_ERROR(ReadLanguage(request.language(), "language", &lang));
  xiangqi::RuleOptions rules;
  CAIPAN_RETURN_IF_ERROR(
      rpc::FromProto(request.xiangqi_rules(), "xiangqi_rules", &rules));
  // Without a history nothing can repeat; in claim mode (no claims here)
  // only mate decides: the position alone answers, from the cache.
  const v1::XiangqiPosition& position = request.xiangqi();
  if ((position.moves_size() > 0 || position.move_codes_size() > 0) &&
      rules.mode == xiangqi::AdjudicationMode::kAutomatic) {
    return CheckAgainstHistory(request, options, rules, lang, response);
  }
  Position current;
  int plies = 0;
  CAIPAN_RETURN_IF_ERROR(rpc::ReplayXiangqiCurrent(
      request.xiangqi(), "xiangqi", options.max_history_plies,
      options.position_cache.get(), &current, &plies,
      response->mutable_warnings()));
  Move move;
  CheckXiangqiMove(current, plies, request.move(), request.notation(),
                   response->mutable_check(), &move, lang);
  return absl::OkStatus();
}

absl::Status XiangqiListMoves(const v1::ListMovesRequest& request,
                              const ServiceOptions& options,
                              v1::ListMovesResponse* response) {
  CAIPAN_RETURN_IF_ERROR(CheckNotation(request.notation(), "notation"));
  Position pos;
  int plies = 0;
  CAIPAN_RETURN_IF_ERROR(rpc::ReplayXiangqiCurrent(
      request.xiangqi(), "xiangqi", options.max_history_plies,
      options.position_cache.get(), &pos, &plies,
      response->mutable_warnings()));
  xiangqi::MoveList moves;
  pos.GenerateLegalMoves(&moves);
  // Sorted by ICCS text so answers are stable whatever the generation order.
  std::vector<std::pair<std::string, Move>> sorted;
  sorted.reserve(moves.size());
  for (Move m : moves) sorted.emplace_back(xiangqi::ToIccs(m), m);
  std::sort(sorted.begin(), sorted.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  xiangqi::Notation display;
  const bool want_display = rpc::DisplayNotation(request.notation(), &display);
  for (auto& [text, m] : sorted) {
    v1::ListedMove* listed = response->add_moves();
    if (want_display) listed->set_display(xiangqi::FormatMove(pos, m, display));
    listed->set_move(std::move(text));
  }
  response->set_side_to_move(ToProto(pos.SideToMove()));
  GameState state;
  if (!moves.empty()) {
    state = pos.InCheck() ? GameState::kCheck : GameState::kNormal;
  } else {
    state = pos.InCheck() ? GameState::kCheckmate : GameState::kStalemate;
  }
  response->set_xiangqi_state(ToProto(state));
  response->set_fen(pos.ToFen());
  return absl::OkStatus();
}

}  // namespace caipan::services
