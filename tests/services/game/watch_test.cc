// WatchGame over an in-process gRPC server: the snapshot, then each event in
// order; resuming after a sequence with nothing missed or repeated; the end
// of the stream after the final event; the per-game watcher limit.
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/services/game/game_test_env.h"

namespace caipan::services::game::testing {
namespace {

WatchLimits Limits() {
  WatchLimits limits;
  limits.max_per_game = 2;
  limits.idle_timeout = absl::Hours(24);
  return limits;
}

class WatchTest : public ::testing::Test {
 protected:
  v1::GameService::Stub& stub() { return server_.stub(); }

  std::unique_ptr<grpc::ClientReader<v1::WatchGameResponse>> Watch(
      grpc::ClientContext* context, const std::string& name,
      int64_t after_sequence) {
    v1::WatchGameRequest request;
    request.set_name(name);
    request.set_after_sequence(after_sequence);
    context->set_deadline(std::chrono::system_clock::now() +
                          std::chrono::seconds(30));
    return stub().WatchGame(context, request);
  }

  GameServer server_{Limits()};
};

TEST_F(WatchTest, SnapshotThenEventsThenTheEnd) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("600+5"));
  MustMove(stub(), g.name, g.token[0], "h2e2");

  grpc::ClientContext context;
  auto reader = Watch(&context, g.name, 0);
  v1::WatchGameResponse item;
  ASSERT_TRUE(reader->Read(&item));
  ASSERT_TRUE(item.has_snapshot());
  EXPECT_EQ(item.snapshot().last_sequence(), 2);
  EXPECT_EQ(item.snapshot().moves_size(), 1);
  // What black may do now, worked out by the server.
  EXPECT_EQ(item.snapshot().side_to_act(), v1::SIDE_BLACK);
  // Black's 44 opening moves, but its h7 cannon, whose screen left, now
  // slides to h1 (six moves where it had four and a capture of h0).
  EXPECT_EQ(item.snapshot().legal_move_codes_size(), 45);

  MustMove(stub(), g.name, g.token[1], "h9g7");
  ASSERT_TRUE(reader->Read(&item));
  ASSERT_TRUE(item.has_event());
  EXPECT_EQ(item.event().sequence(), 3);
  ASSERT_TRUE(item.event().has_move());
  EXPECT_EQ(item.event().move().move(), "h9g7");
  EXPECT_EQ(item.event().move().side(), v1::SIDE_BLACK);
  EXPECT_EQ(item.event().ply(), 2);
  // The game as of the event comes with it: the page takes it as it is.
  ASSERT_TRUE(item.has_game());
  EXPECT_EQ(item.game().last_sequence(), 3);
  EXPECT_EQ(item.game().ply(), 2);
  EXPECT_EQ(item.game().moves_size(), 0);
  EXPECT_EQ(item.game().fen(), item.event().fen());
  EXPECT_EQ(item.game().side_to_act(), v1::SIDE_RED);
  v1::GetGameRequest get;
  get.set_name(g.name);
  v1::Game now;
  ASSERT_TRUE(Call(stub(), &v1::GameService::Stub::GetGame, get, &now).ok());
  EXPECT_EQ(std::vector<uint32_t>(item.game().legal_move_codes().begin(),
                                  item.game().legal_move_codes().end()),
            std::vector<uint32_t>(now.legal_move_codes().begin(),
                                  now.legal_move_codes().end()));
  EXPECT_GT(now.legal_move_codes_size(), 0);

  v1::Game game;
  v1::ResignRequest resign;
  resign.set_name(g.name);
  resign.set_token(g.token[0]);
  ASSERT_TRUE(Call(stub(), &v1::GameService::Stub::Resign, resign, &game).ok());
  ASSERT_TRUE(reader->Read(&item));
  EXPECT_EQ(item.event().sequence(), 4);
  EXPECT_TRUE(item.event().has_resigned());
  EXPECT_EQ(item.event().verdict().winner(), v1::SIDE_BLACK);
  // Over: nothing more to play.
  ASSERT_TRUE(item.has_game());
  EXPECT_EQ(item.game().status(), v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(item.game().legal_move_codes_size(), 0);
  EXPECT_FALSE(reader->Read(&item));
  EXPECT_TRUE(reader->Finish().ok());
}

TEST_F(WatchTest, ResumeAfterASequenceMissesAndRepeatsNothing) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("600+5"));
  MustMove(stub(), g.name, g.token[0], "h2e2");
  MustMove(stub(), g.name, g.token[1], "h9g7");
  MustMove(stub(), g.name, g.token[0], "b0c2");

  grpc::ClientContext context;
  auto reader = Watch(&context, g.name, 2);
  v1::WatchGameResponse item;
  ASSERT_TRUE(reader->Read(&item));
  ASSERT_TRUE(item.has_event());  // no snapshot when resuming
  EXPECT_EQ(item.event().sequence(), 3);
  ASSERT_TRUE(reader->Read(&item));
  EXPECT_EQ(item.event().sequence(), 4);
  MustMove(stub(), g.name, g.token[1], "b9c7");
  ASSERT_TRUE(reader->Read(&item));
  EXPECT_EQ(item.event().sequence(), 5);
  EXPECT_EQ(item.event().move().move(), "b9c7");

  // The flag falls while watched: the stream ends after that event.
  server_.time().Advance(600'000 + 2 * 5'000);  // red's time
  ASSERT_TRUE(reader->Read(&item));
  EXPECT_EQ(item.event().sequence(), 6);
  ASSERT_TRUE(item.event().has_flag_fell());
  EXPECT_EQ(item.event().flag_fell().side(), v1::SIDE_RED);
  EXPECT_FALSE(reader->Read(&item));
  EXPECT_TRUE(reader->Finish().ok());

  // A finished game watched from the start: snapshot, then the end.
  grpc::ClientContext again;
  auto late = Watch(&again, g.name, 0);
  ASSERT_TRUE(late->Read(&item));
  ASSERT_TRUE(item.has_snapshot());
  EXPECT_EQ(item.snapshot().status(), v1::GAME_STATUS_FINISHED);
  EXPECT_FALSE(late->Read(&item));
  EXPECT_TRUE(late->Finish().ok());
}

TEST_F(WatchTest, WatcherLimitIsResourceExhausted) {
  CreatedGame g = MustCreate(stub(), XiangqiRequest("600+5"));
  grpc::ClientContext c1, c2, c3;
  auto w1 = Watch(&c1, g.name, 0);
  auto w2 = Watch(&c2, g.name, 0);
  v1::WatchGameResponse item;
  ASSERT_TRUE(w1->Read(&item));  // both are registered once they answered
  ASSERT_TRUE(w2->Read(&item));
  auto w3 = Watch(&c3, g.name, 0);
  EXPECT_FALSE(w3->Read(&item));
  grpc::Status refused = w3->Finish();
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);

  grpc::ClientContext unknown;
  auto w4 = Watch(&unknown, "games/00000000000000000000", 0);
  EXPECT_FALSE(w4->Read(&item));
  EXPECT_EQ(w4->Finish().error_code(), grpc::StatusCode::NOT_FOUND);

  // A watcher that leaves frees its place.
  c1.TryCancel();
  while (w1->Read(&item)) {
  }
  w1->Finish();
  EXPECT_TRUE(
      Eventually([&] { return server_.service().open_watch_streams() == 1; }));
  grpc::ClientContext c5;
  auto w5 = Watch(&c5, g.name, 0);
  ASSERT_TRUE(w5->Read(&item));
  EXPECT_TRUE(item.has_snapshot());
  c2.TryCancel();
  c5.TryCancel();
  while (w2->Read(&item)) {
  }
  while (w5->Read(&item)) {
  }
  w2->Finish();
  w5->Finish();
}

}  // namespace
}  // namespace caipan::services::game::testing
