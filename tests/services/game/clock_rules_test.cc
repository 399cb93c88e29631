// The live games' clocks through the GameService, on a manual time source:
// increments, flag fall at zero, Armageddon, shared periods, pauses, clock
// adjustments and a delayed start.
#include <string>

#include "gtest/gtest.h"
#include "tests/services/game/game_test_env.h"

namespace caipan::services::game::testing {
namespace {

using v1::GameService;

class ClockRulesTest : public ::testing::Test {
 protected:
  GameService::Stub& stub() { return server_.stub(); }
  ManualTimeSource& time() { return server_.time(); }

  grpc::Status Pause(const std::string& name, v1::Game* game) {
    v1::PauseClocksRequest request;
    request.set_name(name);
    request.set_token(kArbiterToken);
    request.set_reason("lights out");
    return Call(stub(), &GameService::Stub::PauseClocks, request, game);
  }
  grpc::Status Resume(const std::string& name, v1::Game* game) {
    v1::ResumeClocksRequest request;
    request.set_name(name);
    request.set_token(kArbiterToken);
    request.set_reason("lights back");
    return Call(stub(), &GameService::Stub::ResumeClocks, request, game);
  }
  grpc::Status Adjust(const std::string& name, v1::Side side, int64_t delta,
                      const std::string& reason, v1::Game* game) {
    v1::AdjustClockRequest request;
    request.set_name(name);
    request.set_token(kArbiterToken);
    request.set_side(side);
    request.set_delta_ms(delta);
    request.set_reason(reason);
    return Call(stub(), &GameService::Stub::AdjustClock, request, game);
  }

  GameServer server_;
};

TEST_F(ClockRulesTest, FischerIncrementAfterEachMove) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("1200+5"));
  EXPECT_EQ(g.game.time_control(), "1200+5");
  EXPECT_TRUE(g.game.clocks().timed());
  EXPECT_EQ(g.game.clocks().red_ms(), 1'200'000);
  EXPECT_EQ(g.game.clocks().black_ms(), 1'200'000);
  EXPECT_EQ(g.game.clocks().running(), v1::SIDE_RED);

  time().Advance(10'000);
  v1::SubmitMoveResponse r = MustMove(stub(), g.name, g.token[0], "h2e2");
  EXPECT_EQ(r.game().clocks().red_ms(), 1'200'000 - 10'000 + 5'000);
  EXPECT_EQ(r.game().clocks().black_ms(), 1'200'000);
  EXPECT_EQ(r.game().clocks().running(), v1::SIDE_BLACK);

  time().Advance(3'000);
  r = MustMove(stub(), g.name, g.token[1], "h9g7");
  EXPECT_EQ(r.game().clocks().black_ms(), 1'200'000 - 3'000 + 5'000);
  EXPECT_EQ(r.game().clocks().red_ms(), 1'195'000);

  time().Advance(2'000);
  v1::Game game = GetGame(stub(), g.name);
  EXPECT_EQ(game.clocks().red_ms(), 1'193'000);  // red's clock runs
  EXPECT_EQ(game.clocks().black_ms(), 1'202'000);
}

TEST_F(ClockRulesTest, SuddenDeathFlagFallsExactlyAtZero) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("60"));
  time().Advance(59'999);
  v1::Game game = GetGame(stub(), g.name);
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(game.clocks().red_ms(), 1);
  const int64_t before = game.last_sequence();

  time().Advance(1);  // the alarm fires at red's zero
  game = WaitForGame(stub(), g.name, [](const v1::Game& x) {
    return x.status() != v1::GAME_STATUS_LIVE;
  });
  EXPECT_EQ(game.status(), v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(game.verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(game.verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_TIME_FORFEIT);
  EXPECT_EQ(game.clocks().red_ms(), 0);
  EXPECT_EQ(game.clocks().black_ms(), 60'000);
  EXPECT_EQ(game.clocks().running(), v1::SIDE_UNSPECIFIED);
  ASSERT_EQ(game.last_sequence(), before + 1);

  bool over = false;
  auto live = server_.registry().Find(g.name);
  ASSERT_TRUE(live.ok());
  std::vector<v1::GameEvent> events = (*live)->EventsAfter(before, 10, &over);
  ASSERT_EQ(events.size(), 1u);
  ASSERT_TRUE(events[0].has_flag_fell());
  EXPECT_EQ(events[0].flag_fell().side(), v1::SIDE_RED);
  EXPECT_EQ(events[0].time_unix_ms(), 1'700'000'000'000 + 60'000);
  EXPECT_TRUE(over);

  // A move after the flag fell gets the time-forfeit verdict as its answer.
  v1::SubmitMoveResponse r;
  ASSERT_TRUE(Move(stub(), g.name, g.token[0], "h2e2", &r).ok());
  EXPECT_FALSE(r.check().legal());
  EXPECT_EQ(r.check().rejection(), v1::MOVE_REJECTION_GAME_OVER);
  EXPECT_EQ(r.check().verdict().reason(), v1::VERDICT_REASON_TIME_FORFEIT);
  EXPECT_EQ(r.check().verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(r.sequence(), 0);
  EXPECT_EQ(GetGame(stub(), g.name).last_sequence(), before + 1);
}

TEST_F(ClockRulesTest, MoveAtExactlyZeroIsTooLate) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("30+10"));
  // Black's clock: 30 s; red moves at once.
  MustMove(stub(), g.name, g.token[0], "h2e2");
  time().Advance(29'999);
  MustMove(stub(), g.name, g.token[1], "h9g7");  // 1 ms left: in time
  v1::Game game = GetGame(stub(), g.name);
  EXPECT_EQ(game.clocks().black_ms(), 10'001);
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
}

TEST_F(ClockRulesTest, ArmageddonDrawIsAWinForBlack) {
  CreatedGame g =
      MustCreate(stub(), XiangqiRequest("W360+3-B240+3;armageddon"));
  EXPECT_EQ(g.game.time_control(), "W360+3-B240+3;armageddon");
  EXPECT_EQ(g.game.clocks().red_ms(), 360'000);
  EXPECT_EQ(g.game.clocks().black_ms(), 240'000);

  v1::Game game;
  v1::OfferDrawRequest offer;
  offer.set_name(g.name);
  offer.set_token(g.token[0]);
  ASSERT_TRUE(Call(stub(), &GameService::Stub::OfferDraw, offer, &game).ok());
  EXPECT_EQ(game.draw_offer(), v1::SIDE_RED);

  v1::RespondToDrawOfferRequest answer;
  answer.set_name(g.name);
  answer.set_token(g.token[1]);
  answer.set_accept(true);
  ASSERT_TRUE(
      Call(stub(), &GameService::Stub::RespondToDrawOffer, answer, &game).ok());
  EXPECT_EQ(game.status(), v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(game.verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(game.verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_AGREED_DRAW);
}

TEST_F(ClockRulesTest, SharedPeriodEarnsNoIncrementThenIndividualClocks) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("S1200:600+5"));
  EXPECT_EQ(g.game.time_control(), "S1200:600+5");
  EXPECT_EQ(g.game.clocks().shared_ms(), 1'200'000);
  EXPECT_EQ(g.game.clocks().red_ms(), 600'000);

  time().Advance(100'000);
  v1::SubmitMoveResponse r = MustMove(stub(), g.name, g.token[0], "h2e2");
  EXPECT_EQ(r.game().clocks().shared_ms(), 1'100'000);
  EXPECT_EQ(r.game().clocks().red_ms(), 600'000);  // no increment
  time().Advance(100'000);
  r = MustMove(stub(), g.name, g.token[1], "h9g7");
  EXPECT_EQ(r.game().clocks().shared_ms(), 1'000'000);
  EXPECT_EQ(r.game().clocks().black_ms(), 600'000);

  // The shared clock runs out while red thinks; red's own clock starts then.
  time().Advance(1'000'000 + 10'000);
  v1::Game game = GetGame(stub(), g.name);
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(game.clocks().shared_ms(), 0);
  EXPECT_EQ(game.clocks().red_ms(), 590'000);
  r = MustMove(stub(), g.name, g.token[0], "b0c2");
  EXPECT_EQ(r.game().clocks().red_ms(), 595'000);  // increment from now on
  time().Advance(1'000);
  r = MustMove(stub(), g.name, g.token[1], "b9c7");
  EXPECT_EQ(r.game().clocks().black_ms(), 604'000);
}

TEST_F(ClockRulesTest, PausedClocksChargeNoTime) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("60"));
  time().Advance(10'000);
  v1::Game game;
  ASSERT_TRUE(Pause(g.name, &game).ok());
  EXPECT_TRUE(game.clocks().paused());
  EXPECT_EQ(game.clocks().running(), v1::SIDE_UNSPECIFIED);
  EXPECT_EQ(game.clocks().red_ms(), 50'000);
  ASSERT_EQ(game.rulings_size(), 1);
  EXPECT_EQ(game.rulings(0).action(), "pause");

  grpc::Status twice = Pause(g.name, &game);
  EXPECT_EQ(twice.error_code(), grpc::StatusCode::FAILED_PRECONDITION);

  time().Advance(3'600'000);  // far beyond red's time: no flag while paused
  game = GetGame(stub(), g.name);
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(game.clocks().red_ms(), 50'000);

  ASSERT_TRUE(Resume(g.name, &game).ok());
  EXPECT_FALSE(game.clocks().paused());
  EXPECT_EQ(game.clocks().running(), v1::SIDE_RED);
  EXPECT_EQ(game.rulings(1).action(), "resume");
  EXPECT_EQ(Resume(g.name, &game).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);

  time().Advance(5'000);
  EXPECT_EQ(GetGame(stub(), g.name).clocks().red_ms(), 45'000);
  // The flag falls 45 s after the resumption, not before.
  time().Advance(44'999);
  EXPECT_EQ(GetGame(stub(), g.name).status(), v1::GAME_STATUS_LIVE);
  time().Advance(1);
  game = WaitForGame(stub(), g.name, [](const v1::Game& x) {
    return x.status() == v1::GAME_STATUS_FINISHED;
  });
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_TIME_FORFEIT);
}

TEST_F(ClockRulesTest, NoMoveWhileTheClocksArePaused) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("600+5"));
  MustMove(stub(), g.name, g.token[0], "h2e2");
  v1::Game game;
  ASSERT_TRUE(Pause(g.name, &game).ok());
  v1::SubmitMoveResponse refused;
  grpc::Status status = Move(stub(), g.name, g.token[1], "h9g7", &refused);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(status.error_message().find("paused"), std::string::npos)
      << status.error_message();
  EXPECT_EQ(GetGame(stub(), g.name).ply(), 1);
  ASSERT_TRUE(Resume(g.name, &game).ok());
  EXPECT_EQ(MustMove(stub(), g.name, g.token[1], "h9g7").game().ply(), 2);
}

TEST_F(ClockRulesTest, AdjustClockNeedsAReasonAndMovesTheFlag) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("60"));
  v1::Game game;
  EXPECT_EQ(Adjust(g.name, v1::SIDE_RED, 30'000, "", &game).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Adjust(g.name, v1::SIDE_RED, 0, "nothing", &game).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(
      Adjust(g.name, v1::SIDE_RED, 30'000, "disturbed", &game).error_code(),
      grpc::StatusCode::OK);
  EXPECT_EQ(game.clocks().red_ms(), 90'000);
  ASSERT_EQ(game.rulings_size(), 1);
  EXPECT_EQ(game.rulings(0).action(), "adjust_clock");
  EXPECT_EQ(game.rulings(0).reason(), "disturbed");
  ASSERT_TRUE(Adjust(g.name, v1::SIDE_BLACK, -20'000, "late", &game).ok());
  EXPECT_EQ(game.clocks().black_ms(), 40'000);

  // The alarm follows the adjustment: red's flag falls at 90 s, not 60 s.
  time().Advance(60'000);
  EXPECT_EQ(GetGame(stub(), g.name).status(), v1::GAME_STATUS_LIVE);

  // Taking away more than red has left: red's flag falls at once.
  ASSERT_TRUE(Adjust(g.name, v1::SIDE_RED, -40'000, "penalty", &game).ok());
  EXPECT_EQ(game.status(), v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_TIME_FORFEIT);
  EXPECT_EQ(game.verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(game.clocks().red_ms(), 0);
  // The game is over: no more adjustments.
  EXPECT_EQ(Adjust(g.name, v1::SIDE_RED, 1'000, "x", &game).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);  // over
}

TEST_F(ClockRulesTest, AdjustedBelowZeroFallsWhenThatSidesClockRuns) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("60"));
  v1::Game game;
  ASSERT_TRUE(Adjust(g.name, v1::SIDE_BLACK, -60'000, "penalty", &game).ok());
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);  // red is to move
  EXPECT_EQ(game.clocks().black_ms(), 0);
  MustMove(stub(), g.name, g.token[0], "h2e2");
  time().Advance(0);  // the alarm due now fires
  game = WaitForGame(stub(), g.name, [](const v1::Game& x) {
    return x.status() == v1::GAME_STATUS_FINISHED;
  });
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_TIME_FORFEIT);
  EXPECT_EQ(game.verdict().winner(), v1::SIDE_RED);
}

TEST_F(ClockRulesTest, NoTimeChargedBeforeTheStartTime) {
  v1::CreateGameRequest request = XiangqiRequest("60");
  request.set_start_time_unix_ms(time().UnixMs() + 120'000);
  CreatedGame g = MustCreate(stub(), request);
  EXPECT_EQ(g.game.start_time_unix_ms(), time().UnixMs() + 120'000);

  time().Advance(100'000);
  v1::Game game = GetGame(stub(), g.name);
  EXPECT_EQ(game.clocks().red_ms(), 60'000);
  // No clock runs before the start: a page shows none counting down.
  EXPECT_TRUE(game.clocks().waiting_for_start_time());
  EXPECT_EQ(game.clocks().running(), v1::SIDE_UNSPECIFIED);
  time().Advance(20'000);
  EXPECT_EQ(GetGame(stub(), g.name).clocks().red_ms(), 60'000);
  time().Advance(15'000);
  EXPECT_EQ(GetGame(stub(), g.name).clocks().red_ms(), 45'000);
  EXPECT_EQ(GetGame(stub(), g.name).clocks().running(), v1::SIDE_RED);
  EXPECT_FALSE(GetGame(stub(), g.name).clocks().waiting_for_start_time());
  // The flag falls 60 s after the start, not 60 s after the creation.
  time().Advance(44'999);
  EXPECT_EQ(GetGame(stub(), g.name).status(), v1::GAME_STATUS_LIVE);
  time().Advance(1);
  game = WaitForGame(stub(), g.name, [](const v1::Game& x) {
    return x.status() == v1::GAME_STATUS_FINISHED;
  });
  EXPECT_EQ(game.verdict().winner(), v1::SIDE_BLACK);
}

TEST_F(ClockRulesTest, TheArbiterStartsTheClocksBeforeTheStartTime) {
  v1::CreateGameRequest request = XiangqiRequest("60");
  request.set_start_time_unix_ms(time().UnixMs() + 600'000);
  CreatedGame g = MustCreate(stub(), request);
  time().Advance(10'000);
  v1::StartClocksRequest start;
  start.set_name(g.name);
  start.set_token(g.token[0]);
  v1::Game game;
  EXPECT_EQ(Call(stub(), &v1::GameService::Stub::StartClocks, start, &game)
                .error_code(),
            grpc::StatusCode::PERMISSION_DENIED)
      << "a player cannot start the clocks";
  start.set_token(kArbiterToken);
  ASSERT_TRUE(
      Call(stub(), &v1::GameService::Stub::StartClocks, start, &game).ok());
  EXPECT_FALSE(game.clocks().waiting_for_start_time());
  EXPECT_EQ(game.clocks().running(), v1::SIDE_RED);
  EXPECT_EQ(game.start_time_unix_ms(), time().UnixMs());
  ASSERT_EQ(game.rulings_size(), 1);
  EXPECT_EQ(game.rulings(0).action(), "start_clocks");
  time().Advance(15'000);
  EXPECT_EQ(GetGame(stub(), g.name).clocks().red_ms(), 45'000);
  // Started once: a second start is refused and changes nothing.
  EXPECT_EQ(Call(stub(), &v1::GameService::Stub::StartClocks, start, &game)
                .error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  MustMove(stub(), g.name, g.token[0], "h2e2");
}

TEST_F(ClockRulesTest, StartTimeMoreThanADayAheadIsRefused) {
  v1::CreateGameRequest request = XiangqiRequest("60");
  request.set_start_time_unix_ms(time().UnixMs() + 25LL * 3600 * 1000);
  grpc::ClientContext context;
  v1::CreateGameResponse response;
  grpc::Status s = stub().CreateGame(&context, request, &response);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(s.error_message().find("start_time_unix_ms"), std::string::npos);
}

TEST_F(ClockRulesTest, ByDefaultTheClocksStartAfterBothFirstMoves) {
  v1::CreateGameRequest request = XiangqiRequest("600+5");
  request.clear_clock_start();
  CreatedGame g = MustCreate(stub(), request);
  v1::Game game = GetGame(stub(), g.name);
  EXPECT_EQ(game.clock_start(), v1::CLOCK_START_AFTER_FIRST_MOVES);
  EXPECT_TRUE(game.clocks().waiting_for_first_moves());
  EXPECT_EQ(game.clocks().running(), v1::SIDE_UNSPECIFIED);
  EXPECT_FALSE(game.clocks().paused());
  // The arbiter has nothing to pause yet.
  v1::Game answer;
  EXPECT_EQ(Pause(g.name, &answer).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);

  time().Advance(30'000);
  v1::SubmitMoveResponse r = MustMove(stub(), g.name, g.token[0], "h2e2");
  EXPECT_EQ(r.game().clocks().red_ms(), 600'000);
  EXPECT_TRUE(r.game().clocks().waiting_for_first_moves());
  time().Advance(20'000);
  r = MustMove(stub(), g.name, g.token[1], "h9g7");
  EXPECT_EQ(r.game().clocks().black_ms(), 600'000);
  EXPECT_FALSE(r.game().clocks().waiting_for_first_moves());
  EXPECT_EQ(r.game().clocks().running(), v1::SIDE_RED);
  // From now on time is charged and earned as usual.
  time().Advance(10'000);
  r = MustMove(stub(), g.name, g.token[0], "b0c2");
  EXPECT_EQ(r.game().clocks().red_ms(), 595'000);
  auto live = server_.registry().Find(g.name);
  ASSERT_TRUE(live.ok());
  bool over = false;
  std::vector<v1::GameEvent> events = (*live)->EventsAfter(1, 10, &over);
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].move().elapsed_ms(), 0);
  EXPECT_EQ(events[1].move().elapsed_ms(), 0);
  EXPECT_EQ(events[2].move().elapsed_ms(), 10'000);
}

TEST_F(ClockRulesTest, AFirstMoveTakesNoTimeHoweverLong) {
  v1::CreateGameRequest request = XiangqiRequest("60");
  request.clear_clock_start();
  CreatedGame g = MustCreate(stub(), request);
  MustMove(stub(), g.name, g.token[0], "h2e2");
  // Far beyond black's minute (within the unstarted expiry): no flag, black's
  // first move is untimed.
  time().Advance(300'000);
  v1::Game game = GetGame(stub(), g.name);
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(game.clocks().black_ms(), 60'000);
  v1::SubmitMoveResponse r = MustMove(stub(), g.name, g.token[1], "h9g7");
  EXPECT_EQ(r.game().clocks().running(), v1::SIDE_RED);
  time().Advance(60'000);
  game = WaitForGame(stub(), g.name, [](const v1::Game& x) {
    return x.status() == v1::GAME_STATUS_FINISHED;
  });
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_TIME_FORFEIT);
}

}  // namespace
}  // namespace caipan::services::game::testing
