// Content-Type to protocol (see content_type.h).
#include "gateway/content_type.h"

#include "absl/strings/ascii.h"
#include "absl/strings/string_view.h"

namespace caipan::gateway {

std::optional<WireProtocol> ProtocolOfContentType(
    std::string_view content_type) {
  absl::string_view type(content_type.data(), content_type.size());
  type = type.substr(0, type.find(';'));
  std::string lower = absl::AsciiStrToLower(absl::StripAsciiWhitespace(type));
  if (lower == "application/json") return WireProtocol::kConnectUnaryJson;
  if (lower == "application/proto") return WireProtocol::kConnectUnaryProto;
  if (lower == "application/connect+json") {
    return WireProtocol::kConnectStreamJson;
  }
  if (lower == "application/connect+proto") {
    return WireProtocol::kConnectStreamProto;
  }
  if (lower == "application/grpc-web" ||
      lower == "application/grpc-web+proto") {
    return WireProtocol::kGrpcWeb;
  }
  if (lower == "application/grpc-web-text" ||
      lower == "application/grpc-web-text+proto") {
    return WireProtocol::kGrpcWebText;
  }
  return std::nullopt;
}

std::string_view ResponseContentType(WireProtocol protocol) {
  switch (protocol) {
    case WireProtocol::kConnectUnaryJson:
      return "application/json";
    case WireProtocol::kConnectUnaryProto:
      return "application/proto";
    case WireProtocol::kConnectStreamJson:
      return "application/connect+json";
    case WireProtocol::kConnectStreamProto:
      return "application/connect+proto";
    case WireProtocol::kGrpcWeb:
      return "application/grpc-web+proto";
    case WireProtocol::kGrpcWebText:
      return "application/grpc-web-text+proto";
  }
  return "application/octet-stream";
}

bool IsJson(WireProtocol protocol) {
  return protocol == WireProtocol::kConnectUnaryJson ||
         protocol == WireProtocol::kConnectStreamJson;
}

bool IsConnectStream(WireProtocol protocol) {
  return protocol == WireProtocol::kConnectStreamJson ||
         protocol == WireProtocol::kConnectStreamProto;
}

bool IsGrpcWeb(WireProtocol protocol) {
  return protocol == WireProtocol::kGrpcWeb ||
         protocol == WireProtocol::kGrpcWebText;
}

}  // namespace caipan::gateway
