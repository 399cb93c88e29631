// Prometheus metrics of the RPC server: per-method call counts by status code
// and latency histograms, served over HTTP at /metrics.
#ifndef CAIPAN_RPC_METRICS_H_
#define CAIPAN_RPC_METRICS_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "grpcpp/support/status.h"
#include "prometheus/counter.h"
#include "prometheus/family.h"
#include "prometheus/histogram.h"
#include "prometheus/registry.h"
#include "rpc/metrics_http_server.h"
#include "rpc/status_code_name.h"

namespace caipan::rpc {

class RpcMetrics {
 public:
  RpcMetrics();
  ~RpcMetrics();

  // Starts the HTTP endpoint ("host:port"; port 0 picks a free one).
  absl::Status Serve(const std::string& address);
  // The endpoint's port, or 0 when not serving.
  int port() const;

  // The label value shared by every method the server does not serve, so
  // that callers cannot create series at will.
  static constexpr absl::string_view kUnknownMethod = "unknown";
  // Distinct method labels kept; calls beyond them count under
  // kUnknownMethod (a second bound, behind the interceptor's known-method
  // check).
  static constexpr size_t kMaxMethods = 256;

  // Records one finished call of `method` (a served method's full name, or
  // kUnknownMethod).
  void Record(absl::string_view method, grpc::StatusCode code, double seconds);

  // Creates the (zero) series of `methods` and of kUnknownMethod, so a scrape
  // shows every method from the start.
  void Preregister(const std::vector<std::string>& methods);

  // The exposition text of every metric.
  std::string Render() const;

  const std::shared_ptr<prometheus::Registry>& registry() const {
    return registry_;
  }

 private:
  // The series of one method, created on first use.
  struct MethodSeries {
    prometheus::Counter* by_code[kStatusCodeCount] = {};
    prometheus::Histogram* latency = nullptr;
  };
  MethodSeries* Series(absl::string_view method);

  std::shared_ptr<prometheus::Registry> registry_;
  prometheus::Family<prometheus::Counter>* calls_;
  prometheus::Family<prometheus::Histogram>* latency_;
  std::unique_ptr<MetricsHttpServer> http_;
  absl::Mutex mu_;
  absl::flat_hash_map<std::string, std::unique_ptr<MethodSeries>> series_
      ABSL_GUARDED_BY(mu_);
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_METRICS_H_
