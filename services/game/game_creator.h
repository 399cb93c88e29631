// Who asks for a new game, and the server's policy on who may: a creator is
// known by the bearer credential it presents (`authorization: Bearer …`), or,
// without one, by its network address (a browser's, for calls through the
// HTTP gateway). A creator's request_ids are its own, and its live games count
// against its quota.
#ifndef CAIPAN_SERVICES_GAME_GAME_CREATOR_H_
#define CAIPAN_SERVICES_GAME_GAME_CREATOR_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "grpcpp/server_context.h"
#include "rpc/token_authenticator.h"

namespace caipan::services::game {

struct CreatePolicy {
  // Only callers presenting one of `tokens` may create games.
  bool requires_token = false;
  // The server's tokens (--auth-tokens-file); null: none.
  const rpc::TokenAuthenticator* tokens = nullptr;
  // Live games one creator may hold at once.
  int max_live_per_creator = 100;
  // A created game still without a move this long after its start is aborted
  // (0: never).
  int64_t unstarted_expiry_ms = 10 * 60 * 1000;
};

struct Creator {
  // SHA-256 of the credential or address (never the credential itself).
  std::string key;
  // For messages: "your token" or "address 192.0.2.1".
  std::string label;
};

// The creator of a call; UNAUTHENTICATED when the policy requires a token
// and the call has none of the server's, INVALID_ARGUMENT for a malformed
// credential.
absl::StatusOr<Creator> CreatorOfCall(const grpc::ServerContextBase& context,
                                      const CreatePolicy& policy);

// The key a request_id is stored under: the creator's own namespace, apart
// from tournaments' ("tournament:…").
std::string ScopedRequestId(const Creator& creator,
                            const std::string& request_id);

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_GAME_CREATOR_H_
