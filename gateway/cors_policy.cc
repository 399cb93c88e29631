// CORS decisions (see cors_policy.h).
#include "gateway/cors_policy.h"

#include <algorithm>

namespace caipan::gateway {

CorsPolicy::CorsPolicy(std::vector<std::string> origins)
    : origins_(std::move(origins)) {
  any_ = std::find(origins_.begin(), origins_.end(), "*") != origins_.end();
}

bool CorsPolicy::Allows(absl::string_view origin) const {
  if (origin.empty()) return false;
  return any_ ||
         std::find(origins_.begin(), origins_.end(), origin) != origins_.end();
}

std::vector<std::pair<std::string, std::string>> CorsPolicy::ResponseHeaders(
    absl::string_view origin) const {
  if (!Allows(origin)) return {};
  return {
      {"Access-Control-Allow-Origin", std::string(origin)},
      {"Vary", "Origin"},
      {"Access-Control-Expose-Headers",
       "Grpc-Status, Grpc-Message, Grpc-Status-Details-Bin, "
       "Connect-Protocol-Version"},
  };
}

std::vector<std::pair<std::string, std::string>> CorsPolicy::PreflightHeaders(
    absl::string_view origin) const {
  auto headers = ResponseHeaders(origin);
  if (headers.empty()) return headers;
  headers.push_back({"Access-Control-Allow-Methods", "POST, GET, OPTIONS"});
  headers.push_back(
      {"Access-Control-Allow-Headers",
       "Content-Type, Connect-Protocol-Version, Connect-Timeout-Ms, "
       "Connect-Accept-Encoding, Authorization, Grpc-Timeout, X-Grpc-Web, "
       "X-User-Agent, Caipan-Game"});
  headers.push_back({"Access-Control-Max-Age", "7200"});
  return headers;
}

}  // namespace caipan::gateway
