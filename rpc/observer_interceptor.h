// A server interceptor that observes every call: one structured log line and
// the Prometheus count and latency per finished RPC.
#ifndef CAIPAN_RPC_OBSERVER_INTERCEPTOR_H_
#define CAIPAN_RPC_OBSERVER_INTERCEPTOR_H_

#include <atomic>

#include "grpcpp/support/server_interceptor.h"
#include "rpc/metrics.h"

namespace caipan::rpc {

class ObserverInterceptorFactory
    : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  // `metrics` may be null (no metrics). `in_flight` counts the calls not yet
  // finished. Both must outlive the server.
  ObserverInterceptorFactory(RpcMetrics* metrics, bool log_rpcs,
                             std::atomic<int>* in_flight)
      : metrics_(metrics), log_rpcs_(log_rpcs), in_flight_(in_flight) {}

  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo* info) override;

 private:
  RpcMetrics* metrics_;
  bool log_rpcs_;
  std::atomic<int>* in_flight_;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_OBSERVER_INTERCEPTOR_H_
