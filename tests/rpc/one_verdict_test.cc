// One verdict everywhere: CheckMove with a history, PlayGame and
// AdjudicateGame rule the same game the same way (repetition and natural
// limit included); claims in a PlayGame stream; texts in Chinese on request.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "grpcpp/client_context.h"
#include "gtest/gtest.h"
#include "tests/rpc/in_process_server.h"

namespace caipan {
namespace {

using ::testing::HasSubstr;

// Red's rook checks from f7/e7 while the black king steps e9/f9: the eighth
// ply completes a one-sided perpetual check (red loses).
constexpr char kCheckFen[] = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
const std::vector<std::string> kCheckCycle = {"f7e7", "e9f9", "e7f7", "f9e9",
                                              "f7e7", "e9f9", "e7f7"};
constexpr char kLastMove[] = "f9e9";

class OneVerdictTest : public ::testing::Test {
 protected:
  v1::CheckMoveResponse Check(const std::vector<std::string>& history,
                              const std::string& move,
                              v1::XiangqiAdjudicationMode mode =
                                  v1::XIANGQI_ADJUDICATION_MODE_AUTOMATIC,
                              const std::string& language = "") {
    v1::CheckMoveRequest request;
    request.mutable_xiangqi()->set_fen(kCheckFen);
    for (const std::string& m : history)
      request.mutable_xiangqi()->add_moves(m);
    request.set_move(move);
    request.mutable_xiangqi_rules()->set_mode(mode);
    request.set_language(language);
    grpc::ClientContext context;
    v1::CheckMoveResponse response;
    EXPECT_TRUE(server_.stub().CheckMove(&context, request, &response).ok());
    return response;
  }

  testing::InProcessServer server_;
};

TEST_F(OneVerdictTest, CheckMoveRulesTheRepetitionLikeAdjudicateGame) {
  const v1::CheckMoveResponse checked = Check(kCheckCycle, kLastMove);
  EXPECT_TRUE(checked.check().legal());
  const v1::Verdict& verdict = checked.check().verdict();
  EXPECT_EQ(verdict.result(), v1::RESULT_WIN);
  EXPECT_EQ(verdict.winner(), v1::SIDE_BLACK);
  EXPECT_EQ(verdict.reason(), v1::VERDICT_REASON_FORBIDDEN_REPETITION);
  EXPECT_EQ(verdict.decided_at_ply(), 8);

  v1::AdjudicateGameRequest request;
  request.mutable_xiangqi()->set_fen(kCheckFen);
  for (const std::string& m : kCheckCycle)
    request.mutable_xiangqi()->add_moves(m);
  request.mutable_xiangqi()->add_moves(kLastMove);
  grpc::ClientContext context;
  v1::AdjudicateGameResponse adjudicated;
  ASSERT_TRUE(
      server_.stub().AdjudicateGame(&context, request, &adjudicated).ok());
  EXPECT_EQ(adjudicated.verdict().SerializeAsString(),
            verdict.SerializeAsString());
}

TEST_F(OneVerdictTest, MoveAfterADecidedHistoryIsGameOver) {
  std::vector<std::string> decided = kCheckCycle;
  decided.push_back(kLastMove);
  const v1::CheckMoveResponse checked = Check(decided, "f7e7");
  EXPECT_FALSE(checked.check().legal());
  EXPECT_EQ(checked.check().rejection(), v1::MOVE_REJECTION_GAME_OVER);
  EXPECT_EQ(checked.check().verdict().reason(),
            v1::VERDICT_REASON_FORBIDDEN_REPETITION);
}

TEST_F(OneVerdictTest, ClaimModeRulesNothingWithoutAClaim) {
  const v1::CheckMoveResponse checked =
      Check(kCheckCycle, kLastMove, v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  EXPECT_TRUE(checked.check().legal());
  EXPECT_EQ(checked.check().verdict().result(), v1::RESULT_ONGOING);
}

TEST_F(OneVerdictTest, ReasonsAndVerdictsInChinese) {
  const v1::CheckMoveResponse illegal =
      Check({}, "d0d2", v1::XIANGQI_ADJUDICATION_MODE_AUTOMATIC, "zh-CN");
  EXPECT_FALSE(illegal.check().legal());
  EXPECT_EQ(illegal.check().rejection(), v1::MOVE_REJECTION_ILLEGAL);
  EXPECT_THAT(illegal.check().reason(), HasSubstr("违例"));
  const v1::CheckMoveResponse ruled = Check(
      kCheckCycle, kLastMove, v1::XIANGQI_ADJUDICATION_MODE_AUTOMATIC, "zh");
  EXPECT_THAT(ruled.check().verdict().explanation(), HasSubstr("长将"));
  // English stays the default; an unknown language names the field.
  v1::CheckMoveRequest request;
  request.mutable_xiangqi();
  request.set_move("h2e2");
  request.set_language("klingon");
  grpc::ClientContext context;
  v1::CheckMoveResponse response;
  grpc::Status status = server_.stub().CheckMove(&context, request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("language"));
}

TEST_F(OneVerdictTest, PlayGameClaimsAreRuled) {
  grpc::ClientContext context;
  auto stream = server_.stub().PlayGame(&context);
  v1::PlayGameRequest start;
  start.mutable_start()->mutable_xiangqi()->set_fen(kCheckFen);
  for (const std::string& m : kCheckCycle)
    start.mutable_start()->mutable_xiangqi()->add_moves(m);
  start.mutable_start()->mutable_xiangqi_rules()->set_mode(
      v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  ASSERT_TRUE(stream->Write(start));
  v1::PlayGameResponse response;
  ASSERT_TRUE(stream->Read(&response));
  v1::PlayGameRequest move;
  move.set_move(kLastMove);
  ASSERT_TRUE(stream->Write(move));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.verdict().result(), v1::RESULT_ONGOING);
  v1::PlayGameRequest claim;
  claim.mutable_claim()->set_side(v1::SIDE_BLACK);
  ASSERT_TRUE(stream->Write(claim));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.claim().outcome(),
            v1::XiangqiClaimRuling::OUTCOME_ORDER_TO_VARY);
  EXPECT_EQ(response.claim().repetition().offender(), v1::SIDE_RED);
  // Red repeats the cycle: the position after ply 8 recurs after ply 12.
  for (const char* m : {"f7e7", "e9f9", "e7f7", "f9e9"}) {
    move.set_move(m);
    ASSERT_TRUE(stream->Write(move));
    ASSERT_TRUE(stream->Read(&response));
  }
  EXPECT_EQ(response.verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(response.verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(response.verdict().decided_at_ply(), 12);
  stream->WritesDone();
  EXPECT_TRUE(stream->Finish().ok());
}

}  // namespace
}  // namespace caipan
