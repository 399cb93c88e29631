// Folding events into a game (see game_fold.h).
#include "services/game/game_fold.h"

#include <algorithm>
#include <utility>

namespace caipan::services::game {
namespace {

void AddRuling(const char* action, const std::string& reason, int64_t sequence,
               v1::Game* game) {
  v1::Ruling* ruling = game->add_rulings();
  ruling->set_action(action);
  ruling->set_reason(reason);
  ruling->set_sequence(sequence);
}

// The colour the player holding `side` now started with: after a gomoku swap,
// the other one.
v1::Side StartingSide(const v1::Game& game, v1::Side side) {
  if (!game.swapped()) return side;
  if (side == v1::SIDE_BLACK) return v1::SIDE_WHITE;
  if (side == v1::SIDE_WHITE) return v1::SIDE_BLACK;
  return side;
}

}  // namespace

v1::Verdict MakeVerdict(v1::Result result, v1::Side winner,
                        v1::VerdictReason reason, int ply, std::string english,
                        std::string chinese) {
  v1::Verdict v;
  v.set_result(result);
  v.set_winner(winner);
  v.set_reason(reason);
  v.set_decided_at_ply(ply);
  SetExplanations(std::move(english), std::move(chinese), &v);
  return v;
}

void SetExplanations(std::string english, std::string chinese,
                     v1::Verdict* verdict) {
  auto& explanations = *verdict->mutable_explanations();
  explanations["en"] = english;
  explanations["zh"] = std::move(chinese);
  verdict->set_explanation(std::move(english));
}

const std::string& ExplanationIn(const v1::Verdict& verdict, Language lang) {
  if (lang == Language::kChinese) {
    auto it = verdict.explanations().find("zh");
    if (it != verdict.explanations().end()) return it->second;
  }
  return verdict.explanation();
}

const char* StoreStatusName(v1::GameStatus status) {
  switch (status) {
    case v1::GAME_STATUS_LIVE:
      return "live";
    case v1::GAME_STATUS_FINISHED:
      return "finished";
    case v1::GAME_STATUS_ABORTED:
      return "aborted";
    default:
      return "";
  }
}

const v1::Player* WinningPlayer(const v1::Game& game) {
  if (game.verdict().result() != v1::RESULT_WIN) return nullptr;
  const v1::Side started = StartingSide(game, game.verdict().winner());
  for (const v1::Player& player : game.players()) {
    if (player.side() == started) return &player;
  }
  return nullptr;
}

v1::GameStatus StatusOf(const v1::Verdict& verdict) {
  switch (verdict.result()) {
    case v1::RESULT_ONGOING:
    case v1::RESULT_UNSPECIFIED:
      return v1::GAME_STATUS_LIVE;
    case v1::RESULT_NO_RESULT:
      return v1::GAME_STATUS_ABORTED;
    default:
      return v1::GAME_STATUS_FINISHED;
  }
}

void FoldEvent(const v1::GameEvent& event, v1::Game* game) {
  const int64_t seq = event.sequence();
  switch (event.kind_case()) {
    case v1::GameEvent::kCreated:
      *game = event.created().game();
      break;
    case v1::GameEvent::kMove:
      game->add_moves(event.move().move());
      // An offer lapses when the player it was made to moves instead.
      if (game->draw_offer() != event.move().side())
        game->set_draw_offer(v1::SIDE_UNSPECIFIED);
      // A takeback request is about the position it was made in.
      game->set_takeback_request(v1::SIDE_UNSPECIFIED);
      break;
    case v1::GameEvent::kTakebackRequested:
      game->set_takeback_request(event.takeback_requested().side());
      break;
    case v1::GameEvent::kTakebackAnswered: {
      game->set_takeback_request(v1::SIDE_UNSPECIFIED);
      const int undone = event.takeback_answered().plies();
      if (undone > 0) {
        const int kept = std::max(0, game->moves_size() - undone);
        game->mutable_moves()->DeleteSubrange(kept, game->moves_size() - kept);
        game->set_draw_offer(v1::SIDE_UNSPECIFIED);
      }
      break;
    }
    case v1::GameEvent::kDrawOffered:
      game->set_draw_offer(event.draw_offered().side());
      break;
    case v1::GameEvent::kDrawAnswered:
      game->set_draw_offer(v1::SIDE_UNSPECIFIED);
      break;
    case v1::GameEvent::kFoul: {
      v1::Foul* foul = game->add_fouls();
      foul->set_side(event.foul().side());
      foul->set_reason(event.foul().reason());
      foul->set_sequence(seq);
      break;
    }
    case v1::GameEvent::kResultSet:
      AddRuling("set_result", event.result_set().reason(), seq, game);
      break;
    case v1::GameEvent::kPaused:
      AddRuling("pause", event.paused().reason(), seq, game);
      break;
    case v1::GameEvent::kResumed:
      AddRuling("resume", event.resumed().reason(), seq, game);
      break;
    case v1::GameEvent::kClockAdjusted:
      AddRuling("adjust_clock", event.clock_adjusted().reason(), seq, game);
      break;
    case v1::GameEvent::kAborted:
      AddRuling("abort", event.aborted().reason(), seq, game);
      break;
    case v1::GameEvent::kClocksStarted:
      AddRuling("start_clocks", event.clocks_started().reason(), seq, game);
      game->set_start_time_unix_ms(event.time_unix_ms());
      break;
    case v1::GameEvent::kDrawClaimed:
    case v1::GameEvent::kResigned:
    case v1::GameEvent::kFlagFell:
    case v1::GameEvent::KIND_NOT_SET:
      break;
  }
  game->set_last_sequence(seq);
  game->set_ply(event.ply());
  *game->mutable_clocks() = event.clocks();
  *game->mutable_verdict() = event.verdict();
  game->set_side_to_act(event.side_to_act());
  if (!event.fen().empty()) game->set_fen(event.fen());
  game->set_swapped(event.swapped());
  game->set_status(StatusOf(event.verdict()));
  if (const v1::Player* winner = WinningPlayer(*game)) {
    *game->mutable_winner() = *winner;
  } else {
    game->clear_winner();
  }
  if (game->status() != v1::GAME_STATUS_LIVE) {
    game->set_draw_offer(v1::SIDE_UNSPECIFIED);
    game->set_takeback_request(v1::SIDE_UNSPECIFIED);
  }
}

}  // namespace caipan::services::game
