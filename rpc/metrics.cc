// Prometheus metrics of the RPC server (see metrics.h).
#include "rpc/metrics.h"

#include "absl/strings/str_cat.h"
#include "engine/common/version.h"
#include "prometheus/gauge.h"
#include "prometheus/text_serializer.h"
#include "rpc/status_code_name.h"

namespace caipan::rpc {
namespace {

// Latency buckets from 25 us to 1 s: the adjudication RPCs mostly take well
// under a millisecond.
prometheus::Histogram::BucketBoundaries LatencyBuckets() {
  return {25e-6, 50e-6, 100e-6, 250e-6, 500e-6, 1e-3,   2.5e-3,
          5e-3,  10e-3, 25e-3,  50e-3,  100e-3, 250e-3, 1.0};
}

}  // namespace

RpcMetrics::RpcMetrics() : registry_(std::make_shared<prometheus::Registry>()) {
  calls_ = &prometheus::BuildCounter()
                .Name("caipan_rpc_calls_total")
                .Help("Finished RPCs by method and status code")
                .Register(*registry_);
  latency_ = &prometheus::BuildHistogram()
                  .Name("caipan_rpc_latency_seconds")
                  .Help(
                      "RPC latency from the call's start to its final status, "
                      "by method")
                  .Register(*registry_);
  // The usual build-info series: constant 1, the facts in its labels, so a
  // dashboard can tell which release and commit each server runs.
  prometheus::BuildGauge()
      .Name("caipan_build_info")
      .Help("The server's version and source commit; always 1")
      .Register(*registry_)
      .Add({{"version", Version()}, {"commit", Commit()}})
      .Set(1);
}

RpcMetrics::~RpcMetrics() = default;

absl::Status RpcMetrics::Serve(const std::string& address) {
  absl::StatusOr<std::unique_ptr<MetricsHttpServer>> http =
      MetricsHttpServer::Start(address, [this] { return Render(); });
  if (!http.ok()) return http.status();
  http_ = *std::move(http);
  return absl::OkStatus();
}

int RpcMetrics::port() const { return http_ == nullptr ? 0 : http_->port(); }

std::string RpcMetrics::Render() const {
  return prometheus::TextSerializer().Serialize(registry_->Collect());
}

RpcMetrics::MethodSeries* RpcMetrics::Series(absl::string_view method) {
  {
    absl::ReaderMutexLock lock(&mu_);
    auto it = series_.find(method);
    if (it != series_.end()) return it->second.get();
  }
  absl::MutexLock lock(&mu_);
  if (series_.size() >= kMaxMethods && !series_.contains(method))
    method = kUnknownMethod;
  auto& slot = series_[method];
  if (slot == nullptr) {
    slot = std::make_unique<MethodSeries>();
    const std::string name(method);
    for (int code = 0; code < kStatusCodeCount; ++code) {
      slot->by_code[code] = &calls_->Add(
          {{"method", name},
           {"code", StatusCodeName(static_cast<grpc::StatusCode>(code))}});
    }
    slot->latency = &latency_->Add({{"method", name}}, LatencyBuckets());
  }
  return slot.get();
}

void RpcMetrics::Preregister(const std::vector<std::string>& methods) {
  for (const std::string& method : methods) Series(method);
  Series(kUnknownMethod);
}

void RpcMetrics::Record(absl::string_view method, grpc::StatusCode code,
                        double seconds) {
  MethodSeries* series = Series(method);
  int index = static_cast<int>(code);
  if (index < 0 || index >= kStatusCodeCount)
    index = static_cast<int>(grpc::StatusCode::UNKNOWN);
  series->by_code[index]->Increment();
  series->latency->Observe(seconds);
}

}  // namespace caipan::rpc
