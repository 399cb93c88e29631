// In-process tests of AdjudicateGame, RuleOnRepetition, GetNaturalLimitStatus
// and of the repetition rules in a PlayGame stream, for xiangqi.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "grpcpp/client_context.h"
#include "gtest/gtest.h"
#include "tests/rpc/in_process_server.h"

namespace caipan {
namespace {

using ::testing::HasSubstr;

constexpr char kTwoRooksFen[] = "4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1";
// Red checks with the chariot on e7/f7 while the black king steps between e9
// and f9.
constexpr char kCheckFen[] = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
const char* const kCheckCycle[] = {"f7e7", "e9f9", "e7f7", "f9e9"};

void AddCycles(v1::XiangqiPosition* position, int cycles) {
  for (int i = 0; i < cycles; ++i) {
    for (const char* m : kCheckCycle) position->add_moves(m);
  }
}

class XiangqiAdjudicationTest : public ::testing::Test {
 protected:
  grpc::Status Adjudicate(const v1::AdjudicateGameRequest& request,
                          v1::AdjudicateGameResponse* response) {
    grpc::ClientContext context;
    return server_.stub().AdjudicateGame(&context, request, response);
  }

  testing::InProcessServer server_;
};

TEST_F(XiangqiAdjudicationTest, CheckmateWithAnnotations) {
  v1::AdjudicateGameRequest request;
  request.mutable_xiangqi()->set_fen(kTwoRooksFen);
  for (const char* m : {"a7a8", "e9f9", "b1b9"})
    request.mutable_xiangqi()->add_moves(m);
  request.set_annotate(true);
  request.set_notation(v1::NOTATION_CHINESE);
  v1::AdjudicateGameResponse response;
  ASSERT_TRUE(Adjudicate(request, &response).ok());
  EXPECT_EQ(response.verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(response.verdict().winner(), v1::SIDE_RED);
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_CHECKMATE);
  EXPECT_EQ(response.verdict().decided_at_ply(), 3);
  EXPECT_EQ(response.plies(), 3);
  EXPECT_EQ(response.final_fen(), "1R3k3/R8/9/9/9/9/9/9/9/3K5 b - - 3 2");
  ASSERT_EQ(response.annotations_size(), 3);
  EXPECT_EQ(response.annotations(2).move(), "b1b9");
  EXPECT_TRUE(response.annotations(2).check());
  EXPECT_EQ(response.annotations(2).kind(), v1::XIANGQI_MOVE_KIND_CHECK);
  EXPECT_FALSE(response.annotations(2).display().empty());
  EXPECT_EQ(response.natural_limit_size(), 2);
}

TEST_F(XiangqiAdjudicationTest, PerpetualCheckLoses) {
  v1::AdjudicateGameRequest request;
  request.mutable_xiangqi()->set_fen(kCheckFen);
  AddCycles(request.mutable_xiangqi(), 3);
  v1::AdjudicateGameResponse response;
  ASSERT_TRUE(Adjudicate(request, &response).ok());
  EXPECT_EQ(response.verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(response.verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(response.verdict().reason(),
            v1::VERDICT_REASON_FORBIDDEN_REPETITION);
  EXPECT_EQ(response.verdict().decided_at_ply(), 8);
  EXPECT_EQ(response.trailing_moves(), 4);
  EXPECT_EQ(response.repetition().outcome(),
            v1::XIANGQI_REPETITION_OUTCOME_MUST_VARY);
  EXPECT_EQ(response.repetition().offender(), v1::SIDE_RED);
  ASSERT_EQ(response.repetition().conducts_size(), 2);
  EXPECT_EQ(response.repetition().conducts(0).conduct(),
            v1::XIANGQI_CONDUCT_PERPETUAL_CHECK);
  EXPECT_EQ(response.repetition().conducts(1).conduct(),
            v1::XIANGQI_CONDUCT_ALLOWED);
  EXPECT_GT(response.repetition().conducts(0).moves_size(), 0);
}

TEST_F(XiangqiAdjudicationTest, ClaimModeOrdersTheOffenderToVary) {
  v1::AdjudicateGameRequest request;
  request.mutable_xiangqi()->set_fen(kCheckFen);
  AddCycles(request.mutable_xiangqi(), 2);
  request.mutable_xiangqi_rules()->set_mode(
      v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  v1::AdjudicateGameResponse response;
  // No claim: nothing is ruled; a claim at the end would order red to vary.
  ASSERT_TRUE(Adjudicate(request, &response).ok());
  EXPECT_EQ(response.verdict().result(), v1::RESULT_ONGOING);
  EXPECT_EQ(response.vary_orders_size(), 0);
  EXPECT_EQ(response.claim_at_end().outcome(),
            v1::XiangqiClaimRuling::OUTCOME_ORDER_TO_VARY);
  EXPECT_EQ(response.claim_at_end().repetition().offender(), v1::SIDE_RED);

  v1::XiangqiClaim* claim = request.add_xiangqi_claims();
  claim->set_ply(8);
  claim->set_side(v1::SIDE_BLACK);
  ASSERT_TRUE(Adjudicate(request, &response).ok());
  EXPECT_EQ(response.verdict().result(), v1::RESULT_ONGOING);
  ASSERT_EQ(response.vary_orders_size(), 1);
  EXPECT_EQ(response.vary_orders(0).offender(), v1::SIDE_RED);
  ASSERT_EQ(response.claims_size(), 1);
  EXPECT_EQ(response.claims(0).outcome(),
            v1::XiangqiClaimRuling::OUTCOME_ORDER_TO_VARY);
  EXPECT_EQ(response.claims(0).claimant(), v1::SIDE_BLACK);
  EXPECT_EQ(response.claims(0).occurrences(), 3);
}

TEST_F(XiangqiAdjudicationTest, ClaimsOutsideTheGameAreRejected) {
  v1::AdjudicateGameRequest request;
  request.mutable_xiangqi()->set_fen(kCheckFen);
  AddCycles(request.mutable_xiangqi(), 1);
  request.mutable_xiangqi_rules()->set_mode(
      v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  request.add_xiangqi_claims()->set_ply(5);
  v1::AdjudicateGameResponse response;
  grpc::Status status = Adjudicate(request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(),
              ::testing::HasSubstr("xiangqi_claims[0].ply"));
  request.mutable_xiangqi_claims(0)->set_ply(4);
  request.mutable_xiangqi_claims(0)->set_side(v1::SIDE_WHITE);
  status = Adjudicate(request, &response);
  EXPECT_THAT(status.error_message(),
              ::testing::HasSubstr("xiangqi_claims[0].side"));
}

TEST_F(XiangqiAdjudicationTest, IllegalMoveInTheRecordLosesForItsMover) {
  v1::AdjudicateGameRequest request;
  for (const char* m : {"h2e2", "h9g7", "e2e9"})
    request.mutable_xiangqi()->add_moves(m);
  v1::AdjudicateGameResponse response;
  ASSERT_TRUE(Adjudicate(request, &response).ok());
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_ILLEGAL_MOVE);
  EXPECT_EQ(response.verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(response.verdict().decided_at_ply(), 3);

  // In Chinese notation too, where the text names no legal move.
  request.mutable_xiangqi()->set_moves(2, "车九进三");
  request.mutable_xiangqi()->add_moves("h0g2");
  ASSERT_TRUE(Adjudicate(request, &response).ok());
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_ILLEGAL_MOVE);
  EXPECT_EQ(response.verdict().decided_at_ply(), 3);
}

TEST_F(XiangqiAdjudicationTest, RecordText) {
  v1::AdjudicateGameRequest request;
  request.set_xiangqi_record(
      "[FEN \"4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1\"]\n\n1. a7a8 e9f9 2. b1b9 "
      "1-0\n");
  v1::AdjudicateGameResponse response;
  ASSERT_TRUE(Adjudicate(request, &response).ok());
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_CHECKMATE);

  request.set_xiangqi_record("1. h2e2 h9g7 2. zz");
  grpc::Status status = Adjudicate(request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("xiangqi_record"));
}

TEST_F(XiangqiAdjudicationTest, BadRuleOptionsNameTheField) {
  v1::AdjudicateGameRequest request;
  request.mutable_xiangqi();
  request.mutable_xiangqi_rules()->set_natural_limit_rounds(-5);
  v1::AdjudicateGameResponse response;
  grpc::Status status = Adjudicate(request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("xiangqi_rules"));
}

TEST_F(XiangqiAdjudicationTest, RuleOnRepetition) {
  v1::RuleOnRepetitionRequest request;
  request.mutable_xiangqi()->set_fen(kCheckFen);
  AddCycles(request.mutable_xiangqi(), 1);
  v1::RuleOnRepetitionResponse response;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(
        server_.stub().RuleOnRepetition(&context, request, &response).ok());
  }
  EXPECT_EQ(response.ruling().outcome(),
            v1::XIANGQI_REPETITION_OUTCOME_NO_REPETITION);
  EXPECT_EQ(response.ruling().occurrences(), 2);

  AddCycles(request.mutable_xiangqi(), 1);
  request.set_notation(v1::NOTATION_WXF);
  {
    grpc::ClientContext context;
    ASSERT_TRUE(
        server_.stub().RuleOnRepetition(&context, request, &response).ok());
  }
  const v1::XiangqiRepetitionRuling& ruling = response.ruling();
  EXPECT_EQ(ruling.outcome(), v1::XIANGQI_REPETITION_OUTCOME_MUST_VARY);
  EXPECT_EQ(ruling.offender(), v1::SIDE_RED);
  EXPECT_EQ(ruling.occurrences(), 3);
  EXPECT_EQ(ruling.cycle_last_ply(), 8);
  ASSERT_EQ(ruling.conducts_size(), 2);
  ASSERT_GT(ruling.conducts(0).moves_size(), 0);
  EXPECT_EQ(ruling.conducts(0).moves(0).kind(), v1::XIANGQI_MOVE_KIND_CHECK);
  EXPECT_FALSE(ruling.conducts(0).moves(0).display().empty());
  EXPECT_THAT(ruling.explanation(), HasSubstr("perpetual-check"));
}

TEST_F(XiangqiAdjudicationTest, NaturalLimitStatus) {
  v1::GetNaturalLimitStatusRequest request;
  request.mutable_xiangqi()->set_fen(kCheckFen);
  AddCycles(request.mutable_xiangqi(), 1);
  request.mutable_xiangqi_rules()->set_natural_limit_rounds(2);
  v1::GetNaturalLimitStatusResponse response;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(server_.stub()
                    .GetNaturalLimitStatus(&context, request, &response)
                    .ok());
  }
  ASSERT_EQ(response.statuses_size(), 2);
  EXPECT_TRUE(response.statuses(0).reached());
  EXPECT_EQ(response.statuses(0).plies_since_capture(), 4);

  // Red's two checks do not count for red under COUNT_NONE: 4 plies < 2 * (2 +
  // 2).
  request.set_claimant(v1::SIDE_RED);
  request.mutable_xiangqi_rules()->set_check_count_policy(
      v1::CHECK_COUNT_POLICY_COUNT_NONE);
  {
    grpc::ClientContext context;
    ASSERT_TRUE(server_.stub()
                    .GetNaturalLimitStatus(&context, request, &response)
                    .ok());
  }
  ASSERT_EQ(response.statuses_size(), 1);
  EXPECT_EQ(response.statuses(0).claimant(), v1::SIDE_RED);
  EXPECT_EQ(response.statuses(0).uncounted_checks(), 2);
  EXPECT_EQ(response.statuses(0).plies_required(), 8);
  EXPECT_FALSE(response.statuses(0).reached());
}

TEST_F(XiangqiAdjudicationTest, PlayGameRulesOnPerpetualCheck) {
  grpc::ClientContext context;
  auto stream = server_.stub().PlayGame(&context);
  v1::PlayGameRequest request;
  request.mutable_start()->mutable_xiangqi()->set_fen(kCheckFen);
  ASSERT_TRUE(stream->Write(request));
  v1::PlayGameResponse response;
  ASSERT_TRUE(stream->Read(&response));
  for (int i = 0; i < 8; ++i) {
    request.set_move(kCheckCycle[i % 4]);
    ASSERT_TRUE(stream->Write(request));
    ASSERT_TRUE(stream->Read(&response));
    ASSERT_TRUE(response.check().legal()) << i;
    if (i < 7) {
      EXPECT_EQ(response.verdict().result(), v1::RESULT_ONGOING) << i;
    }
  }
  EXPECT_EQ(response.verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(response.verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(response.verdict().reason(),
            v1::VERDICT_REASON_FORBIDDEN_REPETITION);
  EXPECT_EQ(response.repetition().offender(), v1::SIDE_RED);
  request.set_move("e9f9");
  ASSERT_TRUE(stream->Write(request));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.check().rejection(), v1::MOVE_REJECTION_GAME_OVER);
  stream->WritesDone();
  EXPECT_TRUE(stream->Finish().ok());
}

}  // namespace
}  // namespace caipan
