// Reading HTTP requests into calls and writing their answers, protocol by
// protocol, with the real API's descriptors.
#include "gateway/rpc_exchange.h"

#include "absl/strings/escaping.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "caipan/v1/game_service.pb.h"
#include "gateway/envelope.h"
#include "gateway/ws_frames.h"
#include "gtest/gtest.h"

namespace caipan::gateway {
namespace {

class RpcExchangeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Referencing the generated types links their descriptors in.
    ASSERT_NE(v1::CheckMoveRequest::descriptor(), nullptr);
    ASSERT_NE(v1::WatchGameRequest::descriptor(), nullptr);
    auto table = MethodTable::ForServices(
        {"caipan.v1.AdjudicationService", "caipan.v1.GameService"});
    ASSERT_TRUE(table.ok()) << table.status();
    methods_ = *std::move(table);
  }

  absl::StatusOr<RpcCall> Read(absl::string_view path, RpcHeaders headers,
                               absl::string_view body) {
    return ReadRpcCall(methods_, config_, path, headers, body, now_, &refusal_);
  }

  MethodTable methods_ = *MethodTable::ForServices({});
  GatewayConfig config_;
  absl::Time now_ = absl::FromUnixSeconds(1000);
  HttpAnswer refusal_;
};

TEST_F(RpcExchangeTest, ConnectJsonBecomesTheBinaryRequest) {
  RpcHeaders headers;
  headers.content_type = "application/json";
  headers.authorization = "Bearer abc";
  auto call = Read("/caipan.v1.AdjudicationService/CheckMove", headers,
                   R"({"xiangqi":{"fen":""},"move":"h2e2","language":"zh"})");
  ASSERT_TRUE(call.ok()) << call.status();
  v1::CheckMoveRequest request;
  ASSERT_TRUE(request.ParseFromString(call->request));
  EXPECT_EQ(request.move(), "h2e2");
  EXPECT_EQ(request.language(), "zh");
  EXPECT_TRUE(request.has_xiangqi());
  EXPECT_EQ(call->options.deadline, now_ + config_.default_deadline);
  ASSERT_EQ(call->options.metadata.size(), 1u);
  EXPECT_EQ(call->options.metadata[0].second, "Bearer abc");
}

TEST_F(RpcExchangeTest, BadJsonIsRefusedInConnectsFormat) {
  RpcHeaders headers;
  headers.content_type = "application/json";
  auto call = Read("/caipan.v1.AdjudicationService/CheckMove", headers,
                   R"({"mvoe":"h2e2"})");
  EXPECT_EQ(call.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(refusal_.status, 400);
  EXPECT_EQ(refusal_.content_type, "application/json");
  EXPECT_NE(refusal_.body.find("\"code\":\"invalid_argument\""),
            std::string::npos);
  EXPECT_NE(refusal_.body.find("mvoe"), std::string::npos) << refusal_.body;
}

TEST_F(RpcExchangeTest, UnknownMethodsAndContentTypes) {
  RpcHeaders headers;
  headers.content_type = "application/json";
  EXPECT_FALSE(Read("/caipan.v1.AdjudicationService/Nope", headers, "{}").ok());
  EXPECT_EQ(refusal_.status, 404);
  EXPECT_NE(refusal_.body.find("unimplemented"), std::string::npos);
  headers.content_type = "text/xml";
  EXPECT_FALSE(Read("/caipan.v1.AdjudicationService/Ping", headers, "").ok());
  EXPECT_EQ(refusal_.status, 415);
}

TEST_F(RpcExchangeTest, BidirectionalStreamsPointToTheWebSocket) {
  RpcHeaders headers;
  headers.content_type = "application/json";
  EXPECT_EQ(Read("/caipan.v1.AdjudicationService/PlayGame", headers, "{}")
                .status()
                .code(),
            absl::StatusCode::kUnimplemented);
  EXPECT_NE(refusal_.body.find("/ws/caipan.v1.AdjudicationService/PlayGame"),
            std::string::npos);
}

TEST_F(RpcExchangeTest, ConnectStreamingTakesOneEnvelopedMessage) {
  RpcHeaders headers;
  headers.content_type = "application/connect+json";
  auto call =
      Read("/caipan.v1.GameService/WatchGame", headers,
           WrapEnvelope(0, R"({"name":"games/x","afterSequence":"7"})"));
  ASSERT_TRUE(call.ok()) << call.status();
  v1::WatchGameRequest request;
  ASSERT_TRUE(request.ParseFromString(call->request));
  EXPECT_EQ(request.after_sequence(), 7);
  // A stream without a timeout header has no deadline of the gateway's.
  EXPECT_EQ(call->options.deadline, absl::InfiniteFuture());

  // A streaming method asked for in the unary content type is refused, and
  // the error of a streaming request comes as an end-of-stream message.
  headers.content_type = "application/json";
  EXPECT_FALSE(Read("/caipan.v1.GameService/WatchGame", headers, "{}").ok());
  headers.content_type = "application/connect+json";
  EXPECT_FALSE(Read("/caipan.v1.GameService/WatchGame", headers,
                    WrapEnvelope(0, "{") + "\1")
                   .ok());
  EXPECT_EQ(refusal_.status, 200);
  EXPECT_EQ(static_cast<uint8_t>(refusal_.body[0]), kEnvelopeConnectEnd);
  EXPECT_NE(refusal_.body.find("\"error\""), std::string::npos);
}

TEST_F(RpcExchangeTest, GrpcWebTextRoundTrip) {
  RpcHeaders headers;
  headers.content_type = "application/grpc-web-text";
  headers.grpc_timeout = "2S";
  v1::CheckMoveRequest request;
  request.set_move("h2e2");
  auto call =
      Read("/caipan.v1.AdjudicationService/CheckMove", headers,
           absl::Base64Escape(WrapEnvelope(0, request.SerializeAsString())));
  ASSERT_TRUE(call.ok()) << call.status();
  EXPECT_EQ(call->request, request.SerializeAsString());
  EXPECT_EQ(call->options.deadline, now_ + absl::Seconds(2));

  v1::CheckMoveResponse response;
  response.mutable_check()->set_legal(true);
  HttpAnswer answer =
      UnaryAnswer(*call, grpc::Status::OK, response.SerializeAsString());
  std::string body;
  ASSERT_TRUE(absl::Base64Unescape(answer.body, &body));
  auto frames = SplitEnvelopes(body, 1 << 20);
  ASSERT_TRUE(frames.ok());
  ASSERT_EQ(frames->size(), 2u);
  EXPECT_EQ((*frames)[0].payload, response.SerializeAsString());
  EXPECT_EQ((*frames)[1].flags, kEnvelopeGrpcWebTrailers);
  EXPECT_EQ((*frames)[1].payload, "grpc-status:0\r\n");
}

TEST_F(RpcExchangeTest, UnaryTimeoutsAreCapped) {
  RpcHeaders headers;
  headers.content_type = "application/proto";
  headers.connect_timeout_ms = "999999999";
  auto call = Read("/caipan.v1.AdjudicationService/Ping", headers, "");
  ASSERT_TRUE(call.ok());
  EXPECT_EQ(call->options.deadline, now_ + config_.max_deadline);
  headers.connect_timeout_ms = "soon";
  EXPECT_FALSE(Read("/caipan.v1.AdjudicationService/Ping", headers, "").ok());
  EXPECT_NE(refusal_.body.find("Connect-Timeout-Ms"), std::string::npos);
}

TEST_F(RpcExchangeTest, CompressedRequestsAreRefused) {
  RpcHeaders headers;
  headers.content_type = "application/json";
  headers.content_encoding = "gzip";
  EXPECT_EQ(Read("/caipan.v1.AdjudicationService/Ping", headers, "{}")
                .status()
                .code(),
            absl::StatusCode::kUnimplemented);
}

TEST(WebSocketFramesTest, MessagesAndEnds) {
  auto frame =
      ReadClientFrame(R"({"message":{"name":"games/a","afterSequence":"3"}})",
                      v1::WatchGameRequest::default_instance());
  ASSERT_TRUE(frame.ok()) << frame.status();
  ASSERT_TRUE(frame->is_message);
  v1::WatchGameRequest request;
  ASSERT_TRUE(request.ParseFromString(frame->request));
  EXPECT_EQ(request.name(), "games/a");
  EXPECT_EQ(request.after_sequence(), 3);

  auto end = ReadClientFrame(R"({"end":{}})",
                             v1::WatchGameRequest::default_instance());
  ASSERT_TRUE(end.ok());
  EXPECT_FALSE(end->is_message);

  for (const char* bad :
       {"[]", "{}", R"({"message":1})", R"({"message":{},"end":{}})",
        R"({"message":{"nope":1}})", "not json"}) {
    EXPECT_EQ(ReadClientFrame(bad, v1::WatchGameRequest::default_instance())
                  .status()
                  .code(),
              absl::StatusCode::kInvalidArgument)
        << bad;
  }
  EXPECT_EQ(EndFrame(grpc::Status::OK), R"({"end":{}})");
  EXPECT_EQ(EndFrame(grpc::Status(grpc::StatusCode::NOT_FOUND, "x")),
            R"({"end":{"error":{"code":"not_found","message":"x"}}})");
}

}  // namespace
}  // namespace caipan::gateway
