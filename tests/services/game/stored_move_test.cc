// Typed moves in the event log: stored in typed form, read back as the board
// plays them, and moves stored before the typed form read from their text.
#include "services/game/stored_move.h"

#include <variant>

#include "engine/xiangqi/notation.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::services::game {
namespace {

using ::testing::HasSubstr;

TEST(StoredMoveTest, XiangqiMovesRoundTripThroughTheirCode) {
  const xiangqi::Move move = *xiangqi::ReadIccsCoordinates("h2e2");
  v1::MovePlayed played;
  played.set_move("h2e2");
  StoreTypedMove(move, &played);
  EXPECT_EQ(played.xiangqi_move_code(), 2272u);
  // The code, not the text, is what is read.
  played.set_move("i9i8");
  absl::StatusOr<domain::TypedMove> read =
      ReadStoredMove(played, v1::GAME_KIND_XIANGQI);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(std::get<xiangqi::Move>(*read), move);
}

TEST(StoredMoveTest, MovesStoredBeforeTheTypedFormReadFromTheirText) {
  v1::MovePlayed played;
  played.set_move("b0c2");
  absl::StatusOr<domain::TypedMove> read =
      ReadStoredMove(played, v1::GAME_KIND_XIANGQI);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(domain::MoveText(*read), "b0c2");
  played.set_move("propose:i10,j10");
  read = ReadStoredMove(played, v1::GAME_KIND_GOMOKU);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(domain::MoveText(*read), "propose:i10,j10");
}

TEST(StoredMoveTest, GomokuActionsAreReadFromTheirTypedForm) {
  v1::MovePlayed played;
  played.set_move("h8");
  StoreTypedMove(gomoku::Action::Swap(false), &played);
  absl::StatusOr<domain::TypedMove> read =
      ReadStoredMove(played, v1::GAME_KIND_GOMOKU);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(domain::MoveText(*read), "noswap");
}

TEST(StoredMoveTest, AnUnreadableStoredMoveIsDataLossNamingThePly) {
  v1::MovePlayed played;
  played.set_move("nonsense");
  played.set_at_ply(6);
  absl::StatusOr<domain::TypedMove> read =
      ReadStoredMove(played, v1::GAME_KIND_XIANGQI);
  EXPECT_EQ(read.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(read.status().message(), HasSubstr("ply 7 (nonsense)"));
  played.set_xiangqi_move_code(90 * 90);
  EXPECT_EQ(ReadStoredMove(played, v1::GAME_KIND_XIANGQI).status().code(),
            absl::StatusCode::kDataLoss);
}

}  // namespace
}  // namespace caipan::services::game
