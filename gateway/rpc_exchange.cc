// RPCs over HTTP (see rpc_exchange.h).
#include "gateway/rpc_exchange.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gateway/connect_error.h"
#include "gateway/envelope.h"
#include "gateway/grpc_web.h"
#include "gateway/json_transcoder.h"

namespace caipan::gateway {
namespace {

bool IsIdentity(absl::string_view encoding) {
  encoding = absl::StripAsciiWhitespace(encoding);
  return encoding.empty() || absl::EqualsIgnoreCase(encoding, "identity");
}

std::string TextIfNeeded(WireProtocol protocol, std::string bytes) {
  if (protocol != WireProtocol::kGrpcWebText) return bytes;
  return absl::Base64Escape(bytes);
}

// The deadline the headers ask for, capped for unary calls; none for a
// stream that names none (the services end idle streams themselves).
absl::StatusOr<absl::Time> DeadlineOf(const GatewayMethod& method,
                                      WireProtocol protocol,
                                      const GatewayConfig& config,
                                      const RpcHeaders& headers,
                                      absl::Time now) {
  const bool grpc_web = IsGrpcWeb(protocol);
  const std::string& header =
      grpc_web ? headers.grpc_timeout : headers.connect_timeout_ms;
  const bool unary = method.kind == MethodKind::kUnary;
  if (header.empty()) {
    return unary ? now + config.default_deadline : absl::InfiniteFuture();
  }
  std::optional<absl::Duration> timeout =
      grpc_web ? ParseGrpcTimeout(header) : ParseConnectTimeout(header);
  if (!timeout) {
    return absl::InvalidArgumentError(
        absl::StrCat(grpc_web ? "grpc-timeout" : "Connect-Timeout-Ms",
                     " header: not a timeout: ", header.substr(0, 32)));
  }
  if (unary) *timeout = std::min(*timeout, config.max_deadline);
  return now + *timeout;
}

// The one request message of an enveloped body (Connect streaming,
// gRPC-Web), in binary.
absl::StatusOr<std::string> EnvelopedRequest(const GatewayMethod& method,
                                             WireProtocol protocol,
                                             const GatewayConfig& config,
                                             absl::string_view body) {
  std::string decoded;
  if (protocol == WireProtocol::kGrpcWebText) {
    absl::StatusOr<std::string> text = DecodeGrpcWebText(body);
    if (!text.ok()) return text.status();
    decoded = *std::move(text);
    body = decoded;
  }
  absl::StatusOr<std::vector<Envelope>> envelopes =
      SplitEnvelopes(body, config.max_body_bytes);
  if (!envelopes.ok()) return envelopes.status();
  if (envelopes->size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("request body: ", envelopes->size(),
                     " messages; a call takes exactly one request"));
  }
  Envelope& envelope = envelopes->front();
  if (envelope.flags & kEnvelopeCompressed) {
    return absl::UnimplementedError(
        "request body: compressed messages are not supported");
  }
  if (envelope.flags != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("request body: unknown envelope flags ", envelope.flags));
  }
  if (IsJson(protocol)) {
    return JsonToBinary(*method.request_prototype, envelope.payload);
  }
  return std::move(envelope.payload);
}

}  // namespace

absl::StatusOr<RpcCall> ReadRpcCall(const MethodTable& methods,
                                    const GatewayConfig& config,
                                    absl::string_view path,
                                    const RpcHeaders& headers,
                                    absl::string_view body, absl::Time now,
                                    HttpAnswer* refusal) {
  std::optional<WireProtocol> protocol =
      ProtocolOfContentType(headers.content_type);
  const auto refuse = [&](const absl::Status& status, int http_status = 0) {
    *refusal = ErrorAnswer(protocol, ToGrpcStatus(status), http_status);
    return status;
  };
  if (!protocol) {
    return refuse(
        absl::InvalidArgumentError(absl::StrCat(
            "Content-Type '", headers.content_type.substr(0, 64),
            "' is not one the gateway reads: application/json, "
            "application/proto, application/connect+json, "
            "application/connect+proto, application/grpc-web(+proto), "
            "application/grpc-web-text(+proto)")),
        415);
  }
  const GatewayMethod* method = methods.Find(path);
  if (method == nullptr) {
    return refuse(absl::UnimplementedError(
                      absl::StrCat("no method ", path.substr(0, 128),
                                   " (services: caipan.v1.AdjudicationService, "
                                   "caipan.v1.GameService)")),
                  404);
  }
  if (method->kind == MethodKind::kClientStreaming) {
    return refuse(absl::UnimplementedError(absl::StrCat(
        method->path,
        " streams both ways, which needs a full-duplex connection: use the "
        "WebSocket at /ws",
        method->path)));
  }
  const bool stream_protocol = IsConnectStream(*protocol);
  if (method->kind == MethodKind::kUnary && stream_protocol) {
    return refuse(absl::InvalidArgumentError(
        absl::StrCat(method->path,
                     " is unary: send application/json or "
                     "application/proto")));
  }
  if (method->kind == MethodKind::kServerStreaming && !stream_protocol &&
      !IsGrpcWeb(*protocol)) {
    return refuse(absl::InvalidArgumentError(
        absl::StrCat(method->path,
                     " streams its answers: send application/connect+json "
                     "or application/connect+proto")));
  }
  const std::string& encoding = stream_protocol
                                    ? headers.connect_content_encoding
                                    : headers.content_encoding;
  if (!IsIdentity(encoding)) {
    return refuse(absl::UnimplementedError(
        absl::StrCat("compressed requests (", encoding.substr(0, 32),
                     ") are not supported; send them uncompressed")));
  }
  RpcCall call;
  call.method = method;
  call.protocol = *protocol;
  call.options.method = method->path;
  absl::StatusOr<absl::Time> deadline =
      DeadlineOf(*method, *protocol, config, headers, now);
  if (!deadline.ok()) return refuse(deadline.status());
  call.options.deadline = *deadline;
  if (!headers.authorization.empty()) {
    call.options.metadata.push_back({"authorization", headers.authorization});
  }
  absl::StatusOr<std::string> request;
  if (*protocol == WireProtocol::kConnectUnaryJson) {
    request = JsonToBinary(*method->request_prototype,
                           body.empty() ? absl::string_view("{}") : body);
  } else if (*protocol == WireProtocol::kConnectUnaryProto) {
    request = std::string(body);
  } else {
    request = EnvelopedRequest(*method, *protocol, config, body);
  }
  if (!request.ok()) return refuse(request.status());
  call.request = *std::move(request);
  return call;
}

HttpAnswer ErrorAnswer(std::optional<WireProtocol> protocol,
                       const grpc::Status& status, int http_status) {
  HttpAnswer answer;
  if (protocol && IsConnectStream(*protocol)) {
    answer.content_type = std::string(ResponseContentType(*protocol));
    answer.body = WrapEnvelope(
        kEnvelopeConnectEnd,
        absl::StrCat("{\"error\":", ConnectErrorJson(status), "}"));
    return answer;
  }
  if (protocol && IsGrpcWeb(*protocol)) {
    answer.content_type = std::string(ResponseContentType(*protocol));
    answer.body = TextIfNeeded(*protocol, GrpcWebTrailersFrame(status));
    return answer;
  }
  answer.status =
      http_status ? http_status : HttpStatusOfCode(status.error_code());
  answer.content_type = "application/json";
  answer.body = ConnectErrorJson(status);
  return answer;
}

HttpAnswer UnaryAnswer(const RpcCall& call, const grpc::Status& status,
                       absl::string_view response) {
  if (IsGrpcWeb(call.protocol)) {
    HttpAnswer answer;
    answer.content_type = std::string(ResponseContentType(call.protocol));
    std::string body;
    if (status.ok()) body = WrapEnvelope(0, response);
    body += GrpcWebTrailersFrame(status);
    answer.body = TextIfNeeded(call.protocol, std::move(body));
    return answer;
  }
  if (!status.ok()) return ErrorAnswer(call.protocol, status);
  HttpAnswer answer;
  answer.content_type = std::string(ResponseContentType(call.protocol));
  if (IsJson(call.protocol)) {
    absl::StatusOr<std::string> json =
        BinaryToJson(*call.method->response_prototype, response);
    if (!json.ok())
      return ErrorAnswer(call.protocol, ToGrpcStatus(json.status()));
    answer.body = *std::move(json);
  } else {
    answer.body = std::string(response);
  }
  return answer;
}

absl::StatusOr<std::string> StreamMessageBytes(const RpcCall& call,
                                               absl::string_view response) {
  if (IsJson(call.protocol)) {
    absl::StatusOr<std::string> json =
        BinaryToJson(*call.method->response_prototype, response);
    if (!json.ok()) return json.status();
    return WrapEnvelope(0, *json);
  }
  return TextIfNeeded(call.protocol, WrapEnvelope(0, response));
}

std::string StreamEndBytes(const RpcCall& call, const grpc::Status& status) {
  if (IsGrpcWeb(call.protocol)) {
    return TextIfNeeded(call.protocol, GrpcWebTrailersFrame(status));
  }
  return WrapEnvelope(
      kEnvelopeConnectEnd,
      status.ok() ? std::string("{}")
                  : absl::StrCat("{\"error\":", ConnectErrorJson(status), "}"));
}

}  // namespace caipan::gateway
