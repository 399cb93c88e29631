// Every GameService call and its status codes, as the proto's header states
// them: creation checks, tokens, moves and retries, draws, claims, fouls, the
// arbiter's rulings and listing.
#include <set>
#include <string>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "tests/services/game/game_test_env.h"

namespace caipan::services::game::testing {
namespace {

using grpc::StatusCode;
using v1::GameService;

// Kings and one rook each: idle rook moves never capture.
constexpr char kRooksFen[] = "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";

class ActionsTest : public ::testing::Test {
 protected:
  GameService::Stub& stub() { return server_.stub(); }

  grpc::Status Create(const v1::CreateGameRequest& request,
                      v1::CreateGameResponse* response) {
    grpc::ClientContext context;
    return stub().CreateGame(&context, request, response);
  }
  // A refused creation must name `field`.
  void ExpectCreateRefused(const v1::CreateGameRequest& request,
                           const std::string& field) {
    v1::CreateGameResponse response;
    grpc::Status s = Create(request, &response);
    EXPECT_EQ(s.error_code(), StatusCode::INVALID_ARGUMENT) << field;
    EXPECT_EQ(s.error_message().rfind(field, 0), 0u)
        << "message \"" << s.error_message() << "\" should name " << field;
  }
  template <typename Request>
  Request For(const CreatedGame& g, const std::string& token) {
    Request request;
    request.set_name(g.name);
    request.set_token(token);
    return request;
  }
  grpc::Status Resign(const CreatedGame& g, const std::string& token,
                      v1::Game* game) {
    return Call(stub(), &GameService::Stub::Resign,
                For<v1::ResignRequest>(g, token), game);
  }
  grpc::Status Offer(const CreatedGame& g, const std::string& token,
                     v1::Game* game) {
    return Call(stub(), &GameService::Stub::OfferDraw,
                For<v1::OfferDrawRequest>(g, token), game);
  }
  grpc::Status Answer(const CreatedGame& g, const std::string& token,
                      bool accept, v1::Game* game) {
    auto request = For<v1::RespondToDrawOfferRequest>(g, token);
    request.set_accept(accept);
    return Call(stub(), &GameService::Stub::RespondToDrawOffer, request, game);
  }
  grpc::Status Claim(const CreatedGame& g, const std::string& token,
                     v1::ClaimDrawResponse* response,
                     const std::string& language = "") {
    auto request = For<v1::ClaimDrawRequest>(g, token);
    request.set_language(language);
    return Call(stub(), &GameService::Stub::ClaimDraw, request, response);
  }
  grpc::Status Foul(const CreatedGame& g, const std::string& token,
                    v1::Side side, const std::string& reason, v1::Game* game) {
    auto request = For<v1::RecordFoulRequest>(g, token);
    request.set_side(side);
    request.set_reason(reason);
    return Call(stub(), &GameService::Stub::RecordFoul, request, game);
  }

  GameServer server_;
};

TEST_F(ActionsTest, CreateGameValidationNamesTheField) {
  v1::CreateGameRequest bad_kind = XiangqiRequest("1200+5");
  bad_kind.set_kind(v1::GAME_KIND_UNSPECIFIED);
  ExpectCreateRefused(bad_kind, "kind");

  ExpectCreateRefused(XiangqiRequest("12x00"), "time_control");
  ExpectCreateRefused(XiangqiRequest("S0:600"), "time_control");

  v1::CreateGameRequest bad_side = XiangqiRequest("1200+5");
  bad_side.mutable_players(0)->set_side(v1::SIDE_WHITE);
  ExpectCreateRefused(bad_side, "players[0].side");

  v1::CreateGameRequest twice = XiangqiRequest("1200+5");
  twice.mutable_players(1)->set_side(v1::SIDE_RED);
  ExpectCreateRefused(twice, "players[1].side");

  v1::CreateGameRequest fouls = XiangqiRequest("1200+5");
  fouls.set_foul_limit(-1);
  ExpectCreateRefused(fouls, "foul_limit");
  fouls.set_foul_limit(11);
  ExpectCreateRefused(fouls, "foul_limit");

  v1::CreateGameRequest gomoku;
  gomoku.set_kind(v1::GAME_KIND_GOMOKU);
  gomoku.set_start_fen(kRooksFen);
  ExpectCreateRefused(gomoku, "start_fen");

  v1::CreateGameRequest label = XiangqiRequest("");
  label.set_event(std::string(129, 'e'));
  ExpectCreateRefused(label, "event");

  v1::CreateGameRequest fen = XiangqiRequest("");
  fen.set_start_fen("not a fen");
  v1::CreateGameResponse response;
  EXPECT_EQ(Create(fen, &response).error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(server_.registry().live_count(), 0);
}

TEST_F(ActionsTest, RetriedCreateReturnsTheSameGameAndTokens) {
  v1::CreateGameRequest request = XiangqiRequest("1200+5");
  request.set_request_id("req-1");
  v1::CreateGameResponse first, second;
  ASSERT_TRUE(Create(request, &first).ok());
  ASSERT_TRUE(Create(request, &second).ok());
  EXPECT_EQ(first.game().name(), second.game().name());
  ASSERT_EQ(first.tokens_size(), 2);
  ASSERT_EQ(second.tokens_size(), 2);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(first.tokens(i).token(), second.tokens(i).token());
    EXPECT_EQ(first.tokens(i).side(), second.tokens(i).side());
  }
  EXPECT_EQ(first.tokens(0).side(), v1::SIDE_RED);
  EXPECT_EQ(first.tokens(1).side(), v1::SIDE_BLACK);
  EXPECT_EQ(server_.registry().live_count(), 1);

  request.set_request_id("req-2");
  v1::CreateGameResponse third;
  ASSERT_TRUE(Create(request, &third).ok());
  EXPECT_NE(third.game().name(), first.game().name());
  EXPECT_NE(third.tokens(0).token(), first.tokens(0).token());
}

TEST_F(ActionsTest, TokensAre64HexDigitsAndDifferPerSide) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("1200+5"));
  EXPECT_EQ(g.name.rfind("games/", 0), 0u);
  for (const std::string& token : g.token) {
    EXPECT_EQ(token.size(), 64u);
    EXPECT_EQ(token.find_first_not_of("0123456789abcdef"), std::string::npos);
  }
  EXPECT_NE(g.token[0], g.token[1]);
  EXPECT_EQ(g.game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(g.game.side_to_act(), v1::SIDE_RED);
  EXPECT_EQ(g.game.last_sequence(), 1);
  EXPECT_EQ(g.game.players(0).name(), "Red Player");
}

TEST_F(ActionsTest, SubmitMoveIdentityAndTurn) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("1200+5"));
  v1::SubmitMoveResponse r;
  EXPECT_EQ(Move(stub(), g.name, "", "h2e2", &r).error_code(),
            StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Move(stub(), g.name, std::string(64, 'a'), "h2e2", &r).error_code(),
            StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Move(stub(), g.name, kArbiterToken, "h2e2", &r).error_code(),
            StatusCode::PERMISSION_DENIED);
  // Another game's token is not a token of this game.
  CreatedGame other = MustCreate(stub(), XiangqiRequest("1200+5"));
  EXPECT_EQ(Move(stub(), g.name, other.token[0], "h2e2", &r).error_code(),
            StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Move(stub(), g.name, g.token[1], "h9g7", &r).error_code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(
      Move(stub(), "games/nosuchgame", g.token[0], "h2e2", &r).error_code(),
      StatusCode::NOT_FOUND);
  EXPECT_EQ(Move(stub(), "nogames/x", g.token[0], "h2e2", &r).error_code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(GetGame(stub(), g.name).last_sequence(), 1);
  EXPECT_EQ(GetGame(stub(), g.name).ply(), 0);
}

TEST_F(ActionsTest, PlyNumbersRetriesAndIllegalMoves) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("1200+5"));
  v1::SubmitMoveResponse first;
  ASSERT_TRUE(Move(stub(), g.name, g.token[0], "h2e2", &first, 1).ok());
  ASSERT_TRUE(first.check().legal());
  EXPECT_EQ(first.sequence(), 2);
  EXPECT_EQ(first.game().ply(), 1);
  EXPECT_EQ(first.game().moves_size(), 0);  // answers leave the moves out

  // The same move retried at the same ply: the stored answer, nothing new.
  server_.time().Advance(5'000);
  v1::SubmitMoveResponse retry;
  ASSERT_TRUE(Move(stub(), g.name, g.token[0], "h2e2", &retry, 1).ok());
  EXPECT_TRUE(retry.check().legal());
  EXPECT_EQ(retry.sequence(), first.sequence());
  EXPECT_EQ(retry.check().move(), first.check().move());
  EXPECT_EQ(retry.game().ply(), 1);
  EXPECT_EQ(retry.game().last_sequence(), 2);

  v1::SubmitMoveResponse r;
  // Another move at a ply already played: stale.
  EXPECT_EQ(Move(stub(), g.name, g.token[0], "b0c2", &r, 1).error_code(),
            StatusCode::FAILED_PRECONDITION);
  // A ply in the future.
  EXPECT_EQ(Move(stub(), g.name, g.token[1], "h9g7", &r, 3).error_code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Move(stub(), g.name, g.token[1], "h9g7", &r, -1).error_code(),
            StatusCode::FAILED_PRECONDITION);

  // An illegal move is an answer, and changes nothing.
  v1::SubmitMoveResponse illegal;
  ASSERT_TRUE(Move(stub(), g.name, g.token[1], "a9a5", &illegal, 2).ok());
  EXPECT_FALSE(illegal.check().legal());
  EXPECT_EQ(illegal.check().rejection(), v1::MOVE_REJECTION_ILLEGAL);
  EXPECT_EQ(illegal.sequence(), 0);
  EXPECT_EQ(illegal.game().ply(), 1);
  v1::SubmitMoveResponse garbage;
  ASSERT_TRUE(Move(stub(), g.name, g.token[1], "zz", &garbage).ok());
  EXPECT_FALSE(garbage.check().legal());
  EXPECT_EQ(garbage.check().rejection(), v1::MOVE_REJECTION_UNPARSEABLE);
  v1::Game game = GetGame(stub(), g.name);
  EXPECT_EQ(game.ply(), 1);
  EXPECT_EQ(game.last_sequence(), 2);
  ASSERT_EQ(game.moves_size(), 1);
  EXPECT_EQ(game.moves(0), "h2e2");

  // Any notation; stored canonical.
  v1::SubmitMoveResponse second = MustMove(stub(), g.name, g.token[1], "h9g7");
  EXPECT_EQ(second.game().ply(), 2);
  EXPECT_EQ(second.sequence(), 3);
  EXPECT_EQ(GetGame(stub(), g.name).moves(1), "h9g7");
}

TEST_F(ActionsTest, ResignEndsTheGameAndLaterCallsAreRefused) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("1200+5"));
  v1::Game game;
  EXPECT_EQ(Resign(g, kArbiterToken, &game).error_code(),
            StatusCode::PERMISSION_DENIED);
  ASSERT_TRUE(Resign(g, g.token[1], &game).ok());  // in red's time: allowed
  EXPECT_EQ(game.status(), v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(game.verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(game.verdict().winner(), v1::SIDE_RED);
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_RESIGNATION);
  EXPECT_EQ(game.side_to_act(), v1::SIDE_UNSPECIFIED);
  EXPECT_EQ(game.clocks().running(), v1::SIDE_UNSPECIFIED);

  v1::SubmitMoveResponse r;
  EXPECT_EQ(Move(stub(), g.name, g.token[0], "h2e2", &r).error_code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Resign(g, g.token[0], &game).error_code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Offer(g, g.token[0], &game).error_code(),
            StatusCode::FAILED_PRECONDITION);
  // The finished game is still found.
  EXPECT_EQ(GetGame(stub(), g.name).verdict().reason(),
            v1::VERDICT_REASON_RESIGNATION);
  // Worded in both languages, for pages in either.
  EXPECT_EQ(game.verdict().explanation(), "black resigned");
  EXPECT_EQ(game.verdict().explanations().at("en"), "black resigned");
  EXPECT_EQ(game.verdict().explanations().at("zh"), "黑方认输");
}

// SubmitMove and ClaimDraw answer in the language asked for; the game keeps
// its verdicts worded in both.
TEST_F(ActionsTest, AnswersComeInTheRequestsLanguage) {
  v1::CreateGameRequest request = XiangqiRequest("1200+5");
  request.set_start_fen("4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1");
  request.mutable_xiangqi_rules()->set_mode(
      v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  CreatedGame g = MustCreate(stub(), request);
  v1::SubmitMoveRequest move;
  move.set_name(g.name);
  move.set_token(g.token[0]);
  move.set_move("a0a5");
  move.set_language("zh");
  v1::SubmitMoveResponse answer;
  ASSERT_TRUE(Call(stub(), &GameService::Stub::SubmitMove, move, &answer).ok());
  EXPECT_FALSE(answer.check().legal());
  EXPECT_TRUE(absl::StrContains(answer.check().reason(), "a0"))
      << answer.check().reason();
  EXPECT_FALSE(absl::StrContains(answer.check().reason(), "no piece"))
      << answer.check().reason();
  move.set_language("fr");
  EXPECT_EQ(
      Call(stub(), &GameService::Stub::SubmitMove, move, &answer).error_code(),
      StatusCode::INVALID_ARGUMENT);

  const char* cycle[] = {"f7e7", "e9f9", "e7f7", "f9e9"};
  for (int i = 0; i < 8; ++i)
    MustMove(stub(), g.name, g.token[i % 2], cycle[i % 4]);
  v1::ClaimDrawResponse claim;
  ASSERT_TRUE(Claim(g, g.token[0], &claim, "zh").ok());
  EXPECT_FALSE(claim.granted());
  EXPECT_TRUE(absl::StrContains(claim.explanation(), "不予判和"))
      << claim.explanation();
  EXPECT_EQ(Claim(g, g.token[0], &claim, "xx").error_code(),
            StatusCode::INVALID_ARGUMENT);
}

TEST_F(ActionsTest, DrawOffersAndAnswers) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("1200+5"));
  v1::Game game;
  EXPECT_EQ(Answer(g, g.token[1], true, &game).error_code(),
            StatusCode::FAILED_PRECONDITION);  // nothing pending
  ASSERT_TRUE(Offer(g, g.token[0], &game).ok());
  EXPECT_EQ(game.draw_offer(), v1::SIDE_RED);
  EXPECT_EQ(Offer(g, g.token[0], &game).error_code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Offer(g, g.token[1], &game).error_code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Answer(g, g.token[0], true, &game).error_code(),
            StatusCode::FAILED_PRECONDITION);  // the offerer
  ASSERT_TRUE(Answer(g, g.token[1], false, &game).ok());
  EXPECT_EQ(game.draw_offer(), v1::SIDE_UNSPECIFIED);
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(Answer(g, g.token[1], true, &game).error_code(),
            StatusCode::FAILED_PRECONDITION);  // declined: gone

  // An offer lapses when the opponent moves instead of answering.
  ASSERT_TRUE(Offer(g, g.token[1], &game).ok());
  MustMove(stub(), g.name, g.token[0], "h2e2");
  EXPECT_EQ(GetGame(stub(), g.name).draw_offer(), v1::SIDE_UNSPECIFIED);

  ASSERT_TRUE(Offer(g, g.token[0], &game).ok());
  ASSERT_TRUE(Answer(g, g.token[1], true, &game).ok());
  EXPECT_EQ(game.status(), v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(game.verdict().result(), v1::RESULT_DRAW);
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_AGREED_DRAW);
  EXPECT_EQ(game.draw_offer(), v1::SIDE_UNSPECIFIED);
}

TEST_F(ActionsTest, ClaimDrawInOwnTimeOnly) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("1200+5"));
  v1::ClaimDrawResponse claim;
  EXPECT_EQ(Claim(g, g.token[1], &claim).error_code(),
            StatusCode::FAILED_PRECONDITION);
  // Nothing to claim: refused, and the refusal is recorded.
  ASSERT_TRUE(Claim(g, g.token[0], &claim).ok());
  EXPECT_FALSE(claim.granted());
  EXPECT_FALSE(claim.explanation().empty());
  EXPECT_EQ(claim.game().status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(claim.game().last_sequence(), 2);
  bool over = false;
  auto live = server_.registry().Find(g.name);
  ASSERT_TRUE(live.ok());
  std::vector<v1::GameEvent> events = (*live)->EventsAfter(1, 10, &over);
  ASSERT_EQ(events.size(), 1u);
  ASSERT_TRUE(events[0].has_draw_claimed());
  EXPECT_FALSE(events[0].draw_claimed().granted());
  EXPECT_EQ(events[0].draw_claimed().side(), v1::SIDE_RED);
}

TEST_F(ActionsTest, NaturalLimitClaimGrantedInClaimMode) {
  v1::CreateGameRequest request = XiangqiRequest("1200+5");
  request.set_start_fen(kRooksFen);
  request.mutable_xiangqi_rules()->set_natural_limit_rounds(1);
  request.mutable_xiangqi_rules()->set_mode(
      v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  CreatedGame g = MustCreate(stub(), request);
  MustMove(stub(), g.name, g.token[0], "a0a1");
  MustMove(stub(), g.name, g.token[1], "i9i8");
  v1::SubmitMoveResponse r = MustMove(stub(), g.name, g.token[0], "a1a0");
  EXPECT_EQ(r.game().status(), v1::GAME_STATUS_LIVE);  // claim mode: no draw

  v1::ClaimDrawResponse claim;
  ASSERT_TRUE(Claim(g, g.token[1], &claim).ok());
  EXPECT_TRUE(claim.granted()) << claim.explanation();
  EXPECT_EQ(claim.game().status(), v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(claim.game().verdict().result(), v1::RESULT_DRAW);
  EXPECT_EQ(claim.game().verdict().reason(), v1::VERDICT_REASON_NATURAL_LIMIT);
  EXPECT_EQ(claim.game().verdict().explanations().at("zh"),
            "已达自然限着，判和（黑方提出）");
}

// A claim at a forbidden cycle is no draw: the arbiter orders the offender
// (red, giving perpetual check) to vary instead.
TEST_F(ActionsTest, ClaimAtAForbiddenCycleIsNoDraw) {
  v1::CreateGameRequest request = XiangqiRequest("1200+5");
  request.set_start_fen("4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1");
  request.mutable_xiangqi_rules()->set_mode(
      v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  CreatedGame g = MustCreate(stub(), request);
  const char* cycle[] = {"f7e7", "e9f9", "e7f7", "f9e9"};
  for (int i = 0; i < 8; ++i)
    MustMove(stub(), g.name, g.token[i % 2], cycle[i % 4]);
  v1::ClaimDrawResponse claim;
  ASSERT_TRUE(Claim(g, g.token[0], &claim).ok());
  EXPECT_FALSE(claim.granted());
  EXPECT_NE(claim.explanation().find("red must vary"), std::string::npos)
      << claim.explanation();
  EXPECT_EQ(claim.game().status(), v1::GAME_STATUS_LIVE);
}

TEST_F(ActionsTest, FoulsUpToTheLimitLose) {
  v1::CreateGameRequest request = XiangqiRequest("1200+5");
  request.set_foul_limit(2);
  CreatedGame g = MustCreate(stub(), request);
  v1::Game game;
  EXPECT_EQ(Foul(g, g.token[0], v1::SIDE_BLACK, "phone", &game).error_code(),
            StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Foul(g, "", v1::SIDE_BLACK, "phone", &game).error_code(),
            StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Foul(g, std::string(40, 'z'), v1::SIDE_BLACK, "phone", &game)
                .error_code(),
            StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Foul(g, kArbiterToken, v1::SIDE_BLACK, "", &game).error_code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Foul(g, kArbiterToken, v1::SIDE_WHITE, "phone", &game).error_code(),
            StatusCode::INVALID_ARGUMENT);

  ASSERT_TRUE(Foul(g, kArbiterToken, v1::SIDE_BLACK, "phone", &game).ok());
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  ASSERT_EQ(game.fouls_size(), 1);
  EXPECT_EQ(game.fouls(0).side(), v1::SIDE_BLACK);
  ASSERT_TRUE(Foul(g, kArbiterToken, v1::SIDE_RED, "talking", &game).ok());
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  ASSERT_TRUE(
      Foul(g, kArbiterToken, v1::SIDE_BLACK, "phone again", &game).ok());
  EXPECT_EQ(game.status(), v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(game.verdict().winner(), v1::SIDE_RED);
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_FOUL_LIMIT);
  EXPECT_EQ(game.fouls_size(), 3);
}

TEST_F(ActionsTest, SetResultIsKeptInTheRulings) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("1200+5"));
  auto request = For<v1::SetResultRequest>(g, kArbiterToken);
  request.set_result(v1::RESULT_WIN);
  request.set_winner(v1::SIDE_BLACK);
  v1::Game game;
  EXPECT_EQ(
      Call(stub(), &GameService::Stub::SetResult, request, &game).error_code(),
      StatusCode::INVALID_ARGUMENT);  // no reason
  request.set_reason("red left the hall");
  request.set_token(g.token[1]);
  EXPECT_EQ(
      Call(stub(), &GameService::Stub::SetResult, request, &game).error_code(),
      StatusCode::PERMISSION_DENIED);
  request.set_token(kArbiterToken);
  request.set_winner(v1::SIDE_WHITE);
  EXPECT_EQ(
      Call(stub(), &GameService::Stub::SetResult, request, &game).error_code(),
      StatusCode::INVALID_ARGUMENT);
  request.set_winner(v1::SIDE_BLACK);
  ASSERT_TRUE(Call(stub(), &GameService::Stub::SetResult, request, &game).ok());
  EXPECT_EQ(game.status(), v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(game.verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_ARBITER_DECISION);
  ASSERT_EQ(game.rulings_size(), 1);
  EXPECT_EQ(game.rulings(0).action(), "set_result");
  EXPECT_EQ(game.rulings(0).reason(), "red left the hall");
  EXPECT_EQ(game.rulings(0).sequence(), game.last_sequence());
}

TEST_F(ActionsTest, AbortGameLeavesNoResult) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("1200+5"));
  auto request = For<v1::AbortGameRequest>(g, kArbiterToken);
  v1::Game game;
  EXPECT_EQ(
      Call(stub(), &GameService::Stub::AbortGame, request, &game).error_code(),
      StatusCode::INVALID_ARGUMENT);
  request.set_reason("wrong pairing");
  ASSERT_TRUE(Call(stub(), &GameService::Stub::AbortGame, request, &game).ok());
  EXPECT_EQ(game.status(), v1::GAME_STATUS_ABORTED);
  EXPECT_EQ(game.verdict().result(), v1::RESULT_NO_RESULT);
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_ABORTED);
  EXPECT_EQ(game.rulings(0).action(), "abort");
  EXPECT_EQ(
      Call(stub(), &GameService::Stub::AbortGame, request, &game).error_code(),
      StatusCode::FAILED_PRECONDITION);
  v1::SubmitMoveResponse r;
  EXPECT_EQ(Move(stub(), g.name, g.token[0], "h2e2", &r).error_code(),
            StatusCode::FAILED_PRECONDITION);
}

TEST_F(ActionsTest, UnknownGameIsNotFound) {
  v1::Game game;
  v1::GetGameRequest get;
  get.set_name("games/0123456789abcdef0123");
  grpc::ClientContext context;
  EXPECT_EQ(stub().GetGame(&context, get, &game).error_code(),
            StatusCode::NOT_FOUND);
  v1::PauseClocksRequest pause;
  pause.set_name("games/0123456789abcdef0123");
  pause.set_token(kArbiterToken);
  EXPECT_EQ(
      Call(stub(), &GameService::Stub::PauseClocks, pause, &game).error_code(),
      StatusCode::NOT_FOUND);
}

TEST_F(ActionsTest, ListGamesFiltersAndPages) {
  std::set<std::string> names;
  for (int i = 0; i < 5; ++i) {
    v1::CreateGameRequest request = XiangqiRequest("1200+5");
    request.set_event(i < 3 ? "Open" : "Cup");
    request.mutable_players(0)->set_id(absl::StrCat("P", i));
    names.insert(MustCreate(stub(), request).name);
  }
  CreatedGame g = MustCreate(stub(), XiangqiRequest("1200+5"));
  v1::Game game;
  ASSERT_TRUE(Call(stub(), &GameService::Stub::Resign,
                   For<v1::ResignRequest>(g, g.token[0]), &game)
                  .ok());

  v1::ListGamesRequest request;
  v1::ListGamesResponse response;
  request.set_event("Open");
  ASSERT_TRUE(
      Call(stub(), &GameService::Stub::ListGames, request, &response).ok());
  EXPECT_EQ(response.games_size(), 3);
  for (const v1::Game& x : response.games()) EXPECT_EQ(x.event(), "Open");

  request.Clear();
  request.set_player("P4");
  ASSERT_TRUE(
      Call(stub(), &GameService::Stub::ListGames, request, &response).ok());
  ASSERT_EQ(response.games_size(), 1);
  EXPECT_EQ(response.games(0).players(0).id(), "P4");

  request.Clear();
  request.set_status(v1::GAME_STATUS_FINISHED);
  ASSERT_TRUE(
      Call(stub(), &GameService::Stub::ListGames, request, &response).ok());
  ASSERT_EQ(response.games_size(), 1);
  EXPECT_EQ(response.games(0).name(), g.name);
  EXPECT_EQ(response.games(0).verdict().reason(),
            v1::VERDICT_REASON_RESIGNATION);

  request.Clear();
  request.set_status(v1::GAME_STATUS_LIVE);
  request.set_page_size(2);
  std::set<std::string> seen;
  int pages = 0;
  do {
    response.Clear();
    ASSERT_TRUE(
        Call(stub(), &GameService::Stub::ListGames, request, &response).ok());
    EXPECT_LE(response.games_size(), 2);
    for (const v1::Game& x : response.games()) {
      EXPECT_EQ(x.status(), v1::GAME_STATUS_LIVE);
      EXPECT_TRUE(seen.insert(x.name()).second) << x.name() << " twice";
    }
    request.set_page_token(response.next_page_token());
    ++pages;
  } while (!response.next_page_token().empty() && pages < 10);
  EXPECT_EQ(seen, names);
  EXPECT_EQ(pages, 3);

  request.Clear();
  request.set_page_size(1001);
  EXPECT_EQ(Call(stub(), &GameService::Stub::ListGames, request, &response)
                .error_code(),
            StatusCode::INVALID_ARGUMENT);
}

}  // namespace
}  // namespace caipan::services::game::testing
