// The players' and arbiters' actions on a live game (see live_game.h): each
// checks the caller and the game's state, changes the tentative state, and
// commits its events; refusals change nothing.
#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "services/call_control.h"
#include "services/game/domain_sides.h"
#include "services/game/game_fold.h"
#include "services/game/live_game.h"
#include "services/game/live_game_guards.h"
#include "services/game/side_name.h"
#include "services/game/stored_move.h"
#include "services/request_checks.h"

namespace caipan::services::game {
namespace {

absl::Status RequireReason(const std::string& reason) {
  if (reason.empty())
    return absl::InvalidArgumentError("reason: required for this action");
  return absl::OkStatus();
}

constexpr char kClocksNotStarted[] =
    "the clocks have not started: they start once both sides have made their "
    "first move";

}  // namespace

absl::StatusOr<int> LiveGame::PlayerMayAct(const std::string& token) const {
  absl::StatusOr<int> player = PlayerOf(token);
  if (!player.ok()) return player.status();
  CAIPAN_RETURN_IF_ERROR(CheckLive());
  return player;
}

absl::Status LiveGame::ArbiterMayAct(const std::string& token,
                                     const std::string* reason) const {
  CAIPAN_RETURN_IF_ERROR(CheckArbiter(token));
  CAIPAN_RETURN_IF_ERROR(CheckLive());
  if (reason != nullptr) return RequireReason(*reason);
  return absl::OkStatus();
}

void LiveGame::SubmitMove(const v1::SubmitMoveRequest& request,
                          v1::SubmitMoveResponse* response, Done done) {
  Language lang;
  if (absl::Status s = ReadLanguage(request.language(), "language", &lang);
      !s.ok())
    return done(s);
  absl::ReleasableMutexLock lock(&mu_);
  absl::StatusOr<int> player = PlayerOf(request.token());
  if (!player.ok()) return lock.Release(), done(player.status());
  absl::StatusOr<std::string> text = kind_->submitted_move(request);
  if (!text.ok()) return lock.Release(), done(text.status());
  if (request.ply() != 0 && request.ply() != plies_ + 1) {
    const int ply = request.ply() - 1;  // index of the move meant
    if (ply < 0 || ply > plies_) {
      return lock.Release(),
             done(rpc::WithReason(
                 absl::FailedPreconditionError(
                     absl::StrCat("ply: ", request.ply(),
                                  " is not the next ply (", plies_ + 1, ")")),
                 rpc::kReasonStalePly));
    }
    // A retry of a move already accepted gets the stored answer.
    const int64_t sequence = plays_[ply].sequence;
    if (sequence > committed_.last_sequence()) {
      return lock.Release(), done(absl::UnavailableError(absl::StrCat(
                                 "the move for ply ", request.ply(),
                                 " is still being stored; retry")));
    }
    const v1::GameEvent& played = log_[sequence - 1];
    const bool same =
        played.move().submitted() == *text || played.move().move() == *text;
    if (!same) {
      return lock.Release(),
             done(absl::FailedPreconditionError(absl::StrCat(
                 "ply: ply ", request.ply(), " was played already (", plies_,
                 " plies played)")));
    }
    *response->mutable_check() = played.move().check();
    response->set_sequence(played.sequence());
    lock.Release();
    *response->mutable_game() = Snapshot(/*with_moves=*/false);
    return done(absl::OkStatus());
  }
  // A move that comes after the mover's flag fell gets the time-forfeit
  // verdict as its answer, whether or not the alarm has ended the game yet.
  const bool flag_fell_before =
      state_.status() == v1::GAME_STATUS_FINISHED &&
      state_.verdict().reason() == v1::VERDICT_REASON_TIME_FORFEIT;
  if (!flag_fell_before) {
    if (absl::Status s = CheckLive(); !s.ok()) return lock.Release(), done(s);
  }
  const int64_t now = context_->time->SteadyMs();
  std::vector<v1::GameEvent> flag_events;
  if (flag_fell_before || FlagFallIfDue(now, &flag_events)) {
    v1::MoveCheck* check = response->mutable_check();
    check->set_legal(false);
    check->set_rejection(v1::MOVE_REJECTION_GAME_OVER);
    check->set_reason(ExplanationIn(state_.verdict(), lang));
    check->set_side(SideOfPlayer(*player));
    *check->mutable_verdict() = state_.verdict();
    check->mutable_verdict()->set_explanation(check->reason());
    if (flag_events.empty()) {
      lock.Release();
      *response->mutable_game() = Snapshot(/*with_moves=*/false);
      return done(absl::OkStatus());
    }
    Commit(std::move(flag_events), [self = shared_from_this(), response,
                                    done = std::move(done)](absl::Status s) {
      if (s.ok())
        *response->mutable_game() = self->Snapshot(/*with_moves=*/false);
      done(s);
    });
    return;
  }
  if (PlayerToAct() != *player) {
    return lock.Release(),
           done(rpc::WithReason(
               absl::FailedPreconditionError(absl::StrCat(
                   "not your turn: ", SideName(SideOfPlayer(PlayerToAct())),
                   " is to act")),
               rpc::kReasonNotYourTurn));
  }
  // While the arbiter has the clocks stopped, play stands still (a move made
  // then would be made on no one's time).
  if (state_.clocks().paused()) {
    return lock.Release(),
           done(rpc::WithReason(
               absl::FailedPreconditionError(
                   "the arbiter has paused the clocks: no move until they are "
                   "resumed"),
               rpc::kReasonClocksPaused));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  if (plies_ >= context_->max_plies) {
    return lock.Release(),
           done(rpc::WithReason(
               absl::ResourceExhaustedError(
                   absl::StrCat("move: the game reached the history limit of ",
                                context_->max_plies, " plies")),
               rpc::kReasonLimitReached));
  }
  // The text is read against the board and, if legal, played on it as a
  // typed move; the check describes it as CheckMove would.
  const std::optional<domain::TypedMove> played = kind_->play_submitted(
      board_.get(), *text, lang, response->mutable_check());
  if (!played) {
    // Refused: nothing changed.
    lock.Release();
    *response->mutable_game() = Snapshot(/*with_moves=*/false);
    return done(absl::OkStatus());
  }
  // The game keeps a verdict that ends it worded in both languages, an
  // ongoing one in English (as the check words it for an English request).
  v1::Verdict verdict_after = response->check().verdict();
  if (verdict_after.result() != v1::RESULT_ONGOING) {
    SetExplanations(kind_->explain_verdict(*board_, Language::kEnglish),
                    kind_->explain_verdict(*board_, Language::kChinese),
                    &verdict_after);
  } else if (lang != Language::kEnglish) {
    verdict_after.set_explanation(
        kind_->explain_verdict(*board_, Language::kEnglish));
  }
  const v1::Side side = SideOfPlayer(*player);
  // The first moves of a game whose clocks wait for them take no time.
  const bool was_awaiting = AwaitingFirstMoves();
  const int64_t elapsed =
      was_awaiting ? 0 : std::max<int64_t>(0, now - turn_started_ms_);
  plies_ = board_->plies();
  turn_started_ms_ = now;
  v1::GameEvent event = NewEvent();
  v1::MovePlayed* move = event.mutable_move();
  move->set_side(side);
  move->set_move(response->check().move());
  move->set_submitted(*text);
  StoreTypedMove(*played, move);
  move->set_at_ply(plies_ - 1);
  move->set_elapsed_ms(elapsed);
  if (verdict_after.result() == v1::RESULT_ONGOING) {
    *state_.mutable_verdict() = verdict_after;
    clock_->CompleteMove(now, std::max(0, PlayerToAct()));
    if (was_awaiting && !AwaitingFirstMoves()) clock_->Resume(now);
  } else {
    EndGame(verdict_after, now);
  }
  *response->mutable_check()->mutable_verdict() = state_.verdict();
  *move->mutable_check() = response->check();
  response->mutable_check()->mutable_verdict()->set_explanation(
      ExplanationIn(state_.verdict(), lang));
  Seal(&event, now);
  plays_.push_back({side, *played, event.sequence()});
  const int64_t sequence = event.sequence();
  std::vector<v1::GameEvent> events;
  events.push_back(std::move(event));
  Commit(std::move(events), [self = shared_from_this(), response, sequence,
                             done = std::move(done)](absl::Status s) {
    if (s.ok()) {
      response->set_sequence(sequence);
      *response->mutable_game() = self->Snapshot(/*with_moves=*/false);
    }
    done(s);
  });
}

void LiveGame::Resign(const v1::ResignRequest& request, v1::Game* response,
                      Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  absl::StatusOr<int> player = PlayerMayAct(request.token());
  if (!player.ok()) return lock.Release(), done(player.status());
  const int64_t now = context_->time->SteadyMs();
  CAIPAN_RETURN_IF_FLAG_FELL(now, done);
  const v1::Side side = SideOfPlayer(*player);
  v1::GameEvent event = NewEvent();
  event.mutable_resigned()->set_side(side);
  EndGame(MakeVerdict(v1::RESULT_WIN, SideOfPlayer(1 - *player),
                      v1::VERDICT_REASON_RESIGNATION, plies_,
                      absl::StrCat(SideName(side), " resigned"),
                      absl::StrCat(SideName(side, Language::kChinese), "认输")),
          now);
  CommitOne(std::move(event), response, std::move(done));
}

void LiveGame::OfferDraw(const v1::OfferDrawRequest& request,
                         v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  absl::StatusOr<int> player = PlayerMayAct(request.token());
  if (!player.ok()) return lock.Release(), done(player.status());
  const int64_t now = context_->time->SteadyMs();
  CAIPAN_RETURN_IF_FLAG_FELL(now, done);
  if (state_.draw_offer() != v1::SIDE_UNSPECIFIED) {
    return lock.Release(),
           done(absl::FailedPreconditionError(
               absl::StrCat("a draw offer by ", SideName(state_.draw_offer()),
                            " is already pending")));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  v1::GameEvent event = NewEvent();
  event.mutable_draw_offered()->set_side(SideOfPlayer(*player));
  CommitOne(std::move(event), response, std::move(done));
}

void LiveGame::RespondToDrawOffer(const v1::RespondToDrawOfferRequest& request,
                                  v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  absl::StatusOr<int> player = PlayerMayAct(request.token());
  if (!player.ok()) return lock.Release(), done(player.status());
  const int64_t now = context_->time->SteadyMs();
  CAIPAN_RETURN_IF_FLAG_FELL(now, done);
  const v1::Side side = SideOfPlayer(*player);
  if (state_.draw_offer() == v1::SIDE_UNSPECIFIED ||
      state_.draw_offer() == side) {
    return lock.Release(), done(absl::FailedPreconditionError(
                               "no draw offer from the opponent is pending"));
  }
  v1::GameEvent event = NewEvent();
  event.mutable_draw_answered()->set_side(side);
  event.mutable_draw_answered()->set_accepted(request.accept());
  if (request.accept()) {
    EndGame(MakeVerdict(v1::RESULT_DRAW, v1::SIDE_UNSPECIFIED,
                        v1::VERDICT_REASON_AGREED_DRAW, plies_, "draw agreed",
                        "双方同意和棋"),
            now);
  }
  CommitOne(std::move(event), response, std::move(done));
}

void LiveGame::ClaimDraw(const v1::ClaimDrawRequest& request,
                         v1::ClaimDrawResponse* response, Done done) {
  Language lang;
  if (absl::Status s = ReadLanguage(request.language(), "language", &lang);
      !s.ok())
    return done(s);
  absl::ReleasableMutexLock lock(&mu_);
  absl::StatusOr<int> player = PlayerMayAct(request.token());
  if (!player.ok()) return lock.Release(), done(player.status());
  const int64_t now = context_->time->SteadyMs();
  CAIPAN_RETURN_IF_FLAG_FELL(now, done);
  if (PlayerToAct() != *player) {
    return lock.Release(),
           done(absl::FailedPreconditionError(
               "a draw is claimed in one's own time: wait for your turn"));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  const v1::Side side = SideOfPlayer(*player);
  // The game's own board holds the position and its history: it rules at
  // once, without replaying the game, in both languages.
  absl::StatusOr<domain::DrawClaimRuling> ruling =
      board_->RuleOnDrawClaim(FromProto(side), lang);
  if (!ruling.ok()) {
    return lock.Release(), done(absl::FailedPreconditionError(absl::StrCat(
                               kind_->name, ": ", ruling.status().message())));
  }
  std::string chinese_text = ruling->chinese;
  using Grant = domain::DrawClaimRuling::Grant;
  const bool granted = ruling->granted != Grant::kNone;
  v1::GameEvent event = NewEvent();
  v1::DrawClaim* claim = event.mutable_draw_claimed();
  claim->set_side(side);
  claim->set_granted(granted);
  if (granted) {
    claim->set_explanation(
        absl::StrCat(ruling->english, ", claimed by ", SideName(side)));
    chinese_text = absl::StrCat(chinese_text, "（",
                                SideName(side, Language::kChinese), "提出）");
    EndGame(MakeVerdict(v1::RESULT_DRAW, v1::SIDE_UNSPECIFIED,
                        ruling->granted == Grant::kNaturalLimit
                            ? v1::VERDICT_REASON_NATURAL_LIMIT
                            : v1::VERDICT_REASON_REPETITION_DRAW,
                        plies_, claim->explanation(), chinese_text),
            now);
  } else {
    claim->set_explanation(ruling->english);
  }
  response->set_granted(claim->granted());
  response->set_explanation(lang == Language::kChinese ? chinese_text
                                                       : claim->explanation());
  CommitOne(std::move(event), response->mutable_game(), std::move(done));
}

void LiveGame::RecordFoul(const v1::RecordFoulRequest& request,
                          v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  if (absl::Status s = ArbiterMayAct(request.token(), &request.reason());
      !s.ok())
    return lock.Release(), done(s);
  const int player = PlayerOfSide(request.side());
  if (player == kNoPlayer) {
    return lock.Release(),
           done(absl::InvalidArgumentError("side: not a side of this game"));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  const int64_t now = context_->time->SteadyMs();
  int count = 1;
  for (const v1::Foul& f : state_.fouls()) count += f.side() == request.side();
  v1::GameEvent event = NewEvent();
  v1::FoulRecorded* foul = event.mutable_foul();
  foul->set_side(request.side());
  foul->set_reason(request.reason());
  foul->set_count(count);
  const int limit = spec_.game().foul_limit();
  if (limit > 0 && count >= limit) {
    EndGame(
        MakeVerdict(
            v1::RESULT_WIN, SideOfPlayer(1 - player),
            v1::VERDICT_REASON_FOUL_LIMIT, plies_,
            absl::StrCat(SideName(request.side()), " reached the foul limit (",
                         count, " fouls): ", request.reason()),
            absl::StrCat(SideName(request.side(), Language::kChinese), "犯规达",
                         count, "次，判负：", request.reason())),
        now, /*armageddon_applies=*/false);
  }
  CommitOne(std::move(event), response, std::move(done));
}

void LiveGame::SetResult(const v1::SetResultRequest& request,
                         v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  if (absl::Status s = CheckArbiter(request.token()); !s.ok())
    return lock.Release(), done(s);
  if (absl::Status s = RequireReason(request.reason()); !s.ok())
    return lock.Release(), done(s);
  if (state_.status() == v1::GAME_STATUS_ABORTED) {
    return lock.Release(),
           done(absl::FailedPreconditionError("the game was aborted"));
  }
  v1::Side winner = v1::SIDE_UNSPECIFIED;
  if (request.result() == v1::RESULT_WIN) {
    if (PlayerOfSide(request.winner()) == kNoPlayer) {
      return lock.Release(), done(absl::InvalidArgumentError(
                                 "winner: not a side of this game"));
    }
    winner = request.winner();
  } else if (request.result() != v1::RESULT_DRAW) {
    return lock.Release(), done(absl::InvalidArgumentError(
                               "result: RESULT_WIN or RESULT_DRAW"));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  const int64_t now = context_->time->SteadyMs();
  v1::GameEvent event = NewEvent();
  v1::ArbiterAction* action = event.mutable_result_set();
  action->set_reason(request.reason());
  action->set_result(request.result());
  action->set_winner(winner);
  EndGame(MakeVerdict(request.result(), winner,
                      v1::VERDICT_REASON_ARBITER_DECISION, plies_,
                      absl::StrCat("arbiter's decision: ", request.reason()),
                      absl::StrCat("裁判裁决：", request.reason())),
          now, /*armageddon_applies=*/false);
  CommitOne(std::move(event), response, std::move(done));
}

void LiveGame::PauseClocks(const v1::PauseClocksRequest& request,
                           v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  if (absl::Status s = ArbiterMayAct(request.token(), nullptr); !s.ok())
    return lock.Release(), done(s);
  if (!control_.timed) {
    return lock.Release(),
           done(absl::FailedPreconditionError("the game has no clocks"));
  }
  const int64_t now = context_->time->SteadyMs();
  CAIPAN_RETURN_IF_FLAG_FELL(now, done);
  if (AwaitingFirstMoves()) {
    return lock.Release(),
           done(absl::FailedPreconditionError(kClocksNotStarted));
  }
  if (clock_->paused()) {
    return lock.Release(),
           done(absl::FailedPreconditionError("the clocks are already paused"));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  clock_->Pause(now);
  v1::GameEvent event = NewEvent();
  event.mutable_paused()->set_reason(request.reason());
  CommitOne(std::move(event), response, std::move(done));
}

void LiveGame::ResumeClocks(const v1::ResumeClocksRequest& request,
                            v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  if (absl::Status s = ArbiterMayAct(request.token(), nullptr); !s.ok())
    return lock.Release(), done(s);
  if (AwaitingFirstMoves()) {
    return lock.Release(),
           done(absl::FailedPreconditionError(kClocksNotStarted));
  }
  if (!control_.timed || !clock_->paused()) {
    return lock.Release(),
           done(absl::FailedPreconditionError("the clocks are not paused"));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  const int64_t now = context_->time->SteadyMs();
  clock_->Resume(now);
  turn_started_ms_ = now;
  v1::GameEvent event = NewEvent();
  event.mutable_resumed()->set_reason(request.reason());
  CommitOne(std::move(event), response, std::move(done));
}

void LiveGame::StartClocks(const v1::StartClocksRequest& request,
                           v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  if (absl::Status s = ArbiterMayAct(request.token(), nullptr); !s.ok())
    return lock.Release(), done(s);
  const int64_t unix_now = context_->time->UnixMs();
  if (plies_ > 0 || state_.start_time_unix_ms() <= unix_now) {
    return lock.Release(),
           done(absl::FailedPreconditionError(
               "the game is not waiting for its start time: its clocks have "
               "started"));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  const int64_t now = context_->time->SteadyMs();
  v1::GameEvent event = NewEvent();
  event.mutable_clocks_started()->set_reason(
      request.reason().empty() ? "started by the arbiter" : request.reason());
  // The first side's clock runs from now, as if this were the start time.
  state_.set_start_time_unix_ms(event.time_unix_ms());
  const bool paused = clock_->paused();
  clock_.emplace(control_, std::max(0, PlayerToAct()), now);
  if (paused) clock_->Pause(now);
  turn_started_ms_ = now;
  CommitOne(std::move(event), response, std::move(done));
}

void LiveGame::AdjustClock(const v1::AdjustClockRequest& request,
                           v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  if (absl::Status s = ArbiterMayAct(request.token(), &request.reason());
      !s.ok())
    return lock.Release(), done(s);
  if (!control_.timed) {
    return lock.Release(),
           done(absl::FailedPreconditionError("the game has no clocks"));
  }
  constexpr int64_t kMaxDelta = clock::kMaxSeconds * 1000;
  if (request.delta_ms() == 0 || request.delta_ms() > kMaxDelta ||
      request.delta_ms() < -kMaxDelta) {
    return lock.Release(),
           done(absl::InvalidArgumentError(absl::StrCat(
               "delta_ms: must be non-zero and within ±", kMaxDelta)));
  }
  const int64_t now = context_->time->SteadyMs();
  CAIPAN_RETURN_IF_FLAG_FELL(now, done);
  int target = -1;  // the shared clock
  if (request.side() != v1::SIDE_UNSPECIFIED) {
    target = PlayerOfSide(request.side());
    if (target == kNoPlayer) {
      return lock.Release(),
             done(absl::InvalidArgumentError("side: not a side of this game"));
    }
  } else if (clock_->Read(now).shared_remaining_ms <= 0) {
    return lock.Release(), done(absl::FailedPreconditionError(
                               "side: no shared clock is running"));
  }
  if (absl::Status s = CheckEventRoom(); !s.ok())
    return lock.Release(), done(s);
  clock_->Adjust(target, request.delta_ms(), now);
  v1::GameEvent event = NewEvent();
  v1::ClockAdjustment* adjusted = event.mutable_clock_adjusted();
  adjusted->set_side(request.side());
  adjusted->set_delta_ms(request.delta_ms());
  adjusted->set_reason(request.reason());
  Seal(&event, now);
  std::vector<v1::GameEvent> events;
  events.push_back(std::move(event));
  // Time taken away may leave the side to act with none.
  FlagFallIfDue(now, &events);
  Commit(std::move(events), [self = shared_from_this(), response,
                             done = std::move(done)](absl::Status s) {
    if (s.ok()) *response = self->Snapshot();
    done(s);
  });
}

void LiveGame::AbortGame(const v1::AbortGameRequest& request,
                         v1::Game* response, Done done) {
  absl::ReleasableMutexLock lock(&mu_);
  if (absl::Status s = ArbiterMayAct(request.token(), &request.reason());
      !s.ok())
    return lock.Release(), done(s);
  const int64_t now = context_->time->SteadyMs();
  v1::GameEvent event = NewEvent();
  event.mutable_aborted()->set_reason(request.reason());
  EndGame(
      MakeVerdict(v1::RESULT_NO_RESULT, v1::SIDE_UNSPECIFIED,
                  v1::VERDICT_REASON_ABORTED, plies_,
                  absl::StrCat("aborted by the arbiter: ", request.reason()),
                  absl::StrCat("裁判中止对局：", request.reason())),
      now, /*armageddon_applies=*/false);
  CommitOne(std::move(event), response, std::move(done));
}

void LiveGame::ExpireIfUnstarted(int64_t unix_now) {
  absl::MutexLock lock(&mu_);
  const int64_t deadline = spec_.unstarted_deadline_unix_ms();
  // A game whose clocks an arbiter paused is in the arbiter's hands.
  if (deadline == 0 || unix_now < deadline || plies_ >= PliesToStart() ||
      state_.status() != v1::GAME_STATUS_LIVE || state_.clocks().paused() ||
      stored_sequence_ != committed_.last_sequence())
    return;
  const int64_t now = context_->time->SteadyMs();
  v1::GameEvent event = NewEvent();
  event.mutable_aborted()->set_reason("no move was made in time");
  EndGame(MakeVerdict(v1::RESULT_NO_RESULT, v1::SIDE_UNSPECIFIED,
                      v1::VERDICT_REASON_ABORTED, plies_,
                      "aborted: no move was made in time",
                      "对局作废：规定时间内无人走棋"),
          now, /*armageddon_applies=*/false);
  Seal(&event, now);
  std::vector<v1::GameEvent> events;
  events.push_back(std::move(event));
  Commit(std::move(events), [](absl::Status) {});
}

}  // namespace caipan::services::game
