// A PlayGame session for xiangqi (see xiangqi_session.h): the history is
// replayed once at the start on a game board (the one live games play on),
// then each message advances it by one move. Mate, stalemate, repetition
// rulings and the natural limit are judged after every move, at a cost
// independent of the game's length.
#include "services/xiangqi_session.h"

#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "domain/xiangqi_board.h"
#include "engine/common/status_macros.h"
#include "engine/xiangqi/position.h"
#include "rpc/xiangqi_convert.h"
#include "rpc/xiangqi_rules_convert.h"
#include "services/request_checks.h"
#include "services/xiangqi_moves.h"

namespace caipan::services {
namespace {

using xiangqi::Color;
using xiangqi::Move;
using xiangqi::Position;

// The board's adjudicator is the engine's GameAdjudicator, as AdjudicateGame
// and CheckMove use: one verdict everywhere.
class XiangqiSession : public GameSession {
 public:
  XiangqiSession(const Position& start, const xiangqi::RuleOptions& rules,
                 v1::Notation notation, Language lang, int max_plies)
      : board_(start, rules),
        notation_(notation),
        lang_(lang),
        max_plies_(max_plies) {
    UpdateVerdict();  // a start position may already be mate
  }

  // Replays the start message's history; the game may end within it.
  void Replay(const std::vector<Move>& moves) {
    if (over()) return;
    for (Move m : moves) board_.PlayRecorded(m);
    UpdateVerdict();
  }

  void Describe(v1::PlayGameResponse* response) const {
    response->set_ply(board_.plies());
    *response->mutable_verdict() = verdict_;
  }

  absl::Status Play(std::string_view text,
                    v1::PlayGameResponse* response) override {
    v1::MoveCheck* check = response->mutable_check();
    if (over()) {
      RejectAfterGameOver(verdict_, board_.position().SideToMove(), lang_,
                          check);
      Describe(response);
      return absl::OkStatus();
    }
    if (board_.plies() >= max_plies_) {
      return absl::ResourceExhaustedError(
          absl::StrCat("move: the game reached the history limit of ",
                       max_plies_, " plies"));
    }
    if (CheckAndPlayXiangqiMove(&board_, text, notation_, lang_, check,
                                /*played=*/nullptr)) {
      verdict_ = check->verdict();
      const xiangqi::GameAdjudicator& game = board_.game();
      if (game.last_ruling()) {
        rpc::ToProto(*game.last_ruling(), game.start(), game.moves(), Display(),
                     response->mutable_repetition(), lang_);
      }
    }
    Describe(response);
    return absl::OkStatus();
  }

  absl::Status Claim(const v1::XiangqiClaim& claim,
                     v1::PlayGameResponse* response) override {
    if (claim.ply() != 0 && claim.ply() != board_.plies()) {
      return absl::InvalidArgumentError(
          absl::StrCat("claim.ply: ", claim.ply(), " is not the current ply ",
                       board_.plies(), " (0 also means now)"));
    }
    std::optional<Color> side;
    if (claim.side() == v1::SIDE_RED) {
      side = Color::kRed;
    } else if (claim.side() == v1::SIDE_BLACK) {
      side = Color::kBlack;
    } else if (claim.side() != v1::SIDE_UNSPECIFIED) {
      return absl::InvalidArgumentError(
          "claim.side: expected SIDE_RED or SIDE_BLACK");
    }
    const std::optional<xiangqi::ClaimRuling> ruling = board_.Claim(side);
    if (ruling) {
      const xiangqi::GameAdjudicator& game = board_.game();
      rpc::ToProto(*ruling, game.start(), game.moves(), Display(),
                   response->mutable_claim(), lang_);
    }
    UpdateVerdict();
    Describe(response);
    return absl::OkStatus();
  }

 private:
  bool over() const { return verdict_.result() != v1::RESULT_ONGOING; }

  const xiangqi::Notation* Display() {
    return rpc::DisplayNotation(notation_, &display_) ? &display_ : nullptr;
  }

  void UpdateVerdict() {
    verdict_.Clear();
    rpc::ToProto(board_.Current(), board_.first_mover(), &verdict_, lang_);
  }

  domain::XiangqiBoard board_;
  v1::Notation notation_;
  xiangqi::Notation display_;
  Language lang_;
  int max_plies_;
  v1::Verdict verdict_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<GameSession>> StartXiangqiSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response) {
  CAIPAN_RETURN_IF_ERROR(CheckNotation(start.notation(), "start.notation"));
  Language lang;
  CAIPAN_RETURN_IF_ERROR(
      ReadLanguage(start.language(), "start.language", &lang));
  xiangqi::RuleOptions rules;
  CAIPAN_RETURN_IF_ERROR(
      rpc::FromProto(start.xiangqi_rules(), "start.xiangqi_rules", &rules));
  rpc::XiangqiReplay replay;
  CAIPAN_RETURN_IF_ERROR(rpc::ReplayXiangqi(start.xiangqi(), "start.xiangqi",
                                            options.max_history_plies, &replay,
                                            response->mutable_warnings()));
  auto session = std::make_unique<XiangqiSession>(
      replay.start, rules, start.notation(), lang, options.max_history_plies);
  session->Replay(replay.moves);
  session->Describe(response);
  return session;
}

}  // namespace caipan::services
