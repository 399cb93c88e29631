// A server interceptor that observes every call: one structured log line and
// the Prometheus count and latency per finished RPC.
#ifndef CAIPAN_RPC_OBSERVER_INTERCEPTOR_H_
#define CAIPAN_RPC_OBSERVER_INTERCEPTOR_H_

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/node_hash_set.h"
#include "grpcpp/support/server_interceptor.h"
#include "rpc/call_gate.h"
#include "rpc/metrics.h"

namespace caipan::rpc {

// Metadata the HTTP gateway adds to its in-process calls: the browser's
// address, logged as the call's peer ("http:ADDRESS").
inline constexpr char kGatewayClientMetadata[] = "x-caipan-http-client";

class ObserverInterceptorFactory
    : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  // `metrics` may be null (no metrics). `in_flight` counts the calls not yet
  // finished. `gate` marks the calls that arrive while it drains. All three
  // must outlive the server. `known_methods` are the full
  // names ("/pkg.Service/Method") the server serves: any other name is
  // logged and counted as RpcMetrics::kUnknownMethod.
  ObserverInterceptorFactory(RpcMetrics* metrics, bool log_rpcs,
                             std::atomic<int>* in_flight, const CallGate* gate,
                             const std::vector<std::string>& known_methods)
      : metrics_(metrics),
        log_rpcs_(log_rpcs),
        in_flight_(in_flight),
        gate_(gate),
        known_methods_(known_methods.begin(), known_methods.end()) {}

  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo* info) override;

 private:
  RpcMetrics* metrics_;
  bool log_rpcs_;
  std::atomic<int>* in_flight_;
  const CallGate* gate_;
  // Never changed after construction, so pointers to its names stay valid.
  absl::node_hash_set<std::string> known_methods_;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_OBSERVER_INTERCEPTOR_H_
