// Bearer-token authentication: the tokens a server accepts (read from a file
// given by flag) and the check of a call's `authorization: Bearer TOKEN`
// metadata. Services that need an identity (and, with --require-auth, the
// stateless API) run it before any work.
#ifndef CAIPAN_RPC_TOKEN_AUTHENTICATOR_H_
#define CAIPAN_RPC_TOKEN_AUTHENTICATOR_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "grpcpp/server_context.h"

namespace caipan::rpc {

class TokenAuthenticator {
 public:
  // Longest token file and token accepted.
  static constexpr size_t kMaxFileBytes = 1 << 20;
  static constexpr size_t kMaxTokenBytes = 512;

  // Reads tokens from `path`: one per line, blank lines and lines starting
  // with '#' ignored, surrounding spaces trimmed. Fails naming the file and
  // line for an unreadable file, an over-long or too short (< 16 bytes) token,
  // or a file without tokens.
  static absl::StatusOr<std::unique_ptr<TokenAuthenticator>> FromFile(
      const std::string& path);
  explicit TokenAuthenticator(std::vector<std::string> tokens);

  // OK if the call carries one of the tokens; UNAUTHENTICATED otherwise
  // (missing metadata, another scheme, an unknown token). Every configured
  // token is compared in full, in time independent of where they differ.
  grpc::Status Check(const grpc::ServerContextBase& context) const;
  // The same for a header value as received ("Bearer TOKEN").
  grpc::Status CheckHeader(absl::string_view authorization) const;

  size_t token_count() const { return tokens_.size(); }

 private:
  std::vector<std::string> tokens_;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_TOKEN_AUTHENTICATOR_H_
