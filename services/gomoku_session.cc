// A PlayGame session for gomoku (see gomoku_session.h): the game (stones,
// opening protocol, forbidden points) is kept on a game board, the one live
// games play on, and advanced one action per message.
#include "services/gomoku_session.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "domain/gomoku_board.h"
#include "engine/common/status_macros.h"
#include "rpc/gomoku_action_convert.h"
#include "rpc/gomoku_convert.h"
#include "services/gomoku_handlers.h"
#include "services/request_checks.h"

namespace caipan::services {
namespace {

class GomokuSession : public GameSession {
 public:
  GomokuSession(const gomoku::RuleOptions& rules, int max_plies, Language lang)
      : board_(rules, /*implied_opening_actions=*/true),
        max_plies_(max_plies),
        lang_(lang) {}

  // Replays the start message's history; an action the game refuses is an
  // error naming it.
  absl::Status Replay(const std::vector<gomoku::Action>& actions) {
    for (size_t i = 0; i < actions.size(); ++i) {
      if (!board_.Play(actions[i])) {
        return rpc::HistoryActionRefused("start.gomoku", i, actions[i],
                                         *board_.last_rejection());
      }
    }
    return absl::OkStatus();
  }

  void Describe(v1::PlayGameResponse* response) const {
    response->set_ply(board_.plies());
    rpc::GameVerdict(board_.game(), board_.plies(), response->mutable_verdict(),
                     lang_);
  }

  absl::Status Play(std::string_view text,
                    v1::PlayGameResponse* response) override {
    if (board_.plies() >= max_plies_ && !board_.over()) {
      return absl::ResourceExhaustedError(
          absl::StrCat("move: the game reached the history limit of ",
                       max_plies_, " plies"));
    }
    PlayGomokuMove(&board_, text, lang_, response->mutable_check(),
                   /*played=*/nullptr);
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
  domain::GomokuBoard board_;
  int max_plies_;
  Language lang_;  // of reasons and explanations
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
  CAIPAN_RETURN_IF_ERROR(session->Replay(actions));
  session->Describe(response);
  return session;
}

}  // namespace caipan::services
