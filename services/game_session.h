// The state a PlayGame stream keeps: one game's current position and history,
// so each streamed move costs the same whatever the game's length.
#ifndef CAIPAN_SERVICES_GAME_SESSION_H_
#define CAIPAN_SERVICES_GAME_SESSION_H_

#include <memory>
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
};

// Starts a session from the stream's first message and fills the reply to it.
absl::StatusOr<std::unique_ptr<GameSession>> StartGameSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response);

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_GAME_SESSION_H_
