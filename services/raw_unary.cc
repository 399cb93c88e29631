// Request parsing and response serialisation for raw calls (see raw_unary.h).
#include "services/raw_unary.h"

#include "grpcpp/impl/codegen/proto_utils.h"

namespace caipan::services {

absl::Status ParseMessage(const grpc::ByteBuffer& bytes,
                          google::protobuf::Message* message) {
  grpc::ByteBuffer shared(bytes);  // shares the slices, copies no bytes
  grpc::ProtoBufferReader reader(&shared);
  if (!reader.status().ok() || !message->ParseFromZeroCopyStream(&reader)) {
    return absl::InvalidArgumentError(
        absl::StrCat("request: the body is not a valid ",
                     message->GetTypeName(), " message"));
  }
  return absl::OkStatus();
}

grpc::Status SerializeMessage(const google::protobuf::Message& message,
                              grpc::ByteBuffer* bytes) {
  bool own_buffer = false;
  return grpc::SerializationTraits<google::protobuf::Message>::Serialize(
      message, bytes, &own_buffer);
}

}  // namespace caipan::services
