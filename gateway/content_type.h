// Which browser protocol a request speaks, from its Content-Type.
#ifndef CAIPAN_GATEWAY_CONTENT_TYPE_H_
#define CAIPAN_GATEWAY_CONTENT_TYPE_H_

#include <optional>
#include <string_view>

namespace caipan::gateway {

enum class WireProtocol {
  kConnectUnaryJson,    // application/json
  kConnectUnaryProto,   // application/proto
  kConnectStreamJson,   // application/connect+json
  kConnectStreamProto,  // application/connect+proto
  kGrpcWeb,             // application/grpc-web, application/grpc-web+proto
  kGrpcWebText,         // application/grpc-web-text(+proto): base64 bodies
};

// The protocol of `content_type` (parameters such as charset ignored, case
// insensitive), or nullopt for anything else.
std::optional<WireProtocol> ProtocolOfContentType(
    std::string_view content_type);

// The Content-Type of an answer in `protocol`.
std::string_view ResponseContentType(WireProtocol protocol);

bool IsJson(WireProtocol protocol);
bool IsConnectStream(WireProtocol protocol);
bool IsGrpcWeb(WireProtocol protocol);

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_CONTENT_TYPE_H_
