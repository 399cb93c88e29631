// A server interceptor that observes every call: one structured log line and
// the Prometheus count and latency per finished RPC.
#ifndef CAIPAN_RPC_OBSERVER_INTERCEPTOR_H_
#define CAIPAN_RPC_OBSERVER_INTERCEPTOR_H_

#include "grpcpp/support/server_interceptor.h"
#include "rpc/metrics.h"

namespace caipan::rpc {

class ObserverInterceptorFactory
    : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  // `metrics` may be null (no metrics); it must outlive the server.
  ObserverInterceptorFactory(RpcMetrics* metrics, bool log_rpcs)
      : metrics_(metrics), log_rpcs_(log_rpcs) {}

  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo* info) override;

 private:
  RpcMetrics* metrics_;
  bool log_rpcs_;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_OBSERVER_INTERCEPTOR_H_
