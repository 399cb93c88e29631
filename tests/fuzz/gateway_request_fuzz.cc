// Fuzz target for what the HTTP gateway reads from a browser before any call
// (gateway/rpc_exchange.h, gateway/ws_frames.h): an HTTP POST's body under
// each content type and method, and WebSocket frames.
//
// The first input byte picks the content type (low 3 bits) and the method
// (next bits); the second byte, whether timeout headers are set; the rest is
// the body (or the WebSocket frame's text). Besides not crashing, it checks:
//   - a refused request has an answer in the protocol's format (a Connect
//     error JSON, an end-of-stream envelope, or gRPC-Web trailers);
//   - an accepted JSON request becomes a message of the method's request
//     type (binary bodies are passed on as they are: the service parses
//     them, as it does on the gRPC port);
//   - a WebSocket frame is either a message of the request type, an end, or
//     an InvalidArgument error.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "caipan/v1/adjudication_service.pb.h"
#include "caipan/v1/game_service.pb.h"
#include "caipan/v1/tournament_service.pb.h"
#include "gateway/rpc_exchange.h"
#include "gateway/ws_frames.h"

namespace {

using caipan::gateway::MethodTable;

const MethodTable& Methods() {
  static const MethodTable* table = [] {
    // Referencing the generated types links their descriptors in.
    (void)caipan::v1::CheckMoveRequest::descriptor();
    (void)caipan::v1::WatchGameRequest::descriptor();
    (void)caipan::v1::AddPlayersRequest::descriptor();
    return new MethodTable(*MethodTable::ForServices(
        {"caipan.v1.AdjudicationService", "caipan.v1.GameService",
         "caipan.v1.TournamentService"}));
  }();
  return *table;
}

constexpr const char* kContentTypes[] = {"application/json",
                                         "application/proto",
                                         "application/connect+json",
                                         "application/connect+proto",
                                         "application/grpc-web",
                                         "application/grpc-web-text",
                                         "application/grpc-web-text+proto",
                                         "text/plain"};

constexpr const char* kPaths[] = {
    "/caipan.v1.AdjudicationService/CheckMove",
    "/caipan.v1.AdjudicationService/AdjudicateGame",
    "/caipan.v1.AdjudicationService/PlayGame",
    "/caipan.v1.GameService/WatchGame",
    "/caipan.v1.TournamentService/AddPlayers",
    "/caipan.v1.GameService/CreateGame",
    "/caipan.v1.Nope/Nope",
    "/"};

[[noreturn]] void Fail(const char* what) {
  std::fprintf(stderr, "gateway_request_fuzz: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const MethodTable& methods = Methods();
  caipan::gateway::GatewayConfig config;
  config.max_body_bytes = 4096;
  caipan::gateway::RpcHeaders headers;
  headers.content_type = kContentTypes[data[0] & 7];
  const char* path = kPaths[(data[0] >> 3) & 7];
  if (data[1] & 1) headers.connect_timeout_ms = "1500";
  if (data[1] & 2) headers.grpc_timeout = "3S";
  if (data[1] & 4) headers.content_encoding = "gzip";
  const std::string body(reinterpret_cast<const char*>(data + 2), size - 2);

  caipan::gateway::HttpAnswer refusal;
  auto call = caipan::gateway::ReadRpcCall(methods, config, path, headers, body,
                                           absl::UnixEpoch(), &refusal);
  if (!call.ok()) {
    if (refusal.body.empty()) Fail("a refusal without a body");
  } else {
    std::unique_ptr<google::protobuf::Message> request(
        call->method->request_prototype->New());
    const bool json = headers.content_type == "application/json" ||
                      headers.content_type == "application/connect+json";
    if (json && !request->ParseFromString(call->request)) {
      Fail("JSON turned into an unreadable request");
    }
    // Every answer form can be written for the call.
    (void)caipan::gateway::UnaryAnswer(*call, grpc::Status::OK, call->request);
    (void)caipan::gateway::StreamEndBytes(
        *call, grpc::Status(grpc::StatusCode::INTERNAL, body.substr(0, 64)));
  }

  const caipan::gateway::GatewayMethod* method = methods.Find(kPaths[3]);
  auto frame =
      caipan::gateway::ReadClientFrame(body, *method->request_prototype);
  if (!frame.ok() &&
      frame.status().code() != absl::StatusCode::kInvalidArgument) {
    Fail("a frame error that is not InvalidArgument");
  }
  if (frame.ok() && frame->is_message) {
    caipan::v1::WatchGameRequest request;
    if (!request.ParseFromString(frame->request)) Fail("an unreadable frame");
  }
  return 0;
}
