// grpc.reflection.v1.ServerReflection: answers reflection requests from a
// descriptor pool (the generated one by default), as gRPC's own v1alpha
// service does, for tools that ask for v1 (buf curl, newer grpcurl).
#ifndef CAIPAN_RPC_REFLECTION_V1_SERVICE_H_
#define CAIPAN_RPC_REFLECTION_V1_SERVICE_H_

#include <string>
#include <vector>

#include "google/protobuf/descriptor.h"
#include "grpc/reflection/v1/reflection.grpc.pb.h"

namespace caipan::rpc {

class ReflectionV1Service
    : public grpc::reflection::v1::ServerReflection::Service {
 public:
  explicit ReflectionV1Service(
      const google::protobuf::DescriptorPool* pool =
          google::protobuf::DescriptorPool::generated_pool())
      : pool_(pool) {}

  // The names list_services answers with; the vector must outlive the
  // service (gRPC's server keeps it). Until set, the list is empty.
  void SetServiceNames(const std::vector<std::string>* names) {
    service_names_ = names;
  }

  // The answer to one request (the stream answers each request in turn).
  grpc::reflection::v1::ServerReflectionResponse Answer(
      const grpc::reflection::v1::ServerReflectionRequest& request) const;

  grpc::Status ServerReflectionInfo(
      grpc::ServerContext* context,
      grpc::ServerReaderWriter<grpc::reflection::v1::ServerReflectionResponse,
                               grpc::reflection::v1::ServerReflectionRequest>*
          stream) override;

 private:
  const google::protobuf::DescriptorPool* pool_;
  const std::vector<std::string>* service_names_ = nullptr;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_REFLECTION_V1_SERVICE_H_
