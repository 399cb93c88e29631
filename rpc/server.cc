// Server bootstrap (see server.h).
#include "rpc/server.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "engine/common/status_macros.h"
#include "google/protobuf/descriptor.h"
#include "grpcpp/ext/proto_server_reflection_plugin.h"
#include "grpcpp/health_check_service_interface.h"
#include "grpcpp/impl/server_builder_option.h"
#include "grpcpp/resource_quota.h"
#include "grpcpp/security/server_credentials.h"
#include "grpcpp/server_builder.h"
#include "rpc/host_port.h"
#include "rpc/log.h"
#include "rpc/observer_interceptor.h"
#include "rpc/reflection_v1_plugin.h"

namespace caipan::rpc {
namespace {

constexpr size_t kMaxPemBytes = 1 << 20;

// Turns the reflection services (gRPC's v1alpha and our v1) on or off for one
// builder. gRPC's reflection library registers its v1alpha plugin for every
// server of the process as soon as it is linked, so "off" has to take it out
// again.
class ReflectionOption : public grpc::ServerBuilderOption {
 public:
  explicit ReflectionOption(bool on) : on_(on) {}
  void UpdateArguments(grpc::ChannelArguments*) override {}
  void UpdatePlugins(std::vector<std::unique_ptr<grpc::ServerBuilderPlugin>>*
                         plugins) override {
    std::erase_if(*plugins, [](const auto& plugin) {
      return dynamic_cast<grpc::reflection::ProtoServerReflectionPlugin*>(
                 plugin.get()) != nullptr ||
             dynamic_cast<ReflectionV1Plugin*>(plugin.get()) != nullptr;
    });
    if (on_) {
      plugins->push_back(
          std::make_unique<grpc::reflection::ProtoServerReflectionPlugin>());
      plugins->push_back(std::make_unique<ReflectionV1Plugin>());
    }
  }

 private:
  bool on_;
};

absl::StatusOr<std::string> ReadPem(const std::string& path,
                                    absl::string_view flag) {
  absl::StatusOr<std::string> text = ReadSmallFile(path, kMaxPemBytes, flag);
  if (text.ok() && text->find("-----BEGIN") == std::string::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat(flag, " ", path, ": not a PEM file"));
  }
  return text;
}

absl::StatusOr<std::shared_ptr<grpc::ServerCredentials>> Credentials(
    const ServerConfig& config) {
  if (config.tls_cert_file.empty() && config.tls_key_file.empty()) {
    if (!config.tls_client_ca_file.empty()) {
      return absl::InvalidArgumentError(
          "--tls-client-ca needs --tls-cert and --tls-key");
    }
    return grpc::InsecureServerCredentials();
  }
  if (config.tls_cert_file.empty() || config.tls_key_file.empty())
    return absl::InvalidArgumentError("--tls-cert and --tls-key go together");
  absl::StatusOr<std::string> cert =
      ReadPem(config.tls_cert_file, "--tls-cert");
  if (!cert.ok()) return cert.status();
  absl::StatusOr<std::string> key = ReadPem(config.tls_key_file, "--tls-key");
  if (!key.ok()) return key.status();
  grpc::SslServerCredentialsOptions options(
      GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE);
  options.pem_key_cert_pairs.push_back({*key, *cert});
  if (!config.tls_client_ca_file.empty()) {
    absl::StatusOr<std::string> ca =
        ReadPem(config.tls_client_ca_file, "--tls-client-ca");
    if (!ca.ok()) return ca.status();
    options.pem_root_certs = *ca;
    options.client_certificate_request =
        GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY;
  }
  return grpc::SslServerCredentials(options);
}

int Milliseconds(absl::Duration d) {
  return static_cast<int>(
      std::min<int64_t>(absl::ToInt64Milliseconds(d), INT32_MAX));
}

// Full names of the methods served: those of `service_names` (from the
// generated descriptors), health and reflection.
std::vector<std::string> KnownMethods(
    const std::vector<std::string>& service_names) {
  std::vector<std::string> methods = {
      "/grpc.health.v1.Health/Check",
      "/grpc.health.v1.Health/Watch",
      "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
      "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
  };
  const google::protobuf::DescriptorPool* pool =
      google::protobuf::DescriptorPool::generated_pool();
  for (const std::string& name : service_names) {
    const google::protobuf::ServiceDescriptor* service =
        pool->FindServiceByName(name);
    if (service == nullptr) continue;
    for (int i = 0; i < service->method_count(); ++i)
      methods.push_back(
          absl::StrCat("/", name, "/", service->method(i)->name()));
  }
  return methods;
}

}  // namespace

absl::StatusOr<std::unique_ptr<Server>> Server::Start(
    const ServerConfig& config, const std::vector<grpc::Service*>& services,
    const std::vector<std::string>& health_names) {
  if (config.max_message_bytes <= 0) {
    return absl::InvalidArgumentError("max_message_bytes must be positive");
  }
  absl::StatusOr<std::shared_ptr<grpc::ServerCredentials>> credentials =
      Credentials(config);
  if (!credentials.ok()) return credentials.status();
  std::unique_ptr<Server> server(new Server());
  server->config_ = config;
  if (server->config_.gate == nullptr)
    server->config_.gate = std::make_shared<CallGate>();
  server->health_names_ = health_names;
  server->metrics_ = std::make_unique<RpcMetrics>();
  AcceptorLimits limits;
  limits.max_connections = config.max_connections;
  limits.max_connections_per_address = config.max_connections_per_address;
  limits.trusted_proxies = config.trusted_proxies;
  limits.proxy_header_timeout = config.proxy_header_timeout;
  absl::StatusOr<std::unique_ptr<ConnectionAcceptor>> acceptor =
      ConnectionAcceptor::Bind(config.address, std::move(limits));
  if (!acceptor.ok()) return acceptor.status();
  server->acceptor_ = *std::move(acceptor);
  server->port_ = server->acceptor_->port();
  if (!config.metrics_address.empty()) {
    CAIPAN_RETURN_IF_ERROR(server->metrics_->Serve(config.metrics_address));
  }

  grpc::EnableDefaultHealthCheckService(true);
  grpc::ServerBuilder builder;
  server->grpc_acceptor_ = builder.experimental().AddExternalConnectionAcceptor(
      grpc::ServerBuilder::experimental_type::ExternalConnectionType::FROM_FD,
      *credentials);
  builder.SetOption(std::make_unique<ReflectionOption>(config.reflection));
  for (grpc::Service* service : services) builder.RegisterService(service);
  builder.SetMaxReceiveMessageSize(config.max_message_bytes);
  builder.SetMaxSendMessageSize(config.max_message_bytes);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS,
                             config.max_concurrent_streams);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_IDLE_MS,
                             Milliseconds(config.max_connection_idle));
  builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_AGE_MS,
                             Milliseconds(config.max_connection_age));
  builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_AGE_GRACE_MS,
                             Milliseconds(config.max_connection_age_grace));
  builder.AddChannelArgument(
      GRPC_ARG_HTTP2_MIN_RECV_PING_INTERVAL_WITHOUT_DATA_MS,
      Milliseconds(config.keepalive_min_interval));
  builder.AddChannelArgument(GRPC_ARG_HTTP2_MAX_PING_STRIKES, 2);
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  grpc::ResourceQuota quota("caipan-server");
  quota.Resize(static_cast<size_t>(config.memory_budget_bytes));
  if (config.threads > 0) quota.SetMaxThreads(config.threads);
  builder.SetResourceQuota(quota);
  std::vector<
      std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>>
      creators;
  const std::vector<std::string> known_methods = KnownMethods(health_names);
  server->metrics_->Preregister(known_methods);
  creators.push_back(std::make_unique<ObserverInterceptorFactory>(
      server->metrics_.get(), config.log_rpcs, &server->in_flight_,
      server->config_.gate.get(), known_methods));
  builder.experimental().SetInterceptorCreators(std::move(creators));

  server->server_ = builder.BuildAndStart();
  if (server->server_ == nullptr) {
    return absl::UnavailableError(
        absl::StrCat("cannot start the gRPC server on ", config.address));
  }
  server->acceptor_->Start(server->grpc_acceptor_.get());
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
  // New calls are refused (UNAVAILABLE) from here on, and health says
  // NOT_SERVING, so balancers move traffic away while the calls in flight
  // finish.
  config_.gate->StartDraining();
  if (grpc::HealthCheckServiceInterface* health =
          server_->GetHealthCheckService()) {
    health->Shutdown();
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
  acceptor_.reset();  // no new connections
  server_->Shutdown(absl::ToChronoTime(absl::Now()));
  server_->Wait();
  if (cancelled > 0) LogLine("shutdown_cancelled").Add("calls", cancelled);
}

}  // namespace caipan::rpc
