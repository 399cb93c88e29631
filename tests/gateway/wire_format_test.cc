// The gateway's framing pieces: envelopes, gRPC-Web text and trailers,
// timeouts, content types, Connect errors.
#include <string>

#include "absl/strings/escaping.h"
#include "gateway/connect_error.h"
#include "gateway/content_type.h"
#include "gateway/envelope.h"
#include "gateway/grpc_web.h"
#include "gtest/gtest.h"

namespace caipan::gateway {
namespace {

TEST(EnvelopeTest, RoundTripsSeveralMessages) {
  std::string body = WrapEnvelope(0, "abc") + WrapEnvelope(0x02, "");
  ASSERT_EQ(body.size(), 5u + 3 + 5);
  EXPECT_EQ(body.substr(0, 5), std::string("\0\0\0\0\3", 5));
  auto envelopes = SplitEnvelopes(body, 100);
  ASSERT_TRUE(envelopes.ok()) << envelopes.status();
  ASSERT_EQ(envelopes->size(), 2u);
  EXPECT_EQ((*envelopes)[0].payload, "abc");
  EXPECT_EQ((*envelopes)[1].flags, 0x02);
}

TEST(EnvelopeTest, TruncatedBodiesNameTheOffset) {
  std::string body = WrapEnvelope(0, "abcdef");
  auto short_payload = SplitEnvelopes(body.substr(0, 8), 100);
  EXPECT_EQ(short_payload.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(short_payload.status().message().find("byte 0"), std::string::npos);
  auto short_head = SplitEnvelopes(body + std::string("\0\0", 2), 100);
  EXPECT_NE(short_head.status().message().find("byte 11"), std::string::npos)
      << short_head.status();
}

TEST(EnvelopeTest, RefusesAMessageOverTheLimitBeforeReadingIt) {
  std::string head("\0\x7f\xff\xff\xff", 5);
  auto result = SplitEnvelopes(head, 1024);
  EXPECT_EQ(result.status().code(), absl::StatusCode::kResourceExhausted);
}

TEST(GrpcWebTest, TextBodiesMayBeSeveralPaddedChunks) {
  std::string first = absl::Base64Escape(WrapEnvelope(0, "ab"));
  std::string second = absl::Base64Escape("xy");
  ASSERT_NE(first.find('='), std::string::npos);
  auto decoded = DecodeGrpcWebText(first + second);
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  EXPECT_EQ(*decoded, WrapEnvelope(0, "ab") + "xy");
  EXPECT_FALSE(DecodeGrpcWebText("!!!!").ok());
}

TEST(GrpcWebTest, TrailersCarryStatusAndEncodedMessage) {
  std::string frame = GrpcWebTrailersFrame(
      grpc::Status(grpc::StatusCode::NOT_FOUND, "no game 棋%"));
  ASSERT_EQ(static_cast<uint8_t>(frame[0]), kEnvelopeGrpcWebTrailers);
  const std::string trailers = frame.substr(5);
  EXPECT_NE(trailers.find("grpc-status:5\r\n"), std::string::npos);
  EXPECT_NE(trailers.find("grpc-message:no game %E6%A3%8B%25\r\n"),
            std::string::npos)
      << trailers;
}

TEST(GrpcWebTest, Timeouts) {
  EXPECT_EQ(ParseGrpcTimeout("250m"), absl::Milliseconds(250));
  EXPECT_EQ(ParseGrpcTimeout("3S"), absl::Seconds(3));
  EXPECT_EQ(ParseGrpcTimeout("1H"), absl::Hours(1));
  EXPECT_FALSE(ParseGrpcTimeout("3x").has_value());
  EXPECT_FALSE(ParseGrpcTimeout("S").has_value());
  EXPECT_FALSE(ParseGrpcTimeout("1234567890S").has_value());
  EXPECT_EQ(ParseConnectTimeout("1500"), absl::Milliseconds(1500));
  EXPECT_FALSE(ParseConnectTimeout("-1").has_value());
  EXPECT_FALSE(ParseConnectTimeout("12345678901").has_value());
  EXPECT_FALSE(ParseConnectTimeout("").has_value());
}

TEST(ContentTypeTest, KnowsEveryProtocolAndIgnoresParameters) {
  EXPECT_EQ(ProtocolOfContentType("application/json; charset=utf-8"),
            WireProtocol::kConnectUnaryJson);
  EXPECT_EQ(ProtocolOfContentType("Application/Proto"),
            WireProtocol::kConnectUnaryProto);
  EXPECT_EQ(ProtocolOfContentType("application/connect+json"),
            WireProtocol::kConnectStreamJson);
  EXPECT_EQ(ProtocolOfContentType("application/grpc-web"),
            WireProtocol::kGrpcWeb);
  EXPECT_EQ(ProtocolOfContentType("application/grpc-web-text+proto"),
            WireProtocol::kGrpcWebText);
  EXPECT_FALSE(ProtocolOfContentType("text/plain").has_value());
  EXPECT_FALSE(ProtocolOfContentType("").has_value());
}

TEST(ConnectErrorTest, CodesAndHttpStatuses) {
  EXPECT_EQ(ConnectCodeName(grpc::StatusCode::CANCELLED), "canceled");
  EXPECT_EQ(ConnectCodeName(grpc::StatusCode::INVALID_ARGUMENT),
            "invalid_argument");
  EXPECT_EQ(HttpStatusOfCode(grpc::StatusCode::INVALID_ARGUMENT), 400);
  EXPECT_EQ(HttpStatusOfCode(grpc::StatusCode::UNAUTHENTICATED), 401);
  EXPECT_EQ(HttpStatusOfCode(grpc::StatusCode::FAILED_PRECONDITION), 412);
  EXPECT_EQ(HttpStatusOfCode(grpc::StatusCode::RESOURCE_EXHAUSTED), 429);
  EXPECT_EQ(HttpStatusOfCode(grpc::StatusCode::UNAVAILABLE), 503);
}

TEST(ConnectErrorTest, JsonEscapesTheMessage) {
  std::string json = ConnectErrorJson(grpc::Status(
      grpc::StatusCode::INVALID_ARGUMENT, "move \"h2\x01\" at\nply 3"));
  EXPECT_EQ(
      json,
      "{\"code\":\"invalid_argument\",\"message\":\"move \\\"h2\\u0001\\\" "
      "at\\nply 3\"}");
}

}  // namespace
}  // namespace caipan::gateway
