// Which other sites' pages may call the gateway (CORS), and the headers that
// say so.
#ifndef CAIPAN_GATEWAY_CORS_POLICY_H_
#define CAIPAN_GATEWAY_CORS_POLICY_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace caipan::gateway {

class CorsPolicy {
 public:
  // `origins`: exact origins ("https://board.example"), or "*" for any.
  explicit CorsPolicy(std::vector<std::string> origins);

  bool Allows(absl::string_view origin) const;

  // Headers for an answer to a request from `origin` (none when the origin is
  // empty or not allowed).
  std::vector<std::pair<std::string, std::string>> ResponseHeaders(
      absl::string_view origin) const;

  // Headers answering a preflight (OPTIONS) from an allowed `origin`.
  std::vector<std::pair<std::string, std::string>> PreflightHeaders(
      absl::string_view origin) const;

 private:
  std::vector<std::string> origins_;
  bool any_ = false;
};

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_CORS_POLICY_H_
