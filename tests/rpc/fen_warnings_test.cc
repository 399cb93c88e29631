// A xiangqi FEN with an empty holdings bracket ("…[] w - - 0 1", as engines of
// variants with drops write it) is read leniently by every call that takes a
// position, and the answer says so in `warnings`, naming the field; the
// answer is otherwise the one the plain FEN gets. A record's reading warnings
// (its FEN tag's among them) come back the same way.
#include <memory>
#include <string>

#include "gmock/gmock.h"
#include "grpcpp/client_context.h"
#include "gtest/gtest.h"
#include "tests/rpc/in_process_server.h"

namespace caipan {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr char kPlain[] =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
constexpr char kBracketed[] =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1";
constexpr char kBracketWarning[] =
    "FEN placement: empty holdings bracket \"[]\" ignored (xiangqi has no "
    "pieces in hand)";

// The answers to `fen` and to the plain FEN, the warnings left out.
template <typename Response>
void ExpectSameAnswer(Response with_bracket, const Response& plain) {
  with_bracket.clear_warnings();
  EXPECT_EQ(with_bracket.SerializeAsString(), plain.SerializeAsString());
}

class FenWarningsTest : public ::testing::TestWithParam<bool> {
 protected:
  FenWarningsTest() {
    services::ServiceOptions options;
    // With the position cache, CheckMove and ListMoves take another path.
    if (GetParam()) {
      options.position_cache =
          std::make_shared<rpc::XiangqiPositionCache>(1 << 20);
    }
    server_ = std::make_unique<testing::InProcessServer>(options);
  }

  v1::AdjudicationService::Stub& stub() { return server_->stub(); }

  std::unique_ptr<testing::InProcessServer> server_;
};

TEST_P(FenWarningsTest, CheckMoveWithAndWithoutAHistory) {
  for (bool with_history : {false, true}) {
    v1::CheckMoveResponse answers[2];
    for (int i = 0; i < 2; ++i) {
      v1::CheckMoveRequest request;
      request.mutable_xiangqi()->set_fen(i == 0 ? kBracketed : kPlain);
      if (with_history) request.mutable_xiangqi()->add_moves("h2e2");
      request.set_move(with_history ? "h9g7" : "h2e2");
      grpc::ClientContext context;
      ASSERT_TRUE(stub().CheckMove(&context, request, &answers[i]).ok());
    }
    EXPECT_THAT(answers[0].warnings(),
                ElementsAre(std::string("xiangqi.fen: ") + kBracketWarning))
        << with_history;
    EXPECT_THAT(answers[1].warnings(), IsEmpty());
    EXPECT_TRUE(answers[0].check().legal());
    ExpectSameAnswer(answers[0], answers[1]);
  }
}

TEST_P(FenWarningsTest, ListMoves) {
  v1::ListMovesResponse answers[2];
  for (int i = 0; i < 2; ++i) {
    v1::ListMovesRequest request;
    request.mutable_xiangqi()->set_fen(i == 0 ? kBracketed : kPlain);
    grpc::ClientContext context;
    ASSERT_TRUE(stub().ListMoves(&context, request, &answers[i]).ok());
  }
  EXPECT_THAT(answers[0].warnings(),
              ElementsAre(std::string("xiangqi.fen: ") + kBracketWarning));
  EXPECT_EQ(answers[0].moves_size(), 44);
  ExpectSameAnswer(answers[0], answers[1]);
}

TEST_P(FenWarningsTest, AdjudicateGameRuleOnRepetitionAndTheNaturalLimit) {
  v1::AdjudicateGameResponse adjudicated[2];
  v1::RuleOnRepetitionResponse repetition[2];
  v1::GetNaturalLimitStatusResponse limit[2];
  for (int i = 0; i < 2; ++i) {
    v1::XiangqiPosition position;
    position.set_fen(i == 0 ? kBracketed : kPlain);
    for (const char* move : {"h2e2", "h9g7"}) position.add_moves(move);
    {
      v1::AdjudicateGameRequest request;
      *request.mutable_xiangqi() = position;
      grpc::ClientContext context;
      ASSERT_TRUE(
          stub().AdjudicateGame(&context, request, &adjudicated[i]).ok());
    }
    {
      v1::RuleOnRepetitionRequest request;
      *request.mutable_xiangqi() = position;
      grpc::ClientContext context;
      ASSERT_TRUE(
          stub().RuleOnRepetition(&context, request, &repetition[i]).ok());
    }
    {
      v1::GetNaturalLimitStatusRequest request;
      *request.mutable_xiangqi() = position;
      grpc::ClientContext context;
      ASSERT_TRUE(
          stub().GetNaturalLimitStatus(&context, request, &limit[i]).ok());
    }
  }
  const std::string expected = std::string("xiangqi.fen: ") + kBracketWarning;
  EXPECT_THAT(adjudicated[0].warnings(), ElementsAre(expected));
  EXPECT_THAT(repetition[0].warnings(), ElementsAre(expected));
  EXPECT_THAT(limit[0].warnings(), ElementsAre(expected));
  EXPECT_EQ(adjudicated[0].plies(), 2);
  ExpectSameAnswer(adjudicated[0], adjudicated[1]);
  ExpectSameAnswer(repetition[0], repetition[1]);
  ExpectSameAnswer(limit[0], limit[1]);
}

TEST_P(FenWarningsTest, AdjudicateGameOfARecordWithSuchAFen) {
  v1::AdjudicateGameRequest request;
  request.set_xiangqi_record(std::string("[FEN \"") + kBracketed +
                             "\"]\n\n1. h2e2 h9g7 *\n");
  v1::AdjudicateGameResponse response;
  grpc::ClientContext context;
  ASSERT_TRUE(stub().AdjudicateGame(&context, request, &response).ok());
  EXPECT_THAT(
      response.warnings(),
      ElementsAre(std::string("xiangqi_record: tag FEN: ") + kBracketWarning));
  EXPECT_EQ(response.plies(), 2);
}

TEST_P(FenWarningsTest, PlayGameSaysSoInTheReplyToTheStart) {
  grpc::ClientContext context;
  auto stream = stub().PlayGame(&context);
  v1::PlayGameRequest request;
  request.mutable_start()->mutable_xiangqi()->set_fen(kBracketed);
  ASSERT_TRUE(stream->Write(request));
  v1::PlayGameResponse response;
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_THAT(
      response.warnings(),
      ElementsAre(std::string("start.xiangqi.fen: ") + kBracketWarning));
  request.Clear();
  request.set_move("h2e2");
  ASSERT_TRUE(stream->Write(request));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_TRUE(response.check().legal());
  EXPECT_THAT(response.warnings(), IsEmpty());
  stream->WritesDone();
  EXPECT_TRUE(stream->Finish().ok());
}

TEST_P(FenWarningsTest, HoldingsWithPiecesAreStillAnError) {
  v1::ListMovesRequest request;
  request.mutable_xiangqi()->set_fen(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[P] w - - 0 "
      "1");
  v1::ListMovesResponse response;
  grpc::ClientContext context;
  grpc::Status status = stub().ListMoves(&context, request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), ::testing::HasSubstr("xiangqi.fen: "));
}

INSTANTIATE_TEST_SUITE_P(CacheOffAndOn, FenWarningsTest, ::testing::Bool());

}  // namespace
}  // namespace caipan
