// What every gateway connection shares: the settings, the methods, the
// in-process calls, the rate limiter, CORS and the pages.
#ifndef CAIPAN_GATEWAY_GATEWAY_RUNTIME_H_
#define CAIPAN_GATEWAY_GATEWAY_RUNTIME_H_

#include <atomic>
#include <memory>
#include <string>

#include "engine/common/version.h"
#include "gateway/cors_policy.h"
#include "gateway/gateway_config.h"
#include "gateway/inprocess_calls.h"
#include "gateway/method_table.h"
#include "gateway/rate_limiter.h"
#include "gateway/static_files.h"

namespace caipan::gateway {

// The Server header of every answer, e.g. "caipan/0.9.0": clients and logs
// see which release answered.
inline const std::string& ServerHeader() {
  static const std::string header = std::string("caipan/") + caipan::Version();
  return header;
}

struct GatewayRuntime {
  GatewayRuntime(GatewayConfig config_in, MethodTable methods_in,
                 std::shared_ptr<grpc::Channel> channel)
      : config(std::move(config_in)),
        methods(std::move(methods_in)),
        calls(std::move(channel)),
        limiter(config.rate_limit),
        cors(config.cors_origins),
        files(config.web_root.empty()
                  ? StaticFiles::Embedded()
                  : StaticFiles::FromDirectory(config.web_root)) {}

  const GatewayConfig config;
  const MethodTable methods;
  InProcessCalls calls;
  RateLimiter limiter;
  const CorsPolicy cors;
  const StaticFiles files;
  std::atomic<int> open_connections{0};
  // The connections' io_context, while it exists: a gRPC thread locks it
  // before posting an answer to a session.
  std::weak_ptr<void> io_alive;
};

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_GATEWAY_RUNTIME_H_
