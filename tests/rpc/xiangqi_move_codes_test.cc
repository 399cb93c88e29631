// In-process tests of the compact history form (XiangqiPosition.move_codes):
// the same answers as the text form, and errors naming the codes' field.
#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "grpcpp/client_context.h"
#include "gtest/gtest.h"
#include "rpc/xiangqi_convert.h"
#include "tests/rpc/in_process_server.h"

namespace caipan {
namespace {

using ::testing::HasSubstr;

// Opening moves of a game, with what the next one is.
const std::vector<std::string> kGame = {"h2e2", "h9g7", "h0g2", "i9h9",
                                        "i0h0", "b9c7", "b0c2", "a9b9"};

// The code of an ICCS move, from the square arithmetic the proto documents
// (file + 9 * rank; from * 90 + to), not from the server's own helper.
uint32_t CodeOf(const std::string& iccs) {
  auto square = [&](size_t i) {
    return static_cast<uint32_t>((iccs[i] - 'a') + 9 * (iccs[i + 1] - '0'));
  };
  return square(0) * 90 + square(2);
}

// The first `n` moves of kGame as text in `text` and as codes in `codes`.
void GiveHistory(int n, v1::XiangqiPosition* text, v1::XiangqiPosition* codes) {
  for (int i = 0; i < n; ++i) {
    text->add_moves(kGame[i]);
    codes->add_move_codes(CodeOf(kGame[i]));
  }
}

// Sends `text` and `codes` by `call` and expects the same answer.
template <typename Request, typename Response, typename Call>
void ExpectSameAnswer(const Request& text, const Request& codes, Call call) {
  Response a, b;
  grpc::ClientContext ca, cb;
  ASSERT_TRUE(call(&ca, text, &a).ok());
  ASSERT_TRUE(call(&cb, codes, &b).ok());
  EXPECT_EQ(a.SerializeAsString(), b.SerializeAsString());
}

class XiangqiMoveCodesTest : public ::testing::Test {
 protected:
  grpc::Status Check(const v1::CheckMoveRequest& request,
                     v1::CheckMoveResponse* response) {
    grpc::ClientContext context;
    return server_.stub().CheckMove(&context, request, response);
  }

  testing::InProcessServer server_{testing::WithHistoryLimit(20)};
};

TEST(XiangqiMoveCodeTest, DocumentedExampleAndRoundTrip) {
  EXPECT_EQ(CodeOf("h2e2"), 2272u);
  const std::optional<xiangqi::Move> h2e2 = rpc::DecodeXiangqiMoveCode(2272);
  ASSERT_TRUE(h2e2.has_value());
  EXPECT_EQ(xiangqi::ToIccs(*h2e2), "h2e2");
  EXPECT_EQ(rpc::XiangqiMoveCode(*h2e2), 2272u);
  const std::optional<xiangqi::Move> last = rpc::DecodeXiangqiMoveCode(8099);
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(xiangqi::ToIccs(*last), "i9i9");
  EXPECT_FALSE(rpc::DecodeXiangqiMoveCode(8100).has_value());
}

TEST_F(XiangqiMoveCodesTest, SameAnswerAsTheTextHistory) {
  for (int n = 1; n < static_cast<int>(kGame.size()); ++n) {
    v1::CheckMoveRequest text;
    v1::CheckMoveRequest codes;
    GiveHistory(n, text.mutable_xiangqi(), codes.mutable_xiangqi());
    text.set_move(kGame[n]);
    codes.set_move(kGame[n]);
    v1::CheckMoveResponse a, b;
    ASSERT_TRUE(Check(text, &a).ok());
    ASSERT_TRUE(Check(codes, &b).ok());
    EXPECT_TRUE(b.check().legal()) << n << ": " << b.check().reason();
    EXPECT_EQ(a.SerializeAsString(), b.SerializeAsString()) << n;
  }
}

TEST_F(XiangqiMoveCodesTest, ClaimModeAndListMovesReadCodesToo) {
  v1::ListMovesRequest text;
  v1::ListMovesRequest codes;
  GiveHistory(static_cast<int>(kGame.size()), text.mutable_xiangqi(),
              codes.mutable_xiangqi());
  ExpectSameAnswer<v1::ListMovesRequest, v1::ListMovesResponse>(
      text, codes, [&](grpc::ClientContext* c, const auto& q, auto* r) {
        return server_.stub().ListMoves(c, q, r);
      });

  v1::CheckMoveRequest claim;
  *claim.mutable_xiangqi() = codes.xiangqi();
  claim.mutable_xiangqi_rules()->set_mode(v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  claim.set_move("h0h1");
  v1::CheckMoveResponse response;
  ASSERT_TRUE(Check(claim, &response).ok());
  EXPECT_TRUE(response.check().legal()) << response.check().reason();
}

TEST_F(XiangqiMoveCodesTest, BothFormsAreInvalidArgumentNamingTheCodes) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi()->add_moves("h2e2");
  request.mutable_xiangqi()->add_move_codes(CodeOf("h2e2"));
  request.set_move("h9g7");
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("xiangqi.move_codes"));
  EXPECT_THAT(status.error_message(), HasSubstr("xiangqi.moves"));
}

TEST_F(XiangqiMoveCodesTest, CodeOutOfRangeNamesItsIndexAndPly) {
  v1::CheckMoveRequest request;
  request.mutable_xiangqi()->add_move_codes(CodeOf("h2e2"));
  request.mutable_xiangqi()->add_move_codes(8100);
  request.set_move("h0g2");
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(),
              HasSubstr("xiangqi.move_codes[1] (ply 2)"));
  EXPECT_THAT(status.error_message(), HasSubstr("8100"));
  google::rpc::Status details;
  ASSERT_TRUE(details.ParseFromString(status.error_details()));
  google::rpc::BadRequest bad_request;
  for (const google::protobuf::Any& any : details.details()) {
    if (any.Is<google::rpc::BadRequest>()) any.UnpackTo(&bad_request);
  }
  ASSERT_EQ(bad_request.field_violations_size(), 1);
  EXPECT_EQ(bad_request.field_violations(0).field(), "xiangqi.move_codes[1]");
}

TEST_F(XiangqiMoveCodesTest, IllegalCodeNamesItsIndexAndPly) {
  v1::CheckMoveRequest request;
  // Ply 4 is Black's, and e2 holds Red's cannon.
  for (const char* m : {"h2e2", "h9g7", "h0g2", "e2e4"})
    request.mutable_xiangqi()->add_move_codes(CodeOf(m));
  request.set_move("a0a1");
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(),
              HasSubstr("xiangqi.move_codes[3] (ply 4)"));
}

TEST_F(XiangqiMoveCodesTest, AMoveAfterMateInTheHistoryNamesItsPly) {
  v1::CheckMoveRequest request;
  // Red mates with a8a9; Black has no move left to play.
  request.mutable_xiangqi()->set_fen("3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1");
  request.mutable_xiangqi()->add_move_codes(CodeOf("a8a9"));
  request.mutable_xiangqi()->add_move_codes(CodeOf("d9d8"));
  request.set_move("e0e1");
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(),
              HasSubstr("xiangqi.move_codes[1] (ply 2)"));
}

TEST_F(XiangqiMoveCodesTest, TooManyCodesAreRejectedBeforeAnyIsRead) {
  v1::CheckMoveRequest request;
  // 21 codes over a limit of 20, every one unreadable: the count is the error.
  for (int i = 0; i < 21; ++i) request.mutable_xiangqi()->add_move_codes(9999);
  request.set_move("h2e2");
  v1::CheckMoveResponse response;
  grpc::Status status = Check(request, &response);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("xiangqi.move_codes"));
  EXPECT_THAT(status.error_message(), HasSubstr("limit of 20"));
  google::rpc::Status details;
  ASSERT_TRUE(details.ParseFromString(status.error_details()));
  google::rpc::ErrorInfo info;
  ASSERT_TRUE(details.details(0).UnpackTo(&info));
  EXPECT_EQ(info.reason(), "FIELD_TOO_LARGE");
}

TEST_F(XiangqiMoveCodesTest, AdjudicateGameReadsCodes) {
  v1::AdjudicateGameRequest text;
  v1::AdjudicateGameRequest codes;
  GiveHistory(static_cast<int>(kGame.size()), text.mutable_xiangqi(),
              codes.mutable_xiangqi());
  ExpectSameAnswer<v1::AdjudicateGameRequest, v1::AdjudicateGameResponse>(
      text, codes, [&](grpc::ClientContext* c, const auto& q, auto* r) {
        return server_.stub().AdjudicateGame(c, q, r);
      });
  v1::AdjudicateGameResponse b;
  // An unreadable code is an error naming it, as unreadable text is.
  codes.mutable_xiangqi()->set_move_codes(2, 8100);
  grpc::ClientContext cc;
  grpc::Status status = server_.stub().AdjudicateGame(&cc, codes, &b);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(),
              HasSubstr("xiangqi.move_codes[2] (ply 3)"));
}

// With the position cache, a history given as codes shares the entries of the
// same history as ICCS text, and answers as without the cache.
TEST(XiangqiMoveCodesCacheTest, CodesAndTextShareTheCache) {
  services::ServiceOptions options;
  options.position_cache = std::make_shared<rpc::XiangqiPositionCache>(1 << 20);
  testing::InProcessServer cached(options);
  v1::ListMovesRequest text;
  v1::ListMovesRequest codes;
  GiveHistory(static_cast<int>(kGame.size()), text.mutable_xiangqi(),
              codes.mutable_xiangqi());
  v1::ListMovesResponse a, b;
  grpc::ClientContext ca, cb;
  ASSERT_TRUE(cached.stub().ListMoves(&ca, text, &a).ok());
  const size_t bytes = options.position_cache->bytes();
  ASSERT_TRUE(cached.stub().ListMoves(&cb, codes, &b).ok());
  EXPECT_EQ(a.SerializeAsString(), b.SerializeAsString());
  EXPECT_EQ(options.position_cache->bytes(), bytes);
  // A bad code is still reported with the cache.
  codes.mutable_xiangqi()->set_move_codes(5, 8100);
  grpc::ClientContext cc;
  grpc::Status status = cached.stub().ListMoves(&cc, codes, &b);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(),
              HasSubstr("xiangqi.move_codes[5] (ply 6)"));
}

}  // namespace
}  // namespace caipan
