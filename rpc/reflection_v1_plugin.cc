// Serving grpc.reflection.v1 (see reflection_v1_plugin.h).
#include "rpc/reflection_v1_plugin.h"

#include "grpcpp/impl/server_initializer.h"

namespace caipan::rpc {

ReflectionV1Plugin::ReflectionV1Plugin()
    : service_(std::make_shared<ReflectionV1Service>()) {}

void ReflectionV1Plugin::InitServer(grpc::ServerInitializer* initializer) {
  initializer->RegisterService(service_);
}

void ReflectionV1Plugin::Finish(grpc::ServerInitializer* initializer) {
  service_->SetServiceNames(initializer->GetServiceList());
}

}  // namespace caipan::rpc
