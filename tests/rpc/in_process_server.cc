// An in-process AdjudicationService for tests (see in_process_server.h).
#include "tests/rpc/in_process_server.h"

#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "grpcpp/create_channel.h"
#include "grpcpp/security/credentials.h"

namespace caipan::testing {

InProcessServer::InProcessServer(services::ServiceOptions options,
                                 int max_message_bytes, bool reflection)
    : service_(options) {
  rpc::ServerConfig config;
  config.address = "127.0.0.1:0";
  config.metrics_address = "";
  config.log_rpcs = false;
  config.max_message_bytes = max_message_bytes;
  config.reflection = reflection;
  config.shutdown_grace = absl::Seconds(1);
  auto server = rpc::Server::Start(config, {&service_},
                                   {"caipan.v1.AdjudicationService"});
  if (!server.ok()) std::abort();
  server_ = *std::move(server);
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 * 1024 * 1024);
  args.SetMaxSendMessageSize(64 * 1024 * 1024);
  stub_ = v1::AdjudicationService::NewStub(
      grpc::CreateCustomChannel(absl::StrCat("127.0.0.1:", server_->port()),
                                grpc::InsecureChannelCredentials(), args));
}

InProcessServer::~InProcessServer() { server_->Shutdown(); }

}  // namespace caipan::testing
