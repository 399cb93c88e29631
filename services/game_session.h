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

// How the arbiter rules on a player's claim of a draw in a live game.
struct DrawClaimRuling {
  bool granted = false;
  // Granted: why the game is drawn (VERDICT_REASON_NATURAL_LIMIT, …).
  v1::VerdictReason reason = v1::VERDICT_REASON_UNSPECIFIED;
  // What the players are told: why the draw is granted, or why not.
  std::string explanation;
};

class GameSession {
 public:
  virtual ~GameSession() = default;
  // Plays one move (an illegal move is answered in `response`, the game
  // unchanged). Errors (a stream over the history limit) end the stream.
  virtual absl::Status Play(std::string_view move,
                            v1::PlayGameResponse* response) = 0;
  // A stream's move message: `move` or `gomoku_action`, checked as the game
  // takes them (xiangqi: text only; gomoku: a point, or any typed action), then
  // played. Play takes any action token, as stored games replay them.
  virtual absl::Status PlayRequested(const v1::PlayGameRequest& request,
                                     v1::PlayGameResponse* response);
  // Xiangqi, claim mode: a claim after the moves so far, ruled in `response`.
  // Other games refuse it (InvalidArgument).
  virtual absl::Status Claim(const v1::XiangqiClaim& claim,
                             v1::PlayGameResponse* response);
  // A live game's arbiter on a draw claimed by `claimant` now, asked of the
  // game's own state (nothing is decided or recorded here: the live game
  // ends itself on a granted claim). FAILED_PRECONDITION for a game whose
  // rules have no draw to claim.
  virtual absl::StatusOr<DrawClaimRuling> RuleOnDrawClaim(v1::Side claimant);
  // Who acts next (gomoku: the colour; after a swap the players hold the
  // other colours).
  virtual v1::Side SideToAct() const = 0;
  // Gomoku: whether the players swapped colours after move 3.
  virtual bool Swapped() const { return false; }
  // Xiangqi: the current position's FEN ("" for gomoku).
  virtual std::string Fen() const { return {}; }
};

// Starts a session from the stream's first message and fills the reply to it.
// A live gomoku game (`live`) needs its opening decisions explicitly (swap or
// not, the fifth-move proposal and choice); a stream may leave them implied.
absl::StatusOr<std::unique_ptr<GameSession>> StartGameSession(
    const v1::PlayGameStart& start, const ServiceOptions& options,
    v1::PlayGameResponse* response, bool live = false);

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
