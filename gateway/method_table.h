// The RPC methods the gateway serves, found by HTTP path in the generated
// descriptors: their kind (unary or streaming) and message types.
#ifndef CAIPAN_GATEWAY_METHOD_TABLE_H_
#define CAIPAN_GATEWAY_METHOD_TABLE_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"

namespace caipan::gateway {

enum class MethodKind {
  kUnary,
  kServerStreaming,
  // Client streaming or bidirectional: only over WebSocket.
  kClientStreaming,
};

struct GatewayMethod {
  // "/caipan.v1.AdjudicationService/CheckMove": the gRPC method name.
  std::string path;
  MethodKind kind = MethodKind::kUnary;
  const google::protobuf::Message* request_prototype = nullptr;
  const google::protobuf::Message* response_prototype = nullptr;
};

class MethodTable {
 public:
  // Every method of the named services (full names, "caipan.v1.GameService"),
  // which must be linked into the binary; NotFound naming a missing one.
  static absl::StatusOr<MethodTable> ForServices(
      const std::vector<std::string>& service_names);

  // The method at `path`, or null.
  const GatewayMethod* Find(absl::string_view path) const;

 private:
  absl::flat_hash_map<std::string, GatewayMethod> methods_;
};

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_METHOD_TABLE_H_
