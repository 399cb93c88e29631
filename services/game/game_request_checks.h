// Size limits of GameService requests, checked before any work
// (INVALID_ARGUMENT naming the field).
#ifndef CAIPAN_SERVICES_GAME_GAME_REQUEST_CHECKS_H_
#define CAIPAN_SERVICES_GAME_GAME_REQUEST_CHECKS_H_

#include <string>

#include "absl/status/status.h"

namespace caipan::services::game {

inline constexpr size_t kMaxNameBytes = 64;
inline constexpr size_t kMaxTokenBytes = 512;
inline constexpr size_t kMaxMoveBytes = 64;
inline constexpr size_t kMaxReasonBytes = 512;

// A game name: "games/" and at most kMaxNameBytes in all.
absl::Status CheckGameName(const std::string& name);
// A field's length.
absl::Status CheckLength(const std::string& value, const char* field,
                         size_t max_bytes);

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_GAME_REQUEST_CHECKS_H_
