// A live gomoku game under the Chinese rules through the GameService: the
// designated opening, the swap decision (after which the players' tokens act
// for the other colours), and the fifth-move proposal and choice.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/services/game/game_test_env.h"

namespace caipan::services::game::testing {
namespace {

class GomokuLiveTest : public ::testing::Test {
 protected:
  v1::GameService::Stub& stub() { return server_.stub(); }

  CreatedGame NewGame() {
    v1::CreateGameRequest request;
    request.set_kind(v1::GAME_KIND_GOMOKU);
    request.mutable_gomoku_rules()->set_rule_set(v1::GOMOKU_RULE_SET_CHINESE);
    request.set_time_control("600+5");
    request.set_clock_start(v1::CLOCK_START_AT_START_TIME);
    v1::Player* black = request.add_players();
    black->set_side(v1::SIDE_BLACK);
    black->set_name("First Black");
    v1::Player* white = request.add_players();
    white->set_side(v1::SIDE_WHITE);
    white->set_name("First White");
    CreatedGame g = MustCreate(stub(), request);
    EXPECT_EQ(g.game.side_to_act(), v1::SIDE_BLACK);
    return g;
  }

  // Plays h8 h9 h10 (the designated opening 寒星) up to the swap decision.
  void PlayOpening(const CreatedGame& g) {
    MustMove(stub(), g.name, g.token[0], "h8");
    MustMove(stub(), g.name, g.token[1], "h9");
    v1::SubmitMoveResponse r = MustMove(stub(), g.name, g.token[0], "h10");
    EXPECT_EQ(r.game().side_to_act(), v1::SIDE_WHITE);
    EXPECT_EQ(r.game().ply(), 3);
  }

  GameServer server_;
};

TEST_F(GomokuLiveTest, StoneRefusedWhileTheSwapDecisionIsDue) {
  CreatedGame g = NewGame();
  PlayOpening(g);
  v1::SubmitMoveResponse r;
  ASSERT_TRUE(Move(stub(), g.name, g.token[1], "i9", &r).ok());
  EXPECT_FALSE(r.check().legal());
  EXPECT_EQ(r.sequence(), 0);
  v1::Game game = GetGame(stub(), g.name);
  EXPECT_EQ(game.ply(), 3);
  EXPECT_EQ(game.moves_size(), 3);
  EXPECT_EQ(game.last_sequence(), 4);
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(game.side_to_act(), v1::SIDE_WHITE);
  // The swap is white's decision.
  EXPECT_EQ(Move(stub(), g.name, g.token[0], "swap", &r).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
}

TEST_F(GomokuLiveTest, AfterASwapTheFirstBlackPlaysWhite) {
  CreatedGame g = NewGame();
  PlayOpening(g);
  server_.time().Advance(7'000);
  v1::SubmitMoveResponse r = MustMove(stub(), g.name, g.token[1], "swap");
  EXPECT_TRUE(r.game().swapped());
  EXPECT_EQ(r.game().side_to_act(), v1::SIDE_WHITE);
  // Players keep the colour they started with in the record.
  EXPECT_EQ(r.game().players(0).side(), v1::SIDE_BLACK);
  // The swapper's clock (charged 7 s, +5 s) now shows as black's.
  EXPECT_EQ(r.game().clocks().black_ms(), 600'000 + 5'000 - 7'000 + 5'000);
  EXPECT_EQ(r.game().clocks().running(), v1::SIDE_WHITE);

  // The first black's token now acts for white (the fourth move); the
  // swapper's token does not.
  v1::SubmitMoveResponse refused;
  EXPECT_EQ(Move(stub(), g.name, g.token[1], "i9", &refused).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  r = MustMove(stub(), g.name, g.token[0], "i9");
  EXPECT_EQ(r.check().side(), v1::SIDE_WHITE);
  EXPECT_EQ(r.game().side_to_act(), v1::SIDE_BLACK);

  // The fifth move: black (the first white) proposes, white chooses.
  r = MustMove(stub(), g.name, g.token[1], "propose:i10,j10");
  EXPECT_EQ(r.game().side_to_act(), v1::SIDE_WHITE);
  EXPECT_EQ(
      Move(stub(), g.name, g.token[1], "choose:j10", &refused).error_code(),
      grpc::StatusCode::FAILED_PRECONDITION);
  r = MustMove(stub(), g.name, g.token[0], "choose:j10");
  EXPECT_EQ(r.game().side_to_act(), v1::SIDE_WHITE);
  r = MustMove(stub(), g.name, g.token[0], "k11");
  EXPECT_EQ(r.game().side_to_act(), v1::SIDE_BLACK);

  v1::Game game = GetGame(stub(), g.name);
  EXPECT_TRUE(game.swapped());
  EXPECT_EQ(game.ply(), 8);
  ASSERT_EQ(game.moves_size(), 8);
  EXPECT_EQ(game.moves(3), "swap");

  // Resigning with the first black's token now resigns white.
  v1::ResignRequest resign;
  resign.set_name(g.name);
  resign.set_token(g.token[0]);
  ASSERT_TRUE(Call(stub(), &v1::GameService::Stub::Resign, resign, &game).ok());
  EXPECT_EQ(game.verdict().winner(), v1::SIDE_BLACK);
  // The result names the player too: the one who started with White.
  EXPECT_EQ(game.winner().name(), game.players(1).name());
  EXPECT_EQ(game.winner().side(), v1::SIDE_WHITE);
}

TEST_F(GomokuLiveTest, OpeningDecisionsAreTypedActionsNotText) {
  CreatedGame g = NewGame();
  PlayOpening(g);
  v1::SubmitMoveRequest request;
  request.set_name(g.name);
  request.set_token(g.token[1]);
  request.set_move("swap");
  v1::SubmitMoveResponse r;
  grpc::Status status =
      Call(stub(), &v1::GameService::Stub::SubmitMove, request, &r);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), ::testing::HasSubstr("gomoku_action"));
  EXPECT_EQ(GetGame(stub(), g.name).ply(), 3);

  request.clear_move();
  request.mutable_gomoku_action()->mutable_decline_swap();
  ASSERT_TRUE(
      Call(stub(), &v1::GameService::Stub::SubmitMove, request, &r).ok());
  EXPECT_TRUE(r.check().legal());
  EXPECT_EQ(r.check().move(), "noswap");
  EXPECT_TRUE(r.check().gomoku_action().has_decline_swap());

  // Both forms at once is ambiguous.
  request.set_move("i9");
  request.mutable_gomoku_action()->set_place("i9");
  EXPECT_EQ(Call(stub(), &v1::GameService::Stub::SubmitMove, request, &r)
                .error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(GomokuLiveTest, NoSwapKeepsTheColours) {
  CreatedGame g = NewGame();
  PlayOpening(g);
  v1::SubmitMoveResponse r = MustMove(stub(), g.name, g.token[1], "noswap");
  EXPECT_FALSE(r.game().swapped());
  EXPECT_EQ(r.game().side_to_act(), v1::SIDE_WHITE);
  r = MustMove(stub(), g.name, g.token[1], "i9");  // white acts twice
  EXPECT_EQ(r.check().side(), v1::SIDE_WHITE);
  r = MustMove(stub(), g.name, g.token[0], "propose:i10,j10");
  r = MustMove(stub(), g.name, g.token[1], "choose:i10");
  EXPECT_EQ(r.game().side_to_act(), v1::SIDE_WHITE);
  v1::SubmitMoveResponse bad;
  ASSERT_TRUE(Move(stub(), g.name, g.token[1], "propose:k10,l10", &bad).ok());
  EXPECT_FALSE(bad.check().legal());
  EXPECT_EQ(GetGame(stub(), g.name).ply(), 7);
}

TEST_F(GomokuLiveTest, ClaimDrawIsForXiangqi) {
  CreatedGame g = NewGame();
  v1::ClaimDrawRequest request;
  request.set_name(g.name);
  request.set_token(g.token[0]);
  v1::ClaimDrawResponse response;
  EXPECT_EQ(Call(stub(), &v1::GameService::Stub::ClaimDraw, request, &response)
                .error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
}

}  // namespace
}  // namespace caipan::services::game::testing
