// In-process tests of the PlayGame stream.
#include <string>

#include "gmock/gmock.h"
#include "grpcpp/client_context.h"
#include "gtest/gtest.h"
#include "tests/rpc/in_process_server.h"

namespace caipan {
namespace {

using ::testing::HasSubstr;

class PlayGameTest : public ::testing::Test {
 protected:
  testing::InProcessServer server_{testing::WithHistoryLimit(8)};
};

v1::PlayGameRequest Move(const std::string& move) {
  v1::PlayGameRequest request;
  request.set_move(move);
  return request;
}

TEST_F(PlayGameTest, KeepsThePositionAcrossMessages) {
  grpc::ClientContext context;
  auto stream = server_.stub().PlayGame(&context);
  v1::PlayGameRequest start;
  start.mutable_start()->mutable_xiangqi()->add_moves("h2e2");
  start.mutable_start()->set_notation(v1::NOTATION_CHINESE);
  ASSERT_TRUE(stream->Write(start));
  v1::PlayGameResponse response;
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.ply(), 1);
  EXPECT_FALSE(response.has_check());
  EXPECT_EQ(response.verdict().result(), v1::RESULT_ONGOING);

  ASSERT_TRUE(stream->Write(Move("马8进7")));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_TRUE(response.check().legal());
  EXPECT_EQ(response.check().move(), "h9g7");
  EXPECT_EQ(response.check().display(), "马８进７");
  EXPECT_EQ(response.ply(), 2);

  // An illegal move is answered and changes nothing.
  ASSERT_TRUE(stream->Write(Move("h9g7")));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_FALSE(response.check().legal());
  EXPECT_EQ(response.check().rejection(), v1::MOVE_REJECTION_ILLEGAL);
  EXPECT_EQ(response.ply(), 2);

  ASSERT_TRUE(stream->Write(Move("h0g2")));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_TRUE(response.check().legal());
  EXPECT_EQ(response.ply(), 3);
  stream->WritesDone();
  EXPECT_TRUE(stream->Finish().ok());
}

TEST_F(PlayGameTest, MateEndsTheGame) {
  grpc::ClientContext context;
  auto stream = server_.stub().PlayGame(&context);
  v1::PlayGameRequest start;
  start.mutable_start()->mutable_xiangqi()->set_fen(
      "3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1");
  ASSERT_TRUE(stream->Write(start));
  v1::PlayGameResponse response;
  ASSERT_TRUE(stream->Read(&response));
  ASSERT_TRUE(stream->Write(Move("a8a9")));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(response.verdict().winner(), v1::SIDE_RED);
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_CHECKMATE);
  ASSERT_TRUE(stream->Write(Move("d9d8")));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.check().rejection(), v1::MOVE_REJECTION_GAME_OVER);
  stream->WritesDone();
  EXPECT_TRUE(stream->Finish().ok());
}

TEST_F(PlayGameTest, FirstMessageMustBeAStart) {
  grpc::ClientContext context;
  auto stream = server_.stub().PlayGame(&context);
  ASSERT_TRUE(stream->Write(Move("h2e2")));
  v1::PlayGameResponse response;
  EXPECT_FALSE(stream->Read(&response));
  grpc::Status status = stream->Finish();
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("start"));
}

TEST_F(PlayGameTest, BadStartNamesTheField) {
  grpc::ClientContext context;
  auto stream = server_.stub().PlayGame(&context);
  v1::PlayGameRequest start;
  start.mutable_start()->mutable_xiangqi()->set_fen("not a fen");
  ASSERT_TRUE(stream->Write(start));
  v1::PlayGameResponse response;
  EXPECT_FALSE(stream->Read(&response));
  grpc::Status status = stream->Finish();
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("start.xiangqi.fen"));
}

TEST_F(PlayGameTest, StreamPastTheHistoryLimitEnds) {
  grpc::ClientContext context;
  auto stream = server_.stub().PlayGame(&context);
  v1::PlayGameRequest start;
  start.mutable_start()->mutable_xiangqi();
  ASSERT_TRUE(stream->Write(start));
  v1::PlayGameResponse response;
  ASSERT_TRUE(stream->Read(&response));
  const char* moves[] = {"h0g2", "h9g7", "b0c2", "b9c7", "g2h0",
                         "g7h9", "c2b0", "c7b9", "h0g2"};
  for (int i = 0; i < 8; ++i) {
    ASSERT_TRUE(stream->Write(Move(moves[i])));
    ASSERT_TRUE(stream->Read(&response));
    EXPECT_TRUE(response.check().legal()) << moves[i];
  }
  stream->Write(Move(moves[8]));
  EXPECT_FALSE(stream->Read(&response));
  grpc::Status status = stream->Finish();
  EXPECT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_THAT(status.error_message(), HasSubstr("limit of 8"));
}

}  // namespace
}  // namespace caipan
