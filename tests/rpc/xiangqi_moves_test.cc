// In-process tests of CheckMove and ListMoves for xiangqi, and of request
// validation.
#include <algorithm>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "google/protobuf/util/message_differencer.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "grpcpp/client_context.h"
#include "gtest/gtest.h"
#include "tests/rpc/in_process_server.h"

namespace caipan {
namespace {

using ::testing::HasSubstr;

// Red mates with a8a9 (the chariot on b8 guards rank 8, the kings face on the e
// file).
constexpr char kMateInOneFen[] = "3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1";

class XiangqiMovesTest : public ::testing::Test {
 protected:
  grpc::Status Check(const v1::CheckMoveRequest& request,
                     v1::CheckMoveResponse* response) {
    grpc::ClientContext context;
    return server_.stub().CheckMove(&context, request, response);
  }
  grpc::Status List(const v1::ListMovesRequest& request,
                    v1::ListMovesResponse* response) {
    grpc::ClientContext context;
    return server_.stub().ListMoves(&context, request, response);
  }

  testing::InProcessServer server_{testing::WithHistoryLimit(20)};
};

TEST_F(XiangqiMovesTest, PingAnswers) {
  grpc::ClientContext context;
  v1::PingResponse response;
  EXPECT_TRUE(server_.stub().Ping(&context, v1::PingRequest(), &response).ok());
}

TEST_F(XiangqiMovesTest, LegalMoveReportsItsEffect) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi()->add_moves("h2e2");
  request.set_move("h9g7");
  v1::CheckMoveResponse response;
  ASSERT_TRUE(Check(request, &response).ok());
  const v1::MoveCheck& check = response.check();
  EXPECT_TRUE(check.legal());
  EXPECT_EQ(check.rejection(), v1::MOVE_REJECTION_NONE);
  EXPECT_EQ(check.move(), "h9g7");
  EXPECT_EQ(check.side(), v1::SIDE_BLACK);
  EXPECT_EQ(
      check.xiangqi().fen_after(),
      "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
  EXPECT_EQ(check.xiangqi().captured(), "");
  EXPECT_FALSE(check.xiangqi().check());
  EXPECT_EQ(check.verdict().result(), v1::RESULT_ONGOING);
}

TEST_F(XiangqiMovesTest, AcceptsEveryNotationAndFormatsTheRequestedOne) {
  for (const char* text : {"h2e2", "H2-E2", "C2.5", "炮二平五", "炮2平5"}) {
    v1::CheckMoveRequest request;
    request.mutable_xiangqi();
    request.set_move(text);
    request.set_notation(v1::NOTATION_CHINESE);
    v1::CheckMoveResponse response;
    ASSERT_TRUE(Check(request, &response).ok()) << text;
    EXPECT_TRUE(response.check().legal())
        << text << ": " << response.check().reason();
    EXPECT_EQ(response.check().move(), "h2e2") << text;
    EXPECT_EQ(response.check().display(), "炮二平五") << text;
  }
}

TEST_F(XiangqiMovesTest, IllegalMoveIsAnAnswerWithItsReason) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi();
  request.set_move("h0h2");  // the horse does not move straight
  v1::CheckMoveResponse response;
  ASSERT_TRUE(Check(request, &response).ok());
  EXPECT_FALSE(response.check().legal());
  EXPECT_EQ(response.check().rejection(), v1::MOVE_REJECTION_ILLEGAL);
  EXPECT_THAT(response.check().reason(), HasSubstr("h0h2"));
  EXPECT_FALSE(response.check().has_xiangqi());
  // h2 holds red's own cannon: that is what the engine names first.
  EXPECT_EQ(response.check().xiangqi_illegal().reason(), "capture-own-piece");
}

TEST_F(XiangqiMovesTest, AnIllegalMoveSaysWhyInTypedForm) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi()->set_fen(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  request.set_move("b0d1");  // the elephant on c0 blocks the horse's leg
  v1::CheckMoveResponse response;
  ASSERT_TRUE(Check(request, &response).ok());
  EXPECT_FALSE(response.check().legal());
  EXPECT_EQ(response.check().xiangqi_illegal().reason(), "horse-leg-blocked");
  EXPECT_EQ(response.check().xiangqi_illegal().square(), "c0");
  // A legal move has no reason.
  request.set_move("b0c2");
  ASSERT_TRUE(Check(request, &response).ok());
  EXPECT_TRUE(response.check().legal());
  EXPECT_FALSE(response.check().has_xiangqi_illegal());
}

TEST_F(XiangqiMovesTest, UnreadableMoveIsAnAnswerToo) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi();
  request.set_move("hello");
  v1::CheckMoveResponse response;
  ASSERT_TRUE(Check(request, &response).ok());
  EXPECT_FALSE(response.check().legal());
  EXPECT_EQ(response.check().rejection(), v1::MOVE_REJECTION_UNPARSEABLE);
}

TEST_F(XiangqiMovesTest, MateIsFlaggedAndDecidesTheGame) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi()->set_fen(kMateInOneFen);
  request.set_move("a8a9");
  v1::CheckMoveResponse response;
  ASSERT_TRUE(Check(request, &response).ok());
  EXPECT_TRUE(response.check().legal());
  EXPECT_TRUE(response.check().xiangqi().check());
  EXPECT_EQ(response.check().xiangqi().state_after(),
            v1::XIANGQI_GAME_STATE_CHECKMATE);
  EXPECT_EQ(response.check().verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(response.check().verdict().winner(), v1::SIDE_RED);
  EXPECT_EQ(response.check().verdict().reason(), v1::VERDICT_REASON_CHECKMATE);
  EXPECT_EQ(response.check().verdict().decided_at_ply(), 1);

  // After the mate, any move is answered with "game over".
  request.mutable_xiangqi()->add_moves("a8a9");
  request.set_move("d9d8");
  ASSERT_TRUE(Check(request, &response).ok());
  EXPECT_FALSE(response.check().legal());
  EXPECT_EQ(response.check().rejection(), v1::MOVE_REJECTION_GAME_OVER);
}

// Black's king on d9 with a pawn that can still move; red mates with a8a9.
constexpr char kMateAfterTwoPliesFen[] = "3k5/RR7/9/9/9/9/8p/9/9/4K4 w - - 0 1";

// A move checked after a history gets the answer it gets on the position the
// history reaches, given by its FEN alone: legal or not, why not, its text,
// display, effect and result. (With a history the move is played into the
// adjudicated game and its effect read from there.)
TEST_F(XiangqiMovesTest, AHistoryAnswersAsThePositionItReaches) {
  struct Case {
    std::string fen;
    std::vector<std::string> history;
    std::string move;
    bool legal;
    std::string captured;
    v1::XiangqiGameState state_after;
  };
  constexpr auto kNormal = v1::XIANGQI_GAME_STATE_NORMAL;
  constexpr auto kNone = v1::XIANGQI_GAME_STATE_UNSPECIFIED;
  const Case cases[] = {
      {"", {"h2e2"}, "h9g7", true, "", kNormal},             // quiet
      {"", {"h2e2"}, "b7b0", true, "N", kNormal},            // a capture
      {"", {"h2e2"}, "h9h7", false, "", kNone},              // no such move
      {"", {"h2e2", "h9g7"}, "e3e4x", false, "", kNone},     // unreadable
      {"", {"h2e2", "h9g7"}, "炮二平五", false, "", kNone},  // no cannon on 二
      {"", {"h2e2", "h9g7"}, "马二进三", true, "", kNormal},  // Chinese
                                                              // notation
      {kMateAfterTwoPliesFen,
       {"e0f0", "i3i2"},
       "a8a9",
       true,
       "",
       v1::XIANGQI_GAME_STATE_CHECKMATE},
      {kMateAfterTwoPliesFen, {"e0f0", "i3i2"}, "a8a7", true, "", kNormal},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.move);
    v1::ListMovesRequest list;
    list.mutable_xiangqi()->set_fen(c.fen);
    for (const std::string& m : c.history) list.mutable_xiangqi()->add_moves(m);
    v1::ListMovesResponse reached;
    ASSERT_TRUE(List(list, &reached).ok());

    v1::CheckMoveRequest with_history;
    *with_history.mutable_xiangqi() = list.xiangqi();
    with_history.set_move(c.move);
    with_history.set_notation(v1::NOTATION_CHINESE);
    v1::CheckMoveRequest from_fen = with_history;
    from_fen.mutable_xiangqi()->Clear();
    from_fen.mutable_xiangqi()->set_fen(reached.fen());
    v1::CheckMoveResponse a, b;
    ASSERT_TRUE(Check(with_history, &a).ok());
    ASSERT_TRUE(Check(from_fen, &b).ok());
    EXPECT_EQ(a.check().legal(), c.legal);
    EXPECT_EQ(a.check().xiangqi().captured(), c.captured);
    EXPECT_EQ(a.check().xiangqi().state_after(), c.state_after);
    EXPECT_EQ(a.check().verdict().result(), b.check().verdict().result());
    EXPECT_EQ(a.check().verdict().winner(), b.check().verdict().winner());
    EXPECT_EQ(a.check().verdict().reason(), b.check().verdict().reason());
    // The verdict's plies count from the request's start: compared above.
    a.mutable_check()->clear_verdict();
    b.mutable_check()->clear_verdict();
    EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(a, b))
        << a.DebugString() << "\nvs\n"
        << b.DebugString();
  }
}

TEST_F(XiangqiMovesTest, ListMovesOfTheStartPosition) {
  v1::ListMovesRequest request;
  request.mutable_xiangqi();
  request.set_notation(v1::NOTATION_WXF);
  v1::ListMovesResponse response;
  ASSERT_TRUE(List(request, &response).ok());
  ASSERT_EQ(response.moves_size(), 44);
  std::vector<std::string> moves;
  for (const v1::ListedMove& listed : response.moves()) {
    moves.push_back(listed.move());
    EXPECT_FALSE(listed.display().empty()) << listed.move();
  }
  EXPECT_TRUE(std::is_sorted(moves.begin(), moves.end()));
  // Each move beside its own text: the cannon to the centre.
  auto central = std::find_if(
      response.moves().begin(), response.moves().end(),
      [](const v1::ListedMove& listed) { return listed.move() == "h2e2"; });
  ASSERT_NE(central, response.moves().end());
  EXPECT_EQ(central->display(), "C2.5");
  EXPECT_EQ(response.side_to_move(), v1::SIDE_RED);
  EXPECT_EQ(response.xiangqi_state(), v1::XIANGQI_GAME_STATE_NORMAL);
  EXPECT_THAT(response.fen(), HasSubstr("rnbakabnr/9/1c5c1"));
}

TEST_F(XiangqiMovesTest, ListMovesOfAMatedPosition) {
  v1::ListMovesRequest request;
  request.mutable_xiangqi()->set_fen(kMateInOneFen);
  request.mutable_xiangqi()->add_moves("a8a9");
  v1::ListMovesResponse response;
  ASSERT_TRUE(List(request, &response).ok());
  EXPECT_EQ(response.moves_size(), 0);
  EXPECT_EQ(response.side_to_move(), v1::SIDE_BLACK);
  EXPECT_EQ(response.xiangqi_state(), v1::XIANGQI_GAME_STATE_CHECKMATE);
}

// --- Malformed requests
// ------------------------------------------------------------------

TEST_F(XiangqiMovesTest, MissingGameIsInvalidArgument) {
  v1::CheckMoveRequest request;
  request.set_move("h2e2");
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("game"));
}

TEST_F(XiangqiMovesTest, MissingMoveIsInvalidArgument) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi();
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("move"));
}

TEST_F(XiangqiMovesTest, BadFenNamesTheField) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi()->set_fen("rnbakabnr/9/9 w");
  request.set_move("h2e2");
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("xiangqi.fen"));
}

TEST_F(XiangqiMovesTest, IllegalHistoryMoveNamesTheFieldAndPly) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi()->add_moves("h2e2");
  request.mutable_xiangqi()->add_moves("h2e2");
  request.set_move("a0a1");
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("xiangqi.moves[1] (ply 2)"));
}

TEST_F(XiangqiMovesTest, HistoryOverTheLimitIsRejectedNamingTheLimit) {
  v1::ListMovesRequest request;
  for (int i = 0; i < 6; ++i) {
    for (const char* m : {"h0g2", "h9g7", "g2h0", "g7h9"})
      request.mutable_xiangqi()->add_moves(m);
  }
  v1::ListMovesResponse response;
  grpc::Status status = List(request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("limit of 20"));
}

TEST_F(XiangqiMovesTest, UnknownEnumValueIsInvalidArgument) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi();
  request.set_move("h2e2");
  request.set_notation(static_cast<v1::Notation>(42));
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("notation"));
}

TEST(MessageSizeTest, OversizedRequestIsResourceExhausted) {
  testing::InProcessServer server({}, /*max_message_bytes=*/16 * 1024);
  v1::CheckMoveRequest request;
  request.mutable_xiangqi()->set_fen(std::string(64 * 1024, 'x'));
  request.set_move("h2e2");
  v1::CheckMoveResponse response;
  grpc::ClientContext context;
  grpc::Status status = server.stub().CheckMove(&context, request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
}

}  // namespace
}  // namespace caipan

namespace caipan {
namespace {

// With the position cache, answers are the same whether the history was seen
// before, is an extension of one seen before, or is new; errors still name the
// ply.
TEST(PositionCacheTest, SameAnswersWithTheCache) {
  services::ServiceOptions options;
  options.position_cache = std::make_shared<rpc::XiangqiPositionCache>(1 << 20);
  testing::InProcessServer cached(options);
  testing::InProcessServer plain;
  const char* game[] = {"h2e2", "h9g7", "h0g2", "i9h9",
                        "i0h0", "b9c7", "b0c2", "a9b9"};
  for (int n = 0; n <= 8; ++n) {
    for (int repeat = 0; repeat < 2; ++repeat) {
      v1::CheckMoveRequest request;
      request.mutable_xiangqi();
      for (int i = 0; i < n; ++i) request.mutable_xiangqi()->add_moves(game[i]);
      request.set_move(n < 8 ? game[n] : "h0h1");
      v1::CheckMoveResponse a, b;
      grpc::ClientContext ca, cb;
      ASSERT_TRUE(cached.stub().CheckMove(&ca, request, &a).ok());
      ASSERT_TRUE(plain.stub().CheckMove(&cb, request, &b).ok());
      EXPECT_EQ(a.SerializeAsString(), b.SerializeAsString()) << n;
    }
  }
  v1::CheckMoveRequest bad;
  for (const char* m : {"h2e2", "h9g7", "h2e2"})
    bad.mutable_xiangqi()->add_moves(m);
  bad.set_move("a0a1");
  v1::CheckMoveResponse response;
  grpc::ClientContext context;
  grpc::Status status = cached.stub().CheckMove(&context, bad, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(),
              ::testing::HasSubstr("xiangqi.moves[2] (ply 3)"));
}

}  // namespace
TEST_F(XiangqiMovesTest, ARejectedMoveStillComesBackInCanonicalForm) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi();
  v1::CheckMoveResponse response;
  // The only horse on file 2 cannot go to file 4: its leg is blocked.
  request.set_move("马二进四");
  ASSERT_TRUE(Check(request, &response).ok());
  EXPECT_FALSE(response.check().legal());
  EXPECT_EQ(response.check().rejection(), v1::MOVE_REJECTION_ILLEGAL);
  EXPECT_EQ(response.check().move(), "h0f1");
  // ICCS names its move whatever the position: the chariot cannot pass its
  // pawn on a3.
  request.set_move("A0-A4");
  ASSERT_TRUE(Check(request, &response).ok());
  EXPECT_FALSE(response.check().legal());
  EXPECT_EQ(response.check().move(), "a0a4");
  // Text that names no move has no canonical form.
  request.set_move("zz");
  ASSERT_TRUE(Check(request, &response).ok());
  EXPECT_EQ(response.check().rejection(), v1::MOVE_REJECTION_UNPARSEABLE);
  EXPECT_EQ(response.check().move(), "");
}

TEST_F(XiangqiMovesTest, ErrorsCarryTheFieldAndAStableReason) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi()->add_moves("h2e2");
  request.mutable_xiangqi()->add_moves("h2e2");
  request.set_move("h9g7");
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  google::rpc::Status details;
  ASSERT_TRUE(details.ParseFromString(status.error_details()));
  EXPECT_EQ(details.code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(details.message(), status.error_message());
  google::rpc::ErrorInfo info;
  google::rpc::BadRequest bad_request;
  for (const google::protobuf::Any& any : details.details()) {
    if (any.Is<google::rpc::ErrorInfo>()) any.UnpackTo(&info);
    if (any.Is<google::rpc::BadRequest>()) any.UnpackTo(&bad_request);
  }
  EXPECT_EQ(info.reason(), "FIELD_INVALID");
  EXPECT_EQ(info.domain(), "caipan");
  ASSERT_EQ(bad_request.field_violations_size(), 1);
  EXPECT_EQ(bad_request.field_violations(0).field(), "xiangqi.moves[1]");
  EXPECT_FALSE(bad_request.field_violations(0).description().empty());

  // A size limit has a reason of its own.
  request.set_move(std::string(100, 'x'));
  status = Check(request, &response);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  ASSERT_TRUE(details.ParseFromString(status.error_details()));
  ASSERT_GE(details.details_size(), 1);
  ASSERT_TRUE(details.details(0).UnpackTo(&info));
  EXPECT_EQ(info.reason(), "FIELD_TOO_LARGE");
  EXPECT_EQ(info.metadata().at("field"), "move");
}

}  // namespace caipan
