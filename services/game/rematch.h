// A rematch: the same players with colours reversed and the same settings,
// under a name derived from the finished game's, so that both players asking
// for it reach the one game.
#ifndef CAIPAN_SERVICES_GAME_REMATCH_H_
#define CAIPAN_SERVICES_GAME_REMATCH_H_

#include <string>

#include "caipan/v1/game_service.pb.h"

namespace caipan::services::game {

// "games/" and 20 hex digits of SHA-256 over `name`: the name of the rematch
// of game `name`.
std::string RematchName(const std::string& name);

// The CreateGame request of `finished`'s rematch: players swapped onto the
// other colours, the same kind, rules, time control, start position, foul
// limit and takeback setting; clocks start after both first moves.
v1::CreateGameRequest RematchRequestOf(const v1::Game& finished);

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_REMATCH_H_
