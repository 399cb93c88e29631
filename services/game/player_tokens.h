// Players' secret tokens: 256 random bits from the kernel, written as 64 hex
// digits, handed out once at creation; the server keeps only their SHA-256.
#ifndef CAIPAN_SERVICES_GAME_PLAYER_TOKENS_H_
#define CAIPAN_SERVICES_GAME_PLAYER_TOKENS_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace caipan::services::game {

// A fresh token; fails only if the kernel's random source does.
absl::StatusOr<std::string> NewPlayerToken();

// SHA-256 of `token` (32 bytes).
std::string HashToken(std::string_view token);

// Whether two hashes are equal, in time independent of where they differ.
bool SameHash(std::string_view a, std::string_view b);

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_PLAYER_TOKENS_H_
