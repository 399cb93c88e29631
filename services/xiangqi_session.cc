// A PlayGame session for xiangqi (see xiangqi_session.h): the position is
// replayed once at the start and then advanced one move per message.
#include "services/xiangqi_session.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/position.h"
#include "rpc/xiangqi_convert.h"
#include "services/request_checks.h"
#include "services/xiangqi_moves.h"

namespace caipan::services {
namespace {

using xiangqi::Move;
using xiangqi::Position;

class XiangqiSession : public GameSession {
 public:
  XiangqiSession(rpc::XiangqiReplay replay, v1::Notation notation,
                 int max_plies)
      : replay_(std::move(replay)),
        notation_(notation),
        max_plies_(max_plies) {}

  // Fills the reply to the start message: where the game stands.
  void Describe(v1::PlayGameResponse* response) {
    response->set_ply(plies());
    XiangqiPositionVerdict(replay_.current.State(),
                           replay_.current.SideToMove(), plies(), &verdict_);
    *response->mutable_verdict() = verdict_;
  }

  absl::Status Play(std::string_view text,
                    v1::PlayGameResponse* response) override {
    v1::MoveCheck* check = response->mutable_check();
    response->set_ply(plies());
    if (verdict_.result() != v1::RESULT_ONGOING) {
      check->set_legal(false);
      check->set_rejection(v1::MOVE_REJECTION_GAME_OVER);
      check->set_reason(
          absl::StrCat("the game is over: ", verdict_.explanation()));
      check->set_side(rpc::ToProto(replay_.current.SideToMove()));
      *check->mutable_verdict() = verdict_;
      *response->mutable_verdict() = verdict_;
      return absl::OkStatus();
    }
    if (plies() >= max_plies_) {
      return absl::ResourceExhaustedError(
          absl::StrCat("move: the game reached the history limit of ",
                       max_plies_, " plies"));
    }
    Move move;
    if (CheckXiangqiMove(replay_.current, plies(), text, notation_, check,
                         &move)) {
      replay_.current.MakeMove(move);
      replay_.moves.push_back(move);
      verdict_ = check->verdict();
      response->set_ply(plies());
    }
    *response->mutable_verdict() = check->verdict();
    return absl::OkStatus();
  }

 private:
  int plies() const { return static_cast<int>(replay_.moves.size()); }

  rpc::XiangqiReplay replay_;
  v1::Notation notation_;
  int max_plies_;
  v1::Verdict verdict_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<GameSession>> StartXiangqiSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response) {
  if (absl::Status s = CheckNotation(start.notation(), "start.notation");
      !s.ok())
    return s;
  rpc::XiangqiReplay replay;
  if (absl::Status s = rpc::ReplayXiangqi(start.xiangqi(), "start.xiangqi",
                                          options.max_history_plies, &replay);
      !s.ok()) {
    return s;
  }
  auto session = std::make_unique<XiangqiSession>(
      std::move(replay), start.notation(), options.max_history_plies);
  session->Describe(response);
  return session;
}

}  // namespace caipan::services
