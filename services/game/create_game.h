// Checks a CreateGame request and turns it into the stored definition of a
// game: fields validated (errors name them), players in their sides' order,
// the time control in canonical form, the players' tokens derived.
#ifndef CAIPAN_SERVICES_GAME_CREATE_GAME_H_
#define CAIPAN_SERVICES_GAME_CREATE_GAME_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "caipan/v1/game_service.pb.h"

namespace caipan::services::game {

// Limits on creation fields.
inline constexpr size_t kMaxLabelBytes = 128;
inline constexpr int kMaxFoulLimit = 10;
inline constexpr int64_t kMaxStartOffsetMs = 24 * 3600 * 1000;

// A new game's definition named `name`, created at `now_unix_ms`, with
// the token hashes for `tokens` (one per player).
absl::StatusOr<v1::StoredGameSpec> BuildGameSpec(
    const v1::CreateGameRequest& request, const std::string& name,
    int64_t now_unix_ms, const std::string tokens[2]);

// A fresh game name: "games/" and 20 random hex digits.
absl::StatusOr<std::string> NewGameName();

// The token of `player` (0 or 1) of game `name`: HMAC-SHA256 under `key`,
// as 64 hex digits.
std::string DerivePlayerToken(std::string_view key, std::string_view name,
                              int player);

// The token key kept at `path` (created with mode 0600 if missing); a random
// key that lives only in memory if `path` is empty.
absl::StatusOr<std::string> LoadOrCreateTokenKey(const std::string& path);

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_CREATE_GAME_H_
