// Who creates a game (see game_creator.h).
#include "services/game/game_creator.h"

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "rpc/error_status.h"
#include "rpc/observer_interceptor.h"
#include "rpc/proxied_clients.h"
#include "services/game/player_tokens.h"

namespace caipan::services::game {
namespace {

constexpr size_t kMinCredentialBytes = 16;

absl::string_view MetadataValue(const grpc::ServerContextBase& context,
                                absl::string_view key) {
  const auto& metadata = context.client_metadata();
  auto it = metadata.find(grpc::string_ref(key.data(), key.size()));
  if (it == metadata.end()) return {};
  return absl::string_view(it->second.data(), it->second.size());
}

// The address of a network peer ("ipv4:192.0.2.1:5000" -> "192.0.2.1",
// "ipv6:[::1]:5000" -> "::1"). An in-process peer is the HTTP gateway, which
// names the browser's address in its metadata (no network client can reach
// the in-process channel).
std::string AddressOf(const grpc::ServerContextBase& context) {
  const std::string peer = context.peer();
  // A trusted proxy's connection: the client it relays.
  if (std::optional<std::string> client = rpc::ProxiedClients::Get().Find(peer))
    return *client;
  absl::string_view rest = peer;
  if (absl::StartsWith(rest, "ipv4:")) {
    rest.remove_prefix(5);
    return std::string(rest.substr(0, rest.rfind(':')));
  }
  if (absl::StartsWith(rest, "ipv6:")) {
    rest.remove_prefix(5);
    rest = rest.substr(0, rest.rfind(':'));
    if (absl::StartsWith(rest, "[") && absl::EndsWith(rest, "]"))
      rest = rest.substr(1, rest.size() - 2);
    return std::string(rest);
  }
  if (peer.find(':') == std::string::npos) {
    absl::string_view browser =
        MetadataValue(context, rpc::kGatewayClientMetadata);
    if (!browser.empty() && browser.size() <= 64) return std::string(browser);
  }
  return peer;
}

}  // namespace

absl::StatusOr<Creator> CreatorOfCall(const grpc::ServerContextBase& context,
                                      const CreatePolicy& policy) {
  absl::string_view header = MetadataValue(context, "authorization");
  if (policy.requires_token) {
    if (header.empty()) {
      return rpc::WithReason(
          absl::UnauthenticatedError("authorization: creating games on this "
                                     "server needs a token (Bearer …)"),
          rpc::kReasonTokenMissing);
    }
    if (policy.tokens == nullptr || !policy.tokens->CheckHeader(header).ok()) {
      return rpc::WithReason(absl::UnauthenticatedError(
                                 "authorization: not a token of this server"),
                             rpc::kReasonTokenUnknown);
    }
  }
  if (!header.empty()) {
    if (!absl::StartsWithIgnoreCase(header, "bearer ")) {
      return absl::InvalidArgumentError(
          "authorization: expected \"Bearer <token>\"");
    }
    absl::string_view credential = absl::StripAsciiWhitespace(header.substr(7));
    if (credential.size() < kMinCredentialBytes ||
        credential.size() > rpc::TokenAuthenticator::kMaxTokenBytes) {
      return absl::InvalidArgumentError(absl::StrCat(
          "authorization: a creator's token has ", kMinCredentialBytes, "-",
          rpc::TokenAuthenticator::kMaxTokenBytes, " bytes"));
    }
    return Creator{HashToken(absl::StrCat("token\n", credential)),
                   "your token"};
  }
  const std::string address = AddressOf(context);
  return Creator{HashToken(absl::StrCat("address\n", address)),
                 absl::StrCat("address ", address)};
}

std::string ScopedRequestId(const Creator& creator,
                            const std::string& request_id) {
  return absl::StrCat(
      "game:", absl::BytesToHexString(creator.key).substr(0, 32), ":",
      request_id);
}

}  // namespace caipan::services::game
