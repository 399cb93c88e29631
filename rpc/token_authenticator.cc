// Bearer-token authentication (see token_authenticator.h).
#include "rpc/token_authenticator.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "rpc/error_status.h"
#include "rpc/host_port.h"

namespace caipan::rpc {
namespace {

constexpr size_t kMinTokenBytes = 16;

// Compares in time that depends only on the lengths, not on where the texts
// differ.
bool ConstantTimeEquals(absl::string_view a, absl::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char difference = 0;
  for (size_t i = 0; i < a.size(); ++i)
    difference |= static_cast<unsigned char>(a[i] ^ b[i]);
  return difference == 0;
}

}  // namespace

absl::StatusOr<std::unique_ptr<TokenAuthenticator>>
TokenAuthenticator::FromFile(const std::string& path) {
  absl::StatusOr<std::string> text =
      ReadSmallFile(path, kMaxFileBytes, "--auth-tokens-file");
  if (!text.ok()) return text.status();
  std::vector<std::string> tokens;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    ++line_number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line.front() == '#') continue;
    if (line.size() < kMinTokenBytes || line.size() > kMaxTokenBytes) {
      return absl::InvalidArgumentError(
          absl::StrCat("--auth-tokens-file ", path, " line ", line_number,
                       ": a token must have ", kMinTokenBytes, " to ",
                       kMaxTokenBytes, " bytes"));
    }
    tokens.emplace_back(line);
  }
  if (tokens.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--auth-tokens-file ", path, ": no tokens"));
  }
  return std::make_unique<TokenAuthenticator>(std::move(tokens));
}

TokenAuthenticator::TokenAuthenticator(std::vector<std::string> tokens)
    : tokens_(std::move(tokens)) {}

grpc::Status TokenAuthenticator::Check(
    const grpc::ServerContextBase& context) const {
  const auto& metadata = context.client_metadata();
  auto it = metadata.find("authorization");
  if (it == metadata.end()) {
    return ErrorStatus(grpc::StatusCode::UNAUTHENTICATED,
                       "authorization: a bearer token is required",
                       kReasonTokenMissing);
  }
  return CheckHeader(absl::string_view(it->second.data(), it->second.size()));
}

grpc::Status TokenAuthenticator::CheckHeader(
    absl::string_view authorization) const {
  constexpr absl::string_view kScheme = "Bearer ";
  if (!absl::StartsWithIgnoreCase(authorization, kScheme)) {
    return ErrorStatus(grpc::StatusCode::UNAUTHENTICATED,
                       "authorization: expected \"Bearer TOKEN\"",
                       kReasonTokenMissing);
  }
  const absl::string_view presented = authorization.substr(kScheme.size());
  bool known = false;
  for (const std::string& token : tokens_)
    known |= ConstantTimeEquals(presented, token);
  if (!known) {
    return ErrorStatus(grpc::StatusCode::UNAUTHENTICATED,
                       "authorization: unknown token", kReasonTokenUnknown);
  }
  return grpc::Status::OK;
}

}  // namespace caipan::rpc
