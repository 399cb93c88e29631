// A server builder plugin that serves grpc.reflection.v1 beside gRPC's own
// v1alpha plugin, listing the services of the server it is built into.
#ifndef CAIPAN_RPC_REFLECTION_V1_PLUGIN_H_
#define CAIPAN_RPC_REFLECTION_V1_PLUGIN_H_

#include <memory>
#include <string>

#include "grpcpp/impl/server_builder_plugin.h"
#include "rpc/reflection_v1_service.h"

namespace caipan::rpc {

class ReflectionV1Plugin : public grpc::ServerBuilderPlugin {
 public:
  ReflectionV1Plugin();

  std::string name() override { return "caipan_reflection_v1"; }
  // Registers the service on the new server (which then owns a reference).
  void InitServer(grpc::ServerInitializer* initializer) override;
  // Hands the service the server's final list of service names.
  void Finish(grpc::ServerInitializer* initializer) override;
  void ChangeArguments(const std::string& /*name*/, void* /*value*/) override {}
  bool has_sync_methods() const override { return true; }
  bool has_async_methods() const override { return false; }

 private:
  std::shared_ptr<ReflectionV1Service> service_;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_REFLECTION_V1_PLUGIN_H_
