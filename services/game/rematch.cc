// A rematch's name and definition (see rematch.h).
#include "services/game/rematch.h"

#include <openssl/sha.h>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "services/game_kinds.h"

namespace caipan::services::game {

std::string RematchName(const std::string& name) {
  const std::string message = absl::StrCat("rematch of ", name);
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(message.data()), message.size(),
         digest);
  const std::string hex = absl::BytesToHexString(
      absl::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
  return absl::StrCat("games/", hex.substr(0, 20));
}

v1::CreateGameRequest RematchRequestOf(const v1::Game& finished) {
  v1::CreateGameRequest request;
  request.set_kind(finished.kind());
  *request.mutable_xiangqi_rules() = finished.xiangqi_rules();
  *request.mutable_gomoku_rules() = finished.gomoku_rules();
  request.set_time_control(finished.time_control());
  request.set_start_fen(finished.start_fen());
  request.set_foul_limit(finished.foul_limit());
  request.set_allow_takebacks(finished.allow_takebacks());
  request.set_event(finished.event());
  request.set_board(finished.board());
  request.set_clock_start(v1::CLOCK_START_AFTER_FIRST_MOVES);
  const GameKindPlugin* kind = FindGameKind(finished.kind());
  if (kind == nullptr || finished.players_size() != 2) return request;
  for (int seat = 0; seat < 2; ++seat) {
    // The player who had the other seat takes this one.
    const v1::Player& before = finished.players(1 - seat);
    v1::Player* player = request.add_players();
    player->set_side(kind->sides[seat]);
    player->set_name(before.name());
    player->set_id(before.id());
  }
  return request;
}

}  // namespace caipan::services::game
