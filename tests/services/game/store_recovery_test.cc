// Live games on an SQLite store survive a restart: the registry is destroyed
// and the store closed, then both are reopened and Recover() brings back
// moves, fouls, offers, sequences and clocks (time while down is charged to
// no one); finished games are found; event logs stay contiguous.
#include <stdlib.h>

#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/services/game/game_test_env.h"

namespace caipan::services::game::testing {
namespace {

class StoreRecoveryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = ::testing::TempDir() + "/game_store_XXXXXX";
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    path_ = pattern + "/games.db";
    Start();
  }
  void TearDown() override { Stop(); }

  void Start() {
    absl::StatusOr<std::unique_ptr<store::GameStore>> store =
        store::OpenSqliteStore(path_);
    ASSERT_TRUE(store.ok()) << store.status();
    store_ = *std::move(store);
    env_ = std::make_unique<RegistryEnv>(store_.get(), &time_);
  }
  void Stop() {
    env_.reset();
    if (store_) store_->Close();
    store_.reset();
  }

  GameRegistry& registry() { return env_->registry(); }
  std::shared_ptr<LiveGame> Find(const std::string& name) {
    absl::StatusOr<std::shared_ptr<LiveGame>> game = registry().Find(name);
    EXPECT_TRUE(game.ok()) << game.status();
    return game.ok() ? *game : nullptr;
  }
  CreatedGame Create(const v1::CreateGameRequest& request) {
    v1::CreateGameResponse response;
    EXPECT_TRUE(Await([&](Done done) {
                  registry().Create(request, TestCreator(), &response,
                                    std::move(done));
                }).ok());
    CreatedGame created;
    created.name = response.game().name();
    created.game = response.game();
    for (int i = 0; i < response.tokens_size() && i < 2; ++i)
      created.token[i] = response.tokens(i).token();
    return created;
  }
  v1::SubmitMoveResponse Play(const CreatedGame& g, int player,
                              const std::string& move, int ply = 0) {
    v1::SubmitMoveRequest request;
    request.set_name(g.name);
    request.set_token(g.token[player]);
    request.set_move(move);
    request.set_ply(ply);
    v1::SubmitMoveResponse response;
    std::shared_ptr<LiveGame> game = Find(g.name);
    EXPECT_TRUE(Await([&](Done done) {
                  game->SubmitMove(request, &response, std::move(done));
                }).ok());
    EXPECT_TRUE(response.check().legal()) << response.check().reason();
    return response;
  }
  void ExpectContiguous(const std::vector<v1::GameEvent>& events,
                        int64_t last) {
    ASSERT_EQ(static_cast<int64_t>(events.size()), last);
    for (size_t i = 0; i < events.size(); ++i)
      EXPECT_EQ(events[i].sequence(), static_cast<int64_t>(i) + 1);
    EXPECT_TRUE(events.front().has_created());
  }

  ManualTimeSource time_;
  std::string path_;
  std::unique_ptr<store::GameStore> store_;
  std::unique_ptr<RegistryEnv> env_;
};

TEST_F(StoreRecoveryTest, LiveGameResumesWhereItStopped) {
  v1::CreateGameRequest request = XiangqiRequest("600+5");
  request.set_foul_limit(3);
  CreatedGame g = Create(request);
  time_.Advance(10'000);
  Play(g, 0, "h2e2");
  time_.Advance(4'000);
  Play(g, 1, "h9g7");
  time_.Advance(2'000);
  v1::Game game;
  v1::RecordFoulRequest foul;
  foul.set_name(g.name);
  foul.set_token(kArbiterToken);
  foul.set_side(v1::SIDE_BLACK);
  foul.set_reason("phone");
  ASSERT_TRUE(Await([&](Done done) {
                Find(g.name)->RecordFoul(foul, &game, std::move(done));
              }).ok());
  time_.Advance(3'000);
  v1::OfferDrawRequest offer;
  offer.set_name(g.name);
  offer.set_token(g.token[0]);
  ASSERT_TRUE(Await([&](Done done) {
                Find(g.name)->OfferDraw(offer, &game, std::move(done));
              }).ok());
  const v1::Game before = Find(g.name)->Snapshot();
  EXPECT_EQ(before.clocks().red_ms(), 590'000);
  EXPECT_EQ(before.clocks().black_ms(), 601'000);
  EXPECT_EQ(before.last_sequence(), 5);

  Stop();
  time_.Advance(3'600'000);  // down for an hour: charged to no one
  Start();
  ASSERT_TRUE(registry().Recover().ok());
  EXPECT_EQ(registry().live_count(), 1);

  std::shared_ptr<LiveGame> live = Find(g.name);
  game = live->Snapshot();
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(game.ply(), 2);
  ASSERT_EQ(game.moves_size(), 2);
  EXPECT_EQ(game.moves(0), "h2e2");
  EXPECT_EQ(game.moves(1), "h9g7");
  ASSERT_EQ(game.fouls_size(), 1);
  EXPECT_EQ(game.fouls(0).side(), v1::SIDE_BLACK);
  EXPECT_EQ(game.draw_offer(), v1::SIDE_RED);
  EXPECT_EQ(game.last_sequence(), 5);
  EXPECT_EQ(game.side_to_act(), v1::SIDE_RED);
  EXPECT_EQ(game.clocks().red_ms(), 590'000);
  EXPECT_EQ(game.clocks().black_ms(), 601'000);
  EXPECT_EQ(game.clocks().running(), v1::SIDE_RED);

  time_.Advance(1'000);
  EXPECT_EQ(live->Snapshot().clocks().red_ms(), 589'000);

  // A retried move from before the restart gets its stored answer.
  v1::SubmitMoveResponse retry = Play(g, 0, "h2e2", /*ply=*/1);
  EXPECT_EQ(retry.sequence(), 2);
  EXPECT_EQ(retry.game().last_sequence(), 5);

  // Play goes on; sequences continue.
  v1::SubmitMoveResponse next = Play(g, 0, "b0c2");
  EXPECT_EQ(next.sequence(), 6);
  EXPECT_EQ(next.game().clocks().red_ms(), 594'000);
  bool over = true;
  ExpectContiguous(live->EventsAfter(0, 100, &over), 6);
  EXPECT_FALSE(over);

  // The flag-fall alarm is armed again after recovery.
  time_.Advance(601'000 - 1);
  EXPECT_EQ(live->Snapshot().status(), v1::GAME_STATUS_LIVE);
  time_.Advance(1);
  EXPECT_TRUE(Eventually(
      [&] { return live->Snapshot().status() == v1::GAME_STATUS_FINISHED; }));
  EXPECT_EQ(live->Snapshot().verdict().winner(), v1::SIDE_RED);
  EXPECT_EQ(live->Snapshot().verdict().reason(),
            v1::VERDICT_REASON_TIME_FORFEIT);
}

// Moves are stored typed (whatever notation they were submitted in) and a
// restart replays those, not the text; the board stands where it stood.
TEST_F(StoreRecoveryTest, RestartsReplayTheTypedMovesStored) {
  CreatedGame g = Create(XiangqiRequest("600+5"));
  Play(g, 0, "炮二平五");
  Play(g, 1, "马8进7");
  bool over = true;
  const std::vector<v1::GameEvent> events =
      Find(g.name)->EventsAfter(0, 100, &over);
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[1].move().submitted(), "炮二平五");
  EXPECT_EQ(events[1].move().move(), "h2e2");
  EXPECT_EQ(events[1].move().xiangqi_move_code(), 25u * 90 + 22);
  const v1::Game before = Find(g.name)->Snapshot();
  ASSERT_GT(before.legal_move_codes_size(), 0);

  Stop();
  Start();
  ASSERT_TRUE(registry().Recover().ok());
  const v1::Game after = Find(g.name)->Snapshot();
  EXPECT_EQ(after.fen(), before.fen());
  EXPECT_EQ(
      std::vector<std::string>(after.moves().begin(), after.moves().end()),
      (std::vector<std::string>{"h2e2", "h9g7"}));
  EXPECT_EQ(std::vector<uint32_t>(after.legal_move_codes().begin(),
                                  after.legal_move_codes().end()),
            std::vector<uint32_t>(before.legal_move_codes().begin(),
                                  before.legal_move_codes().end()));
  Play(g, 0, "b0c2");
}

TEST_F(StoreRecoveryTest, ATakebackStaysTakenBackAfterARestart) {
  v1::CreateGameRequest request = XiangqiRequest("600+5");
  request.set_allow_takebacks(true);
  CreatedGame g = Create(request);
  Play(g, 0, "h2e2");
  Play(g, 1, "h9g7");
  Play(g, 0, "h0g2");
  v1::RequestTakebackRequest ask;
  ask.set_name(g.name);
  ask.set_token(g.token[1]);
  v1::Game answer;
  ASSERT_TRUE(Await([&](Done done) {
                Find(g.name)->RequestTakeback(ask, &answer, std::move(done));
              }).ok());
  v1::RespondToTakebackRequest accept;
  accept.set_name(g.name);
  accept.set_token(g.token[0]);
  accept.set_accept(true);
  ASSERT_TRUE(Await([&](Done done) {
                Find(g.name)->RespondToTakeback(accept, &answer,
                                                std::move(done));
              }).ok());
  const v1::Game before = Find(g.name)->Snapshot();
  ASSERT_EQ(before.ply(), 1);

  Stop();
  Start();
  ASSERT_TRUE(registry().Recover().ok());
  const v1::Game after = Find(g.name)->Snapshot();
  EXPECT_EQ(after.fen(), before.fen());
  EXPECT_EQ(
      std::vector<std::string>(after.moves().begin(), after.moves().end()),
      std::vector<std::string>{"h2e2"});
  EXPECT_EQ(after.side_to_act(), v1::SIDE_BLACK);
  EXPECT_EQ(after.legal_move_codes_size(), before.legal_move_codes_size());
  // Black plays from the position the takeback left, and a retried move
  // for a ply that was taken back is not mistaken for the old one.
  Play(g, 1, "b9c7", 2);
  EXPECT_EQ(Find(g.name)->Snapshot().moves(1), "b9c7");
}

TEST_F(StoreRecoveryTest, FinishedGameIsFoundAfterARestart) {
  CreatedGame g = Create(XiangqiRequest("300"));
  Play(g, 0, "h2e2");
  Play(g, 1, "h9g7");
  v1::Game game;
  v1::ResignRequest resign;
  resign.set_name(g.name);
  resign.set_token(g.token[0]);
  ASSERT_TRUE(Await([&](Done done) {
                Find(g.name)->Resign(resign, &game, std::move(done));
              }).ok());
  EXPECT_EQ(game.status(), v1::GAME_STATUS_FINISHED);
  CreatedGame other = Create(XiangqiRequest("300"));

  Stop();
  Start();
  ASSERT_TRUE(registry().Recover().ok());
  EXPECT_EQ(registry().live_count(), 1);  // only the other one is live

  std::shared_ptr<LiveGame> finished = Find(g.name);
  ASSERT_NE(finished, nullptr);
  game = finished->Snapshot();
  EXPECT_EQ(game.status(), v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(game.verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(game.verdict().reason(), v1::VERDICT_REASON_RESIGNATION);
  EXPECT_EQ(game.moves_size(), 2);
  EXPECT_EQ(game.last_sequence(), 4);
  bool over = false;
  std::vector<v1::GameEvent> events = finished->EventsAfter(0, 100, &over);
  ExpectContiguous(events, 4);
  EXPECT_TRUE(over);
  EXPECT_TRUE(events.back().has_resigned());
  // Resuming after event 2 gives exactly the rest.
  events = finished->EventsAfter(2, 100, &over);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].sequence(), 3);

  // Listing finds it among the finished games.
  v1::ListGamesRequest list;
  list.set_status(v1::GAME_STATUS_FINISHED);
  v1::ListGamesResponse listed;
  ASSERT_TRUE(registry().List(list, &listed).ok());
  ASSERT_EQ(listed.games_size(), 1);
  EXPECT_EQ(listed.games(0).name(), g.name);
  EXPECT_EQ(Find(other.name)->Snapshot().status(), v1::GAME_STATUS_LIVE);
}

TEST_F(StoreRecoveryTest, RequestIdRetryAfterRestartReturnsSameTokens) {
  v1::CreateGameRequest request = XiangqiRequest("300");
  request.set_request_id("round-1-board-3");
  CreatedGame first = Create(request);
  Stop();
  Start();
  ASSERT_TRUE(registry().Recover().ok());
  CreatedGame again = Create(request);
  EXPECT_EQ(again.name, first.name);
  EXPECT_EQ(again.token[0], first.token[0]);
  EXPECT_EQ(again.token[1], first.token[1]);
  EXPECT_EQ(registry().live_count(), 1);
}

TEST_F(StoreRecoveryTest, DelayedStartStillHoldsAfterARestart) {
  v1::CreateGameRequest request = XiangqiRequest("60");
  request.set_start_time_unix_ms(time_.UnixMs() + 600'000);
  CreatedGame g = Create(request);
  time_.Advance(100'000);
  Stop();
  time_.Advance(100'000);
  Start();
  ASSERT_TRUE(registry().Recover().ok());
  std::shared_ptr<LiveGame> live = Find(g.name);
  // The game as committed, once nothing is being stored.
  auto settled = [&] {
    v1::Game game;
    EXPECT_TRUE(Eventually([&] {
      game = live->Snapshot();
      return game.status() != v1::GAME_STATUS_LIVE ||
             game.clocks().read_unix_ms() == time_.UnixMs();
    }));
    return game;
  };
  time_.Advance(300'000);  // still before the start
  v1::Game game = settled();
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(game.clocks().red_ms(), 60'000);
  time_.Advance(100'000 + 10'000);  // 10 s after the start
  game = settled();
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_EQ(game.clocks().red_ms(), 50'000);
}

TEST_F(StoreRecoveryTest, ClocksStartedByTheArbiterRunAfterARestart) {
  v1::CreateGameRequest request = XiangqiRequest("60");
  request.set_start_time_unix_ms(time_.UnixMs() + 600'000);
  CreatedGame g = Create(request);
  time_.Advance(5'000);
  v1::StartClocksRequest start;
  start.set_name(g.name);
  start.set_token(kArbiterToken);
  v1::Game game;
  ASSERT_TRUE(Await([&](Done done) {
                Find(g.name)->StartClocks(start, &game, std::move(done));
              }).ok());
  Stop();
  time_.Advance(100'000);  // down: charged to no one
  Start();
  ASSERT_TRUE(registry().Recover().ok());
  // The clock runs on from the start's reading (it did not wait for the
  // start time again).
  time_.Advance(5'000);
  game = Find(g.name)->Snapshot();
  EXPECT_FALSE(game.clocks().waiting_for_start_time());
  EXPECT_EQ(game.clocks().running(), v1::SIDE_RED);
  EXPECT_EQ(game.clocks().red_ms(), 55'000);
}

TEST_F(StoreRecoveryTest, ClocksStillWaitForTheFirstMovesAfterARestart) {
  v1::CreateGameRequest request = XiangqiRequest("60");
  request.clear_clock_start();  // CreateGame's default: after the first moves
  CreatedGame g = Create(request);
  Play(g, 0, "h2e2");
  Stop();
  Start();
  ASSERT_TRUE(registry().Recover().ok());
  time_.Advance(300'000);  // black's first move is still untimed
  std::shared_ptr<LiveGame> live = Find(g.name);
  ASSERT_NE(live, nullptr);
  v1::Game game = live->Snapshot();
  EXPECT_EQ(game.status(), v1::GAME_STATUS_LIVE);
  EXPECT_TRUE(game.clocks().waiting_for_first_moves());
  EXPECT_EQ(game.clocks().black_ms(), 60'000);
  v1::SubmitMoveResponse r = Play(g, 1, "h9g7");
  EXPECT_EQ(r.game().clocks().running(), v1::SIDE_RED);
  time_.Advance(10'000);
  EXPECT_EQ(live->Snapshot().clocks().red_ms(), 50'000);
}

}  // namespace
}  // namespace caipan::services::game::testing
