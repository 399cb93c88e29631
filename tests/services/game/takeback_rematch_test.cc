// Takeback by agreement and rematches: who may ask, what an accepted takeback
// undoes (the requester's last move and any reply), what the clocks keep, that
// the board and the legal moves go back with it, and that both players of a
// finished game reach the one rematch, colours reversed, each with a token.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/services/game/game_test_env.h"

namespace caipan::services::game::testing {
namespace {

using grpc::StatusCode;
using v1::GameService;

class TakebackTest : public ::testing::Test {
 protected:
  GameService::Stub& stub() { return server_.stub(); }

  CreatedGame CreateXiangqi(bool allow_takebacks,
                            const std::string& time_control = "300+5") {
    v1::CreateGameRequest request = XiangqiRequest(time_control);
    request.set_allow_takebacks(allow_takebacks);
    return MustCreate(stub(), request);
  }
  grpc::Status Ask(const CreatedGame& g, int player, v1::Game* game) {
    v1::RequestTakebackRequest request;
    request.set_name(g.name);
    request.set_token(g.token[player]);
    return Call(stub(), &GameService::Stub::RequestTakeback, request, game);
  }
  grpc::Status Answer(const CreatedGame& g, int player, bool accept,
                      v1::Game* game) {
    v1::RespondToTakebackRequest request;
    request.set_name(g.name);
    request.set_token(g.token[player]);
    request.set_accept(accept);
    return Call(stub(), &GameService::Stub::RespondToTakeback, request, game);
  }
  grpc::Status AskRematch(const CreatedGame& g, int player,
                          v1::RematchResponse* response) {
    v1::RematchRequest request;
    request.set_name(g.name);
    request.set_token(g.token[player]);
    return Call(stub(), &GameService::Stub::Rematch, request, response);
  }
  static std::vector<std::string> Moves(const v1::Game& game) {
    return {game.moves().begin(), game.moves().end()};
  }

  GameServer server_;
};

TEST_F(TakebackTest, RefusedUnlessTheGameAllowsIt) {
  CreatedGame g = CreateXiangqi(/*allow_takebacks=*/false);
  EXPECT_FALSE(g.game.allow_takebacks());
  MustMove(stub(), g.name, g.token[0], "h2e2");
  v1::Game game;
  grpc::Status s = Ask(g, 0, &game);
  EXPECT_EQ(s.error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(s.error_message().find("allow_takebacks"), std::string::npos)
      << s.error_message();
}

TEST_F(TakebackTest, NothingToTakeBackBeforeOnesFirstMove) {
  CreatedGame g = CreateXiangqi(true);
  MustMove(stub(), g.name, g.token[0], "h2e2");
  v1::Game game;
  grpc::Status s = Ask(g, 1, &game);
  EXPECT_EQ(s.error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(s.error_message().find("no move to take back"), std::string::npos)
      << s.error_message();
}

TEST_F(TakebackTest, AcceptedRequestUndoesTheLastMoveWhenTheOpponentIsToMove) {
  CreatedGame g = CreateXiangqi(true);
  const v1::Game start = GetGame(stub(), g.name);
  MustMove(stub(), g.name, g.token[0], "h2e2");
  v1::Game game;
  ASSERT_TRUE(Ask(g, 0, &game).ok());
  EXPECT_EQ(game.takeback_request(), v1::SIDE_RED);
  // The requester cannot answer their own request.
  EXPECT_EQ(Answer(g, 0, true, &game).error_code(),
            StatusCode::FAILED_PRECONDITION);
  ASSERT_TRUE(Answer(g, 1, true, &game).ok());
  EXPECT_EQ(game.takeback_request(), v1::SIDE_UNSPECIFIED);
  EXPECT_EQ(game.ply(), 0);
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.side_to_act(), v1::SIDE_RED);
  EXPECT_EQ(game.fen(), start.fen());
  EXPECT_EQ(game.legal_move_codes_size(), start.legal_move_codes_size());
  // Red plays on from the position before its move.
  MustMove(stub(), g.name, g.token[0], "b2e2");
  EXPECT_EQ(Moves(GetGame(stub(), g.name)), std::vector<std::string>{"b2e2"});
}

TEST_F(TakebackTest, AcceptedRequestUndoesTheReplyToo) {
  CreatedGame g = CreateXiangqi(true);
  MustMove(stub(), g.name, g.token[0], "h2e2");
  MustMove(stub(), g.name, g.token[1], "h9g7");
  MustMove(stub(), g.name, g.token[0], "h0g2");
  MustMove(stub(), g.name, g.token[1], "i9h9");
  v1::Game game;
  // Black asks with red to move: only Black's last move (i9h9) goes.
  ASSERT_TRUE(Ask(g, 1, &game).ok());
  ASSERT_TRUE(Answer(g, 0, true, &game).ok());
  EXPECT_EQ(Moves(game), (std::vector<std::string>{"h2e2", "h9g7", "h0g2"}));
  EXPECT_EQ(game.side_to_act(), v1::SIDE_BLACK);
  // Red, with Black to move, takes back its last move and Black's reply...
  MustMove(stub(), g.name, g.token[1], "i9h9");
  ASSERT_TRUE(Ask(g, 1, &game).ok());
  ASSERT_TRUE(Answer(g, 0, false, &game).ok());
  EXPECT_EQ(game.ply(), 4) << "a declined request changes nothing";
  ASSERT_TRUE(Ask(g, 0, &game).ok());
  ASSERT_TRUE(Answer(g, 1, true, &game).ok());
  // ...red's h0g2 and black's i9h9: two plies.
  EXPECT_EQ(Moves(game), (std::vector<std::string>{"h2e2", "h9g7"}));
  EXPECT_EQ(game.side_to_act(), v1::SIDE_RED);
  // The watch log says how many plies went.
  bool over = false;
  absl::StatusOr<std::shared_ptr<LiveGame>> live =
      server_.registry().Find(g.name);
  ASSERT_TRUE(live.ok());
  const std::vector<v1::GameEvent> events = (*live)->EventsAfter(0, 100, &over);
  ASSERT_TRUE(events.back().has_takeback_answered());
  EXPECT_EQ(events.back().takeback_answered().plies(), 2);
  EXPECT_TRUE(events.back().takeback_answered().accepted());
}

TEST_F(TakebackTest, ClocksKeepTheTimeUsedAndTheRequesterRuns) {
  CreatedGame g = CreateXiangqi(true, "300");
  server_.time().Advance(10'000);
  MustMove(stub(), g.name, g.token[0], "h2e2");
  server_.time().Advance(20'000);
  v1::Game game;
  ASSERT_TRUE(Ask(g, 0, &game).ok());
  ASSERT_TRUE(Answer(g, 1, true, &game).ok());
  // Red used 10 s, black 20 s; nothing is given back.
  EXPECT_EQ(game.clocks().red_ms(), 290'000);
  EXPECT_EQ(game.clocks().black_ms(), 280'000);
  EXPECT_EQ(game.clocks().running(), v1::SIDE_RED);
  server_.time().Advance(5'000);
  EXPECT_EQ(GetGame(stub(), g.name).clocks().red_ms(), 285'000);
}

TEST_F(TakebackTest, AMoveLapsesAPendingRequest) {
  CreatedGame g = CreateXiangqi(true);
  MustMove(stub(), g.name, g.token[0], "h2e2");
  v1::Game game;
  ASSERT_TRUE(Ask(g, 0, &game).ok());
  MustMove(stub(), g.name, g.token[1], "h9g7");
  game = GetGame(stub(), g.name);
  EXPECT_EQ(game.takeback_request(), v1::SIDE_UNSPECIFIED);
  EXPECT_EQ(Answer(g, 1, true, &game).error_code(),
            StatusCode::FAILED_PRECONDITION);
}

TEST_F(TakebackTest, GomokuTakesBackStones) {
  v1::CreateGameRequest request;
  request.set_kind(v1::GAME_KIND_GOMOKU);
  request.set_allow_takebacks(true);
  request.set_clock_start(v1::CLOCK_START_AT_START_TIME);
  CreatedGame g = MustCreate(stub(), request);
  MustMove(stub(), g.name, g.token[0], "h8");
  MustMove(stub(), g.name, g.token[1], "h9");
  MustMove(stub(), g.name, g.token[0], "j10");
  // White, to move, takes back its h9 and Black's reply.
  v1::Game game;
  ASSERT_TRUE(Ask(g, 1, &game).ok());
  ASSERT_TRUE(Answer(g, 0, true, &game).ok());
  EXPECT_EQ(Moves(game), std::vector<std::string>{"h8"});
  EXPECT_EQ(game.side_to_act(), v1::SIDE_WHITE);
  MustMove(stub(), g.name, g.token[1], "g9");
}

TEST_F(TakebackTest, BothPlayersReachOneRematchWithColoursReversed) {
  CreatedGame g = CreateXiangqi(true, "180+2");
  v1::RematchResponse early;
  EXPECT_EQ(AskRematch(g, 0, &early).error_code(),
            StatusCode::FAILED_PRECONDITION)
      << "no rematch while the game is played";
  v1::Game game;
  ASSERT_TRUE(Call(
                  stub(), &GameService::Stub::Resign,
                  [&] {
                    v1::ResignRequest r;
                    r.set_name(g.name);
                    r.set_token(g.token[1]);
                    return r;
                  }(),
                  &game)
                  .ok());
  EXPECT_FALSE(game.rematch().empty());
  v1::RematchResponse first;
  ASSERT_TRUE(AskRematch(g, 1, &first).ok());
  EXPECT_TRUE(first.created());
  EXPECT_EQ(first.game().name(), game.rematch());
  EXPECT_EQ(first.game().time_control(), game.time_control());
  EXPECT_TRUE(first.game().allow_takebacks());
  // The black player of the first game plays red now.
  ASSERT_EQ(first.game().players_size(), 2);
  EXPECT_EQ(first.game().players(0).name(), "Black Player");
  EXPECT_EQ(first.game().players(0).side(), v1::SIDE_RED);
  EXPECT_EQ(first.token().side(), v1::SIDE_RED);
  v1::RematchResponse second;
  ASSERT_TRUE(AskRematch(g, 0, &second).ok());
  EXPECT_FALSE(second.created());
  EXPECT_EQ(second.game().name(), first.game().name());
  EXPECT_EQ(second.token().side(), v1::SIDE_BLACK);
  EXPECT_NE(second.token().token(), first.token().token());
  // Each token holds its seat in the rematch.
  MustMove(stub(), first.game().name(), first.token().token(), "h2e2");
  MustMove(stub(), first.game().name(), second.token().token(), "h9g7");
  // A stranger's token gets nothing.
  v1::RematchRequest stranger;
  stranger.set_name(g.name);
  stranger.set_token(second.token().token());
  v1::RematchResponse refused;
  EXPECT_EQ(Call(stub(), &GameService::Stub::Rematch, stranger, &refused)
                .error_code(),
            StatusCode::UNAUTHENTICATED);
}

}  // namespace
}  // namespace caipan::services::game::testing
