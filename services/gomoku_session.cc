// A PlayGame session for gomoku (see gomoku_session.h): the game (board,
// opening protocol, forbidden points) is kept for the stream and advanced one
// action per message.
#include "services/gomoku_session.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "engine/gomoku/game.h"
#include "rpc/gomoku_action_convert.h"
#include "rpc/gomoku_convert.h"
#include "services/gomoku_handlers.h"
#include "services/request_checks.h"

namespace caipan::services {
namespace {

class GomokuSession : public GameSession {
 public:
  GomokuSession(const gomoku::RuleOptions& rules, int max_plies, Language lang)
      : game_(rules, /*implied_opening_actions=*/true),
        max_plies_(max_plies),
        lang_(lang) {}

  gomoku::Game& game() { return game_; }
  void set_plies(int plies) { plies_ = plies; }

  void Describe(v1::PlayGameResponse* response) const {
    response->set_ply(plies_);
    rpc::GameVerdict(game_, plies_, response->mutable_verdict(), lang_);
  }

  absl::Status Play(std::string_view text,
                    v1::PlayGameResponse* response) override {
    if (plies_ >= max_plies_ &&
        game_.status() == gomoku::GameResult::kOngoing) {
      return absl::ResourceExhaustedError(
          absl::StrCat("move: the game reached the history limit of ",
                       max_plies_, " plies"));
    }
    if (PlayGomokuMove(&game_, plies_, text, response->mutable_check(), lang_))
      ++plies_;
    Describe(response);
    return absl::OkStatus();
  }

  absl::Status PlayRequested(const v1::PlayGameRequest& request,
                             v1::PlayGameResponse* response) override {
    absl::StatusOr<std::string> token = rpc::GomokuRequestedToken(
        request.move(), "move",
        request.has_gomoku_action() ? &request.gomoku_action() : nullptr,
        "gomoku_action");
    if (!token.ok()) return token.status();
    return Play(*token, response);
  }

 private:
  gomoku::Game game_;
  int max_plies_;
  Language lang_;  // of reasons and explanations
  int plies_ = 0;
};

}  // namespace

absl::StatusOr<std::unique_ptr<GameSession>> StartGomokuSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response) {
  Language lang;
  CAIPAN_RETURN_IF_ERROR(
      ReadLanguage(start.language(), "start.language", &lang));
  gomoku::RuleOptions rules;
  CAIPAN_RETURN_IF_ERROR(
      rpc::FromProto(start.gomoku_rules(), "start.gomoku_rules", &rules));
  std::vector<gomoku::Action> actions;
  CAIPAN_RETURN_IF_ERROR(rpc::ReadGomokuActions(
      start.gomoku(), "start.gomoku", options.max_history_plies, &actions));
  auto session =
      std::make_unique<GomokuSession>(rules, options.max_history_plies, lang);
  CAIPAN_RETURN_IF_ERROR(
      rpc::ReplayGomoku(actions, "start.gomoku", &session->game()));
  session->set_plies(static_cast<int>(actions.size()));
  session->Describe(response);
  return session;
}

}  // namespace caipan::services
