// Requests the tournament tests make again and again.
#ifndef CAIPAN_TESTS_SERVICES_TOURNAMENT_TOURNAMENT_TEST_REQUESTS_H_
#define CAIPAN_TESTS_SERVICES_TOURNAMENT_TOURNAMENT_TEST_REQUESTS_H_

#include <string>

#include "caipan/v1/tournament_service.pb.h"
#include "tests/services/game/game_test_env.h"

namespace caipan::services::tournament::testing {

// The arbiter enters "Player 1" … "Player `count`" in `tournament`.
inline v1::AddPlayersRequest NumberedPlayers(const std::string& tournament,
                                             int count) {
  v1::AddPlayersRequest add;
  add.set_token(game::testing::kArbiterToken);
  add.set_tournament(tournament);
  for (int i = 1; i <= count; ++i)
    add.add_players()->set_name("Player " + std::to_string(i));
  return add;
}

}  // namespace caipan::services::tournament::testing

#endif  // CAIPAN_TESTS_SERVICES_TOURNAMENT_TOURNAMENT_TEST_REQUESTS_H_
