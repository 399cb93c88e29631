// Server bootstrap (see server.h).
#include "rpc/server.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "grpcpp/ext/proto_server_reflection_plugin.h"
#include "grpcpp/health_check_service_interface.h"
#include "grpcpp/resource_quota.h"
#include "grpcpp/security/server_credentials.h"
#include "grpcpp/server_builder.h"
#include "rpc/log.h"
#include "rpc/observer_interceptor.h"

namespace caipan::rpc {

absl::StatusOr<std::unique_ptr<Server>> Server::Start(
    const ServerConfig& config, const std::vector<grpc::Service*>& services,
    const std::vector<std::string>& health_names) {
  if (config.max_message_bytes <= 0) {
    return absl::InvalidArgumentError("max_message_bytes must be positive");
  }
  std::unique_ptr<Server> server(new Server());
  server->config_ = config;
  server->health_names_ = health_names;
  server->metrics_ = std::make_unique<RpcMetrics>();
  if (!config.metrics_address.empty()) {
    absl::Status status = server->metrics_->Serve(config.metrics_address);
    if (!status.ok()) return status;
  }

  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();

  grpc::ServerBuilder builder;
  builder.AddListeningPort(config.address, grpc::InsecureServerCredentials(),
                           &server->port_);
  for (grpc::Service* service : services) builder.RegisterService(service);
  builder.SetMaxReceiveMessageSize(config.max_message_bytes);
  builder.SetMaxSendMessageSize(config.max_message_bytes);
  if (config.threads > 0) {
    grpc::ResourceQuota quota("caipan-server");
    quota.SetMaxThreads(config.threads);
    builder.SetResourceQuota(quota);
  }
  std::vector<
      std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>>
      creators;
  creators.push_back(std::make_unique<ObserverInterceptorFactory>(
      server->metrics_.get(), config.log_rpcs, &server->in_flight_));
  builder.experimental().SetInterceptorCreators(std::move(creators));

  server->server_ = builder.BuildAndStart();
  if (server->server_ == nullptr || server->port_ == 0) {
    return absl::UnavailableError(
        absl::StrCat("cannot listen on ", config.address));
  }
  grpc::HealthCheckServiceInterface* health =
      server->server_->GetHealthCheckService();
  if (health != nullptr) {
    health->SetServingStatus(true);
    for (const std::string& name : health_names)
      health->SetServingStatus(name, true);
  }
  return server;
}

Server::~Server() { Shutdown(); }

void Server::Shutdown() {
  if (shut_down_ || server_ == nullptr) return;
  shut_down_ = true;
  if (grpc::HealthCheckServiceInterface* health =
          server_->GetHealthCheckService()) {
    health->Shutdown();  // every service now reports NOT_SERVING
  }
  // gRPC's own Shutdown(deadline) waits out the whole deadline while clients
  // keep idle connections open, so the drain is done here: wait for the calls
  // in flight, then stop.
  const absl::Time deadline = absl::Now() + config_.shutdown_grace;
  while (in_flight_.load(std::memory_order_acquire) > 0 &&
         absl::Now() < deadline) {
    absl::SleepFor(absl::Milliseconds(5));
  }
  const int cancelled = in_flight_.load(std::memory_order_acquire);
  server_->Shutdown(absl::ToChronoTime(absl::Now()));
  server_->Wait();
  if (cancelled > 0) LogLine("shutdown_cancelled").Add("calls", cancelled);
}

}  // namespace caipan::rpc
