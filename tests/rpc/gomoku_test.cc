// In-process tests of the gomoku side of the AdjudicationService.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "grpcpp/client_context.h"
#include "gtest/gtest.h"
#include "tests/rpc/in_process_server.h"

namespace caipan {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

// Black: f8 g8 h6 h7 (h8 makes two open threes); White: a1 c1 e1 g1. Black to
// move.
const std::vector<std::string> kDoubleThree = {"f8", "a1", "g8", "c1",
                                               "h6", "e1", "h7", "g1"};
// Black has four in a row on row 8; l8 makes five. Black to move.
const std::vector<std::string> kFour = {"h8", "a1", "i8", "a3",
                                        "j8", "a5", "k8", "a7"};

v1::GomokuPosition Position(const std::vector<std::string>& moves) {
  v1::GomokuPosition p;
  for (const auto& m : moves) p.add_moves(m);
  return p;
}

class GomokuTest : public ::testing::Test {
 protected:
  v1::CheckMoveResponse Check(const v1::GomokuPosition& position,
                              const std::string& move,
                              v1::GomokuRuleSet rule_set, bool free_opening,
                              const std::string& language = "") {
    v1::CheckMoveRequest request;
    *request.mutable_gomoku() = position;
    request.set_move(move);
    request.set_language(language);
    request.mutable_gomoku_rules()->set_rule_set(rule_set);
    request.mutable_gomoku_rules()->set_skip_opening_check(free_opening);
    v1::CheckMoveResponse response;
    grpc::ClientContext context;
    status_ = server_.stub().CheckMove(&context, request, &response);
    return response;
  }

  testing::InProcessServer server_;
  grpc::Status status_;
};

TEST_F(GomokuTest, FirstStoneMustOpenOnTheCentreUnderChineseRules) {
  v1::CheckMoveResponse r = Check({}, "h8", v1::GOMOKU_RULE_SET_CHINESE, false);
  ASSERT_TRUE(status_.ok());
  EXPECT_TRUE(r.check().legal());
  EXPECT_EQ(r.check().side(), v1::SIDE_BLACK);
  r = Check({}, "a1", v1::GOMOKU_RULE_SET_CHINESE, false);
  EXPECT_FALSE(r.check().legal());
  EXPECT_EQ(r.check().rejection(), v1::MOVE_REJECTION_ILLEGAL);
  r = Check({}, "a1", v1::GOMOKU_RULE_SET_FREESTYLE, false);
  EXPECT_TRUE(r.check().legal());
}

TEST_F(GomokuTest, FiveWins) {
  v1::CheckMoveResponse r =
      Check(Position(kFour), "L8", v1::GOMOKU_RULE_SET_FREESTYLE, false);
  ASSERT_TRUE(status_.ok());
  EXPECT_TRUE(r.check().legal());
  EXPECT_EQ(r.check().move(), "l8");
  EXPECT_TRUE(r.check().gomoku().five());
  EXPECT_EQ(r.check().verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(r.check().verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(r.check().verdict().reason(), v1::VERDICT_REASON_FIVE);
}

TEST_F(GomokuTest, DoubleThreeIsForbiddenForBlack) {
  v1::CheckMoveResponse r =
      Check(Position(kDoubleThree), "h8", v1::GOMOKU_RULE_SET_CHINESE, true);
  ASSERT_TRUE(status_.ok()) << status_.error_message();
  EXPECT_FALSE(r.check().legal());
  EXPECT_EQ(r.check().rejection(), v1::MOVE_REJECTION_FORBIDDEN);
  EXPECT_EQ(r.check().gomoku().forbidden(), v1::FORBIDDEN_KIND_DOUBLE_THREE);
  EXPECT_EQ(r.check().verdict().winner(), v1::SIDE_WHITE);
  EXPECT_EQ(r.check().verdict().reason(), v1::VERDICT_REASON_FORBIDDEN_MOVE);
  // Not under free-style rules.
  r = Check(Position(kDoubleThree), "h8", v1::GOMOKU_RULE_SET_FREESTYLE, true);
  EXPECT_TRUE(r.check().legal());
  EXPECT_EQ(r.check().gomoku().forbidden(), v1::FORBIDDEN_KIND_NONE);
}

TEST_F(GomokuTest, ListMovesSeparatesForbiddenPoints) {
  v1::ListMovesRequest request;
  *request.mutable_gomoku() = Position(kDoubleThree);
  request.mutable_gomoku_rules()->set_skip_opening_check(true);
  v1::ListMovesResponse response;
  grpc::ClientContext context;
  ASSERT_TRUE(server_.stub().ListMoves(&context, request, &response).ok());
  EXPECT_EQ(response.side_to_move(), v1::SIDE_BLACK);
  ASSERT_EQ(response.forbidden_points_size(), 1);
  EXPECT_EQ(response.forbidden_points(0).point(), "h8");
  EXPECT_EQ(response.forbidden_points(0).kind(),
            v1::FORBIDDEN_KIND_DOUBLE_THREE);
  EXPECT_EQ(response.moves_size(),
            225 - 8 - 1 + 1);  // the empty points but h8, and "pass"
  std::vector<std::string> moves;
  for (const v1::ListedMove& listed : response.moves()) {
    moves.push_back(listed.move());
    if (listed.move() == "pass") {
      EXPECT_TRUE(listed.gomoku_action().has_pass());
    } else {
      EXPECT_EQ(listed.gomoku_action().place(), listed.move());
    }
  }
  EXPECT_THAT(moves, Not(Contains("h8")));
  EXPECT_THAT(moves, Contains("pass"));
  EXPECT_EQ(response.gomoku_turn().phase(), v1::GOMOKU_PHASE_PLAY);
}

TEST_F(GomokuTest, MalformedHistoryNamesTheField) {
  Check(Position({"h8", "h8"}), "i9", v1::GOMOKU_RULE_SET_CHINESE, false);
  EXPECT_EQ(status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status_.error_message(), HasSubstr("gomoku.moves"));
  Check(Position({"h8", "zz"}), "i9", v1::GOMOKU_RULE_SET_CHINESE, false);
  EXPECT_EQ(status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status_.error_message(), HasSubstr("gomoku.moves[1]"));
}

TEST_F(GomokuTest, AdjudicateGameWithAnnotations) {
  v1::AdjudicateGameRequest request;
  *request.mutable_gomoku() = Position(kFour);
  request.mutable_gomoku()->add_moves("l8");
  request.mutable_gomoku()->add_moves("a9");
  request.mutable_gomoku_rules()->set_rule_set(v1::GOMOKU_RULE_SET_FREESTYLE);
  request.set_annotate(true);
  v1::AdjudicateGameResponse response;
  grpc::ClientContext context;
  ASSERT_TRUE(server_.stub().AdjudicateGame(&context, request, &response).ok());
  EXPECT_EQ(response.verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(response.verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_FIVE);
  EXPECT_EQ(response.verdict().decided_at_ply(), 9);
  EXPECT_EQ(response.trailing_moves(), 1);
  EXPECT_EQ(response.annotations_size(), 9);
}

TEST_F(GomokuTest, AdjudicateForbiddenMoveAndOpeningViolation) {
  v1::AdjudicateGameRequest request;
  *request.mutable_gomoku() = Position(kDoubleThree);
  request.mutable_gomoku()->add_moves("h8");
  request.mutable_gomoku_rules()->set_skip_opening_check(true);
  v1::AdjudicateGameResponse response;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(
        server_.stub().AdjudicateGame(&context, request, &response).ok());
  }
  EXPECT_EQ(response.verdict().winner(), v1::SIDE_WHITE);
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_FORBIDDEN_MOVE);

  request.mutable_gomoku_rules()->set_skip_opening_check(
      false);  // f8 is no opening move
  {
    grpc::ClientContext context;
    ASSERT_TRUE(
        server_.stub().AdjudicateGame(&context, request, &response).ok());
  }
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_OPENING_VIOLATION);
  EXPECT_EQ(response.verdict().decided_at_ply(), 1);
}

TEST_F(GomokuTest, PlayGameKeepsTheBoard) {
  grpc::ClientContext context;
  auto stream = server_.stub().PlayGame(&context);
  v1::PlayGameRequest request;
  request.mutable_start()->mutable_gomoku_rules()->set_rule_set(
      v1::GOMOKU_RULE_SET_FREESTYLE);
  request.mutable_start()->mutable_gomoku();
  ASSERT_TRUE(stream->Write(request));
  v1::PlayGameResponse response;
  ASSERT_TRUE(stream->Read(&response));
  for (const auto& m : kFour) {
    request.set_move(m);
    ASSERT_TRUE(stream->Write(request));
    ASSERT_TRUE(stream->Read(&response));
    EXPECT_TRUE(response.check().legal()) << m;
  }
  request.set_move("h8");  // occupied
  ASSERT_TRUE(stream->Write(request));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.check().rejection(), v1::MOVE_REJECTION_ILLEGAL);
  request.set_move("l8");
  ASSERT_TRUE(stream->Write(request));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_FIVE);
  EXPECT_EQ(response.ply(), 9);
  stream->WritesDone();
  EXPECT_TRUE(stream->Finish().ok());
}

TEST_F(GomokuTest, LanguageGivesTheForbiddenMoveInChinese) {
  v1::CheckMoveResponse r = Check(Position(kDoubleThree), "h8",
                                  v1::GOMOKU_RULE_SET_CHINESE, true, "zh");
  ASSERT_TRUE(status_.ok()) << status_.error_message();
  EXPECT_EQ(r.check().rejection(), v1::MOVE_REJECTION_FORBIDDEN);
  EXPECT_EQ(r.check().reason(), "h8为三三禁手，黑方禁手判负");
  EXPECT_EQ(r.check().verdict().explanation(),
            "白胜：黑方第9手h8为三三禁手，禁手判负。");
  // The enums are the same in every language.
  EXPECT_EQ(r.check().verdict().reason(), v1::VERDICT_REASON_FORBIDDEN_MOVE);
  EXPECT_EQ(r.check().gomoku().forbidden(), v1::FORBIDDEN_KIND_DOUBLE_THREE);

  // English by default, as before; "en-US" is English too.
  for (const std::string language : {"", "en-US"}) {
    r = Check(Position(kDoubleThree), "h8", v1::GOMOKU_RULE_SET_CHINESE, true,
              language);
    ASSERT_TRUE(status_.ok()) << status_.error_message();
    EXPECT_EQ(r.check().reason(), "h8 is forbidden for black (double-three)");
    EXPECT_EQ(r.check().verdict().explanation(),
              "forbidden-move (double-three)");
  }
}

TEST_F(GomokuTest, LanguageGivesARejectedOpeningMoveInChinese) {
  v1::CheckMoveResponse r =
      Check({}, "a1", v1::GOMOKU_RULE_SET_CHINESE, false, "zh-CN");
  ASSERT_TRUE(status_.ok()) << status_.error_message();
  EXPECT_EQ(r.check().rejection(), v1::MOVE_REJECTION_ILLEGAL);
  EXPECT_EQ(r.check().reason(), "第1手须下在天元h8，不能下在a1");
  EXPECT_THAT(r.check().verdict().explanation(), HasSubstr("轮到黑方"));

  r = Check({}, "a1", v1::GOMOKU_RULE_SET_CHINESE, false);
  EXPECT_THAT(r.check().reason(), Not(HasSubstr("天元")));
  EXPECT_EQ(r.check().verdict().explanation(), "ongoing");

  r = Check({}, "zz", v1::GOMOKU_RULE_SET_CHINESE, false, "zh");
  EXPECT_EQ(r.check().rejection(), v1::MOVE_REJECTION_UNPARSEABLE);
  EXPECT_THAT(r.check().reason(), HasSubstr("无法识别的着法“zz”"));
}

TEST_F(GomokuTest, LanguageGivesAnOpeningViolationVerdictInChinese) {
  v1::AdjudicateGameRequest request;
  *request.mutable_gomoku() = Position(kDoubleThree);  // f8 opens: no centre
  request.set_language("zh");
  v1::AdjudicateGameResponse response;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(
        server_.stub().AdjudicateGame(&context, request, &response).ok());
  }
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_OPENING_VIOLATION);
  EXPECT_EQ(response.verdict().winner(), v1::SIDE_WHITE);
  EXPECT_EQ(response.verdict().explanation(),
            "黑方第1步f8违例，判负：第1手须下在天元h8，不能下在f8。");

  request.clear_language();
  {
    grpc::ClientContext context;
    ASSERT_TRUE(
        server_.stub().AdjudicateGame(&context, request, &response).ok());
  }
  EXPECT_THAT(response.verdict().explanation(), HasSubstr("black f8: "));

  // A forbidden move decides the game: the rulebook's terms.
  request.set_language("zh");
  request.mutable_gomoku()->add_moves("h8");
  request.mutable_gomoku_rules()->set_skip_opening_check(true);
  {
    grpc::ClientContext context;
    ASSERT_TRUE(
        server_.stub().AdjudicateGame(&context, request, &response).ok());
  }
  EXPECT_EQ(response.verdict().explanation(),
            "白胜：黑方第9手h8为三三禁手，禁手判负。");
}

TEST_F(GomokuTest, UnknownLanguageIsAnInvalidArgumentNamingTheField) {
  Check(Position(kFour), "l8", v1::GOMOKU_RULE_SET_FREESTYLE, false, "klingon");
  EXPECT_EQ(status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status_.error_message(), HasSubstr("language"));

  v1::AdjudicateGameRequest request;
  *request.mutable_gomoku() = Position(kFour);
  request.set_language("klingon");
  v1::AdjudicateGameResponse response;
  grpc::ClientContext context;
  grpc::Status status =
      server_.stub().AdjudicateGame(&context, request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("language"));

  grpc::ClientContext play_context;
  auto stream = server_.stub().PlayGame(&play_context);
  v1::PlayGameRequest start;
  start.mutable_start()->mutable_gomoku();
  start.mutable_start()->set_language("klingon");
  stream->Write(start);
  stream->WritesDone();
  v1::PlayGameResponse ignored;
  while (stream->Read(&ignored)) {
  }
  status = stream->Finish();
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("start.language"));
}

TEST_F(GomokuTest, PlayGameAnswersInTheStartsLanguage) {
  grpc::ClientContext context;
  auto stream = server_.stub().PlayGame(&context);
  v1::PlayGameRequest request;
  request.mutable_start()->mutable_gomoku_rules()->set_rule_set(
      v1::GOMOKU_RULE_SET_FREESTYLE);
  request.mutable_start()->mutable_gomoku();
  request.mutable_start()->set_language("zh");
  ASSERT_TRUE(stream->Write(request));
  v1::PlayGameResponse response;
  ASSERT_TRUE(stream->Read(&response));
  for (const auto& m : kFour) {
    request.set_move(m);
    ASSERT_TRUE(stream->Write(request));
    ASSERT_TRUE(stream->Read(&response));
  }
  request.set_move("h8");  // occupied
  ASSERT_TRUE(stream->Write(request));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.check().reason(), "h8已有棋子");
  request.set_move("l8");
  ASSERT_TRUE(stream->Write(request));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.verdict().explanation(), "黑胜：黑方第9手l8成五连。");
  stream->WritesDone();
  EXPECT_TRUE(stream->Finish().ok());
}

}  // namespace
}  // namespace caipan

namespace caipan {
namespace {

TEST(GomokuAgreedDrawTest, AgreedDrawIsADrawWithItsOwnReason) {
  testing::InProcessServer server;
  v1::AdjudicateGameRequest request;
  request.mutable_gomoku()->add_actions()->set_place("h8");
  request.mutable_gomoku()->add_actions()->set_place("a1");
  request.mutable_gomoku()->add_actions()->mutable_agree_draw();
  request.mutable_gomoku_rules()->set_rule_set(v1::GOMOKU_RULE_SET_FREESTYLE);
  v1::AdjudicateGameResponse response;
  grpc::ClientContext context;
  ASSERT_TRUE(server.stub().AdjudicateGame(&context, request, &response).ok());
  EXPECT_EQ(response.verdict().result(), v1::RESULT_DRAW);
  EXPECT_EQ(response.verdict().reason(), v1::VERDICT_REASON_AGREED_DRAW);
  EXPECT_EQ(response.verdict().decided_at_ply(), 3);
}

}  // namespace
TEST_F(GomokuTest, ActionsAreTypedAndPointsAreText) {
  // An opening decision is no point: as text it is refused, naming the field.
  Check({}, "swap", v1::GOMOKU_RULE_SET_CHINESE, false);
  EXPECT_EQ(status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status_.error_message(), HasSubstr("gomoku_action"));
  v1::GomokuPosition tokens = Position({"h8", "h9", "h10", "noswap"});
  Check(tokens, "i9", v1::GOMOKU_RULE_SET_CHINESE, false);
  EXPECT_EQ(status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status_.error_message(), HasSubstr("gomoku.moves[3]"));

  // The same record as typed actions; a typed pass, refused in the opening,
  // still comes back in canonical and typed form.
  v1::CheckMoveRequest request;
  for (const char* point : {"h8", "h9", "h10"}) {
    request.mutable_gomoku()->add_actions()->set_place(point);
  }
  request.mutable_gomoku()->add_actions()->mutable_decline_swap();
  request.mutable_gomoku_action()->mutable_pass();
  v1::CheckMoveResponse response;
  grpc::ClientContext context;
  ASSERT_TRUE(server_.stub().CheckMove(&context, request, &response).ok());
  EXPECT_FALSE(response.check().legal());
  EXPECT_EQ(response.check().rejection(), v1::MOVE_REJECTION_ILLEGAL);
  EXPECT_EQ(response.check().move(), "pass");
  EXPECT_TRUE(response.check().gomoku_action().has_pass());

  // Both `moves` and `actions` at once: which record is meant?
  request.mutable_gomoku()->add_moves("h8");
  grpc::ClientContext again;
  EXPECT_EQ(server_.stub().CheckMove(&again, request, &response).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(GomokuTest, ListMovesSaysWhatTheOpeningNeedsNext) {
  v1::ListMovesRequest request;
  for (const char* point : {"h8", "h9", "h10"}) {
    request.mutable_gomoku()->add_actions()->set_place(point);
  }
  v1::ListMovesResponse response;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(server_.stub().ListMoves(&context, request, &response).ok());
  }
  EXPECT_EQ(response.gomoku_turn().phase(), v1::GOMOKU_PHASE_SWAP_DECISION);
  int decisions = 0;
  for (const v1::ListedMove& listed : response.moves()) {
    decisions += listed.gomoku_action().has_swap() +
                 listed.gomoku_action().has_decline_swap();
  }
  EXPECT_EQ(decisions, 2);

  request.mutable_gomoku()->add_actions()->mutable_decline_swap();
  request.mutable_gomoku()->add_actions()->set_place("i9");
  {
    grpc::ClientContext context;
    ASSERT_TRUE(server_.stub().ListMoves(&context, request, &response).ok());
  }
  EXPECT_EQ(response.gomoku_turn().phase(),
            v1::GOMOKU_PHASE_FIFTH_MOVE_PROPOSAL);
  EXPECT_EQ(response.gomoku_turn().candidates_due(), 2);

  v1::GomokuAction::Proposal* proposal =
      request.mutable_gomoku()->add_actions()->mutable_propose();
  proposal->add_candidates("i10");
  proposal->add_candidates("j10");
  {
    grpc::ClientContext context;
    ASSERT_TRUE(server_.stub().ListMoves(&context, request, &response).ok());
  }
  EXPECT_EQ(response.gomoku_turn().phase(), v1::GOMOKU_PHASE_FIFTH_MOVE_CHOICE);
  EXPECT_THAT(response.gomoku_turn().candidates(),
              ::testing::ElementsAre("i10", "j10"));
}

TEST_F(GomokuTest, AProposalCannotSmuggleInMoreCandidates) {
  v1::CheckMoveRequest request;
  request.mutable_gomoku();
  request.mutable_gomoku_action()->mutable_propose()->add_candidates("i10,j10");
  v1::CheckMoveResponse response;
  grpc::ClientContext context;
  grpc::Status status = server_.stub().CheckMove(&context, request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(),
              HasSubstr("gomoku_action.propose.candidates[0]"));
}

}  // namespace caipan
