// A PlayGame session for xiangqi (see xiangqi_session.h): the history is
// replayed once at the start, then each message advances the game by one move.
// Mate, stalemate, repetition rulings and the natural limit are judged after
// every move, at a cost independent of the game's length.
#include "services/xiangqi_session.h"

#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/position.h"
#include "rpc/xiangqi_convert.h"
#include "rpc/xiangqi_rules_convert.h"
#include "services/request_checks.h"
#include "services/xiangqi_moves.h"
#include "services/xiangqi_tracker.h"

namespace caipan::services {
namespace {

using xiangqi::Color;
using xiangqi::Move;
using xiangqi::Position;

xiangqi::VerdictReason ReasonFor(xiangqi::Conduct conduct) {
  switch (conduct) {
    case xiangqi::Conduct::kPerpetualCheck:
      return xiangqi::VerdictReason::kPerpetualCheck;
    case xiangqi::Conduct::kPerpetualChase:
      return xiangqi::VerdictReason::kPerpetualChase;
    case xiangqi::Conduct::kPerpetualMateThreat:
      return xiangqi::VerdictReason::kPerpetualMateThreat;
    case xiangqi::Conduct::kAllowed:
      return xiangqi::VerdictReason::kRepetitionDraw;
    default:
      return xiangqi::VerdictReason::kMixedForbiddenCycle;
  }
}

xiangqi::GameResult WinFor(Color c) {
  return c == Color::kRed ? xiangqi::GameResult::kRedWins
                          : xiangqi::GameResult::kBlackWins;
}

class XiangqiSession : public GameSession {
 public:
  XiangqiSession(const Position& start, const xiangqi::RuleOptions& rules,
                 v1::Notation notation, int max_plies)
      : tracker_(start, rules, max_plies),
        notation_(notation),
        max_plies_(max_plies),
        first_mover_(start.SideToMove()) {
    Judge(XiangqiTracker::Step(),
          nullptr);  // a start position may already be mate
  }

  // Replays the start message's history; the game may end within it.
  void Replay(const std::vector<Move>& moves) {
    for (Move m : moves) {
      if (over()) break;
      Judge(tracker_.Play(m), nullptr);
    }
  }

  void Describe(v1::PlayGameResponse* response) const {
    response->set_ply(tracker_.plies());
    *response->mutable_verdict() = verdict_;
  }

  absl::Status Play(std::string_view text,
                    v1::PlayGameResponse* response) override {
    v1::MoveCheck* check = response->mutable_check();
    if (over()) {
      check->set_legal(false);
      check->set_rejection(v1::MOVE_REJECTION_GAME_OVER);
      check->set_reason(
          absl::StrCat("the game is over: ", verdict_.explanation()));
      check->set_side(rpc::ToProto(tracker_.position().SideToMove()));
      *check->mutable_verdict() = verdict_;
      Describe(response);
      return absl::OkStatus();
    }
    if (tracker_.plies() >= max_plies_) {
      return absl::ResourceExhaustedError(
          absl::StrCat("move: the game reached the history limit of ",
                       max_plies_, " plies"));
    }
    Move move;
    if (CheckXiangqiMove(tracker_.position(), tracker_.plies(), text, notation_,
                         check, &move)) {
      Judge(tracker_.Play(move), response);
      *check->mutable_verdict() = verdict_;
    }
    Describe(response);
    return absl::OkStatus();
  }

  v1::Side SideToAct() const override {
    if (over()) return v1::SIDE_UNSPECIFIED;
    return rpc::ToProto(tracker_.position().SideToMove());
  }
  std::string Fen() const override { return tracker_.position().ToFen(); }

 private:
  bool over() const { return verdict_.result() != v1::RESULT_ONGOING; }

  // Decides the game after a move, as the adjudicator would; repetition rulings
  // that do not end the game (claim mode) go into `response` if given.
  void Judge(const XiangqiTracker::Step& step, v1::PlayGameResponse* response) {
    const Position& pos = tracker_.position();
    const int ply = tracker_.plies();
    const bool automatic =
        tracker_.options().mode == xiangqi::AdjudicationMode::kAutomatic;
    xiangqi::Verdict v;
    v.ply = ply;
    const xiangqi::GameState state = pos.State();
    if (state == xiangqi::GameState::kCheckmate ||
        state == xiangqi::GameState::kStalemate) {
      v.result = WinFor(xiangqi::Opponent(pos.SideToMove()));
      v.reason = state == xiangqi::GameState::kCheckmate
                     ? xiangqi::VerdictReason::kCheckmate
                     : xiangqi::VerdictReason::kStalemate;
    } else if (step.repetition) {
      const std::optional<Color> offender = step.repetition->MustVary();
      if (automatic ||
          (offender && ordered_to_vary_[xiangqi::Index(*offender)])) {
        if (offender) {
          v.result = WinFor(xiangqi::Opponent(*offender));
          v.reason = ReasonFor(step.repetition->ConductOf(*offender));
        } else {
          v.result = xiangqi::GameResult::kDraw;
          v.reason = xiangqi::VerdictReason::kRepetitionDraw;
        }
        v.repetition = step.repetition;
      } else if (offender) {
        ordered_to_vary_[xiangqi::Index(*offender)] = true;
      }
      if (response != nullptr) {
        xiangqi::Notation display;
        rpc::ToProto(
            *step.repetition, tracker_.start(), tracker_.moves(),
            rpc::DisplayNotation(notation_, &display) ? &display : nullptr,
            response->mutable_repetition());
        response->mutable_repetition()->set_occurrences(step.occurrences);
      }
    } else if (automatic && (tracker_.limit().Reached(Color::kRed) ||
                             tracker_.limit().Reached(Color::kBlack))) {
      v.result = xiangqi::GameResult::kDraw;
      v.reason = xiangqi::VerdictReason::kNaturalLimit;
    }
    verdict_.Clear();
    rpc::ToProto(v, first_mover_, &verdict_);
  }

  XiangqiTracker tracker_;
  v1::Notation notation_;
  int max_plies_;
  Color first_mover_;
  bool ordered_to_vary_[2] = {false, false};
  v1::Verdict verdict_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<GameSession>> StartXiangqiSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response) {
  if (absl::Status s = CheckNotation(start.notation(), "start.notation");
      !s.ok())
    return s;
  xiangqi::RuleOptions rules;
  if (absl::Status s =
          rpc::FromProto(start.xiangqi_rules(), "start.xiangqi_rules", &rules);
      !s.ok()) {
    return s;
  }
  rpc::XiangqiReplay replay;
  if (absl::Status s = rpc::ReplayXiangqi(start.xiangqi(), "start.xiangqi",
                                          options.max_history_plies, &replay);
      !s.ok()) {
    return s;
  }
  auto session = std::make_unique<XiangqiSession>(
      replay.start, rules, start.notation(), options.max_history_plies);
  session->Replay(replay.moves);
  session->Describe(response);
  return session;
}

}  // namespace caipan::services
