// Per-call logging and metrics (see observer_interceptor.h).
#include "rpc/observer_interceptor.h"

#include <chrono>
#include <string>

#include "absl/strings/str_cat.h"
#include "grpcpp/server_context.h"
#include "rpc/log.h"
#include "rpc/proxied_clients.h"
#include "rpc/status_code_name.h"

namespace caipan::rpc {
namespace {

using grpc::experimental::InterceptionHookPoints;

class ObserverInterceptor : public grpc::experimental::Interceptor {
 public:
  // `method` is the call's method name as a stable string: the name gRPC
  // holds for a method it does not serve is freed before the call ends.
  ObserverInterceptor(grpc::experimental::ServerRpcInfo* info,
                      absl::string_view method, RpcMetrics* metrics,
                      bool log_rpcs, std::atomic<int>* in_flight,
                      const CallGate* gate)
      : info_(info),
        method_(method),
        metrics_(metrics),
        log_rpcs_(log_rpcs),
        in_flight_(in_flight),
        gate_(gate),
        start_(std::chrono::steady_clock::now()) {
    in_flight_->fetch_add(1, std::memory_order_relaxed);
  }

  // The interceptor lives as long as the call: the call is over when it is
  // destroyed.
  ~ObserverInterceptor() override {
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
            .count();
    // A call that ended without a status from the service was cancelled (by the
    // client, a deadline or shutdown) or failed in transport.
    grpc::StatusCode code = status_seen_ ? code_ : grpc::StatusCode::CANCELLED;
    if (metrics_ != nullptr) metrics_->Record(method_, code, seconds);
    if (log_rpcs_) {
      LogLine line("rpc");
      line.Add("method", method_)
          .Add("code", StatusCodeName(code))
          .Add("latency_us", static_cast<int64_t>(seconds * 1e6))
          .Add("peer", peer_);
      if (received_ > 1 || sent_ > 1)
        line.Add("received", received_).Add("sent", sent_);
      if (!message_.empty()) line.Add("error", message_);
    }
    in_flight_->fetch_sub(1, std::memory_order_release);
  }

  void Intercept(
      grpc::experimental::InterceptorBatchMethods* methods) override {
    if (methods->QueryInterceptionHookPoint(
            InterceptionHookPoints::POST_RECV_INITIAL_METADATA) &&
        gate_->draining()) {
      // The gate refuses this call when its handler runs; calls that arrived
      // earlier are let finish even if their request is still arriving.
      methods->GetRecvInitialMetadata()->emplace(kArrivedWhileDrainingMetadata,
                                                 "1");
    }
    if (methods->QueryInterceptionHookPoint(
            InterceptionHookPoints::POST_RECV_INITIAL_METADATA) &&
        log_rpcs_) {
      peer_ = info_->server_context()->peer();
      // A trusted proxy's connection: the client it relays, then the proxy.
      if (std::optional<std::string> client =
              ProxiedClients::Get().Find(peer_)) {
        peer_ = absl::StrCat(*client, " via ", peer_);
      }
      // Calls of the HTTP gateway come through the in-process channel, which
      // only the gateway can use: the browser's address is in its metadata.
      // Network peers are "ipv4:…", "ipv6:…" or "unix:…"; an in-process one
      // has no address ("unknown"), so a network client cannot pose as one.
      if (peer_.find(':') == std::string::npos) {
        const auto& metadata = info_->server_context()->client_metadata();
        auto it = metadata.find(kGatewayClientMetadata);
        if (it != metadata.end() && it->second.size() <= 64) {
          peer_ = absl::StrCat(
              "http:", absl::string_view(it->second.data(), it->second.size()));
        }
      }
    }
    if (methods->QueryInterceptionHookPoint(
            InterceptionHookPoints::POST_RECV_MESSAGE)) {
      ++received_;
    }
    if (methods->QueryInterceptionHookPoint(
            InterceptionHookPoints::PRE_SEND_MESSAGE)) {
      ++sent_;
    }
    if (methods->QueryInterceptionHookPoint(
            InterceptionHookPoints::PRE_SEND_STATUS)) {
      grpc::Status status = methods->GetSendStatus();
      status_seen_ = true;
      code_ = status.error_code();
      if (!status.ok()) message_ = status.error_message();
    }
    methods->Proceed();
  }

 private:
  grpc::experimental::ServerRpcInfo* info_;
  absl::string_view method_;
  RpcMetrics* metrics_;
  bool log_rpcs_;
  std::atomic<int>* in_flight_;
  const CallGate* gate_;
  std::chrono::steady_clock::time_point start_;
  std::string peer_;
  std::string message_;
  int64_t received_ = 0;
  int64_t sent_ = 0;
  bool status_seen_ = false;
  grpc::StatusCode code_ = grpc::StatusCode::OK;
};

}  // namespace

grpc::experimental::Interceptor*
ObserverInterceptorFactory::CreateServerInterceptor(
    grpc::experimental::ServerRpcInfo* info) {
  const char* name = info->method();
  auto known =
      known_methods_.find(absl::string_view(name == nullptr ? "" : name));
  const absl::string_view method = known == known_methods_.end()
                                       ? RpcMetrics::kUnknownMethod
                                       : absl::string_view(*known);
  return new ObserverInterceptor(info, method, metrics_, log_rpcs_, in_flight_,
                                 gate_);
}

}  // namespace caipan::rpc
