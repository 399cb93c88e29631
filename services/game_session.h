// The state a PlayGame stream keeps: one game's current position and history,
// so each streamed move costs the same whatever the game's length.
#ifndef CAIPAN_SERVICES_GAME_SESSION_H_
#define CAIPAN_SERVICES_GAME_SESSION_H_

#include <memory>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "services/service_options.h"

namespace caipan::services {

class GameSession {
 public:
  virtual ~GameSession() = default;
  // Plays one move (an illegal move is answered in `response`, the game
  // unchanged). Errors (a stream over the history limit) end the stream.
  virtual absl::Status Play(std::string_view move,
                            v1::PlayGameResponse* response) = 0;
  // A stream's move message: `move` or `gomoku_action`, checked as the game
  // takes them (xiangqi: text only; gomoku: a point, or any typed action), then
  // played. Play takes any action token.
  virtual absl::Status PlayRequested(const v1::PlayGameRequest& request,
                                     v1::PlayGameResponse* response);
  // Xiangqi, claim mode: a claim after the moves so far, ruled in `response`.
  // Other games refuse it (InvalidArgument).
  virtual absl::Status Claim(const v1::XiangqiClaim& claim,
                             v1::PlayGameResponse* response);
};

// Starts a session from the stream's first message and fills the reply to it.
// A gomoku stream may leave the opening decisions implied (a live game, on
// its own board, takes them explicitly).
absl::StatusOr<std::unique_ptr<GameSession>> StartGameSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response);

// One PlayGame message, already parsed and within its limits, for a stream
// whose game is `*session` (null until the start): the start begins the game,
// a move or gomoku action is played, a claim is ruled on; `response` gets the
// answer. The server's stream and the request fuzz target both run this.
absl::Status HandlePlayGameMessage(const v1::PlayGameRequest& request,
                                   const ServiceOptions& options,
                                   std::unique_ptr<GameSession>* session,
                                   v1::PlayGameResponse* response);

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_GAME_SESSION_H_
