// The game domain's boards: typed moves played and refused, the moves allowed
// now, and draw claims ruled on the board's own history.
#include "domain/game_board.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "domain/gomoku_board.h"
#include "domain/xiangqi_board.h"
#include "engine/xiangqi/notation.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::domain {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

xiangqi::Move Iccs(const char* text) {
  return *xiangqi::ReadIccsCoordinates(text);
}

std::unique_ptr<XiangqiBoard> XiangqiFrom(const std::string& fen,
                                          const std::vector<const char*>& moves,
                                          xiangqi::RuleOptions rules = {}) {
  absl::StatusOr<xiangqi::Position> start = xiangqi::Position::FromFen(fen);
  EXPECT_TRUE(start.ok()) << start.status();
  auto board = std::make_unique<XiangqiBoard>(*start, rules);
  for (const char* move : moves) EXPECT_TRUE(board->Play(Iccs(move))) << move;
  return board;
}

TEST(XiangqiBoardTest, PlaysLegalTypedMovesAndRefusesOthersUnchanged) {
  std::unique_ptr<XiangqiBoard> board = XiangqiFrom("startpos", {"h2e2"});
  EXPECT_EQ(board->plies(), 1);
  EXPECT_EQ(board->SideToAct(), Side::kBlack);
  const std::string fen = board->Fen();
  // A rook cannot jump; a gomoku action is no xiangqi move. Neither decides
  // the game (the engine's record adjudicator would rule it lost).
  EXPECT_FALSE(board->Play(Iccs("a9a0")));
  EXPECT_FALSE(board->Play(gomoku::Action::Place(gomoku::Point{7, 7})));
  EXPECT_EQ(board->plies(), 1);
  EXPECT_FALSE(board->over());
  EXPECT_EQ(board->Fen(), fen);
  EXPECT_EQ(board->SideToAct(), Side::kBlack);
}

TEST(XiangqiBoardTest, ListsTheLegalMovesAndNoneOnceMated) {
  std::unique_ptr<XiangqiBoard> board = XiangqiFrom("startpos", {});
  xiangqi::MoveList moves;
  board->LegalMoves(&moves);
  EXPECT_EQ(moves.size(), 44u);
  EXPECT_NE(std::find(moves.begin(), moves.end(), Iccs("h2e2")), moves.end());
  // Two rooks mate the bare king on its back rank (e9 faces red's king).
  board = XiangqiFrom("3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 0 1", {"b1b9"});
  EXPECT_TRUE(board->over());
  EXPECT_EQ(board->SideToAct(), Side::kNone);
  xiangqi::MoveList none;
  board->LegalMoves(&none);
  EXPECT_EQ(none.size(), 0u);
  EXPECT_FALSE(board->Play(Iccs("d9e9")));
  EXPECT_FALSE(board->Play(Iccs("d9d8")));
}

TEST(XiangqiBoardTest, RulesDrawClaimsOnItsOwnHistoryDecidingNothing) {
  xiangqi::RuleOptions claim_mode;
  claim_mode.mode = xiangqi::AdjudicationMode::kClaim;
  // A rook checks from two squares while the king steps aside and back: a
  // perpetual check, which the checker must vary, not a draw.
  const std::string rook = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
  std::unique_ptr<XiangqiBoard> board = XiangqiFrom(
      rook, {"f7e7", "e9f9", "e7f7", "f9e9", "f7e7", "e9f9", "e7f7", "f9e9"},
      claim_mode);
  absl::StatusOr<DrawClaimRuling> ruling =
      board->RuleOnDrawClaim(Side::kBlack, Language::kEnglish);
  ASSERT_TRUE(ruling.ok()) << ruling.status();
  EXPECT_EQ(ruling->granted, DrawClaimRuling::Grant::kNone);
  EXPECT_THAT(ruling->english, HasSubstr("no draw: "));
  // The same ruling, worded in Chinese too.
  EXPECT_THAT(ruling->chinese, HasSubstr("不予判和"));
  absl::StatusOr<DrawClaimRuling> again =
      board->RuleOnDrawClaim(Side::kBlack, Language::kEnglish);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->english, ruling->english);
  EXPECT_EQ(board->SideToAct(), Side::kRed);
  EXPECT_FALSE(board->over());

  board = XiangqiFrom(rook, {"f7e7", "e9f9"}, claim_mode);
  ruling = board->RuleOnDrawClaim(Side::kRed, Language::kEnglish);
  ASSERT_TRUE(ruling.ok());
  EXPECT_EQ(ruling->granted, DrawClaimRuling::Grant::kNone);
  EXPECT_THAT(ruling->english, HasSubstr("nothing to claim"));
  EXPECT_THAT(ruling->chinese, HasSubstr("无和棋可提"));
  EXPECT_EQ(
      board->RuleOnDrawClaim(Side::kWhite, Language::kEnglish).status().code(),
      absl::StatusCode::kInvalidArgument);

  // The natural limit, already reached by the start position's clock.
  board = XiangqiFrom("4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 119 60",
                      {"d0d1", "e9e8"}, claim_mode);
  ruling = board->RuleOnDrawClaim(Side::kRed, Language::kEnglish);
  ASSERT_TRUE(ruling.ok());
  EXPECT_EQ(ruling->granted, DrawClaimRuling::Grant::kNaturalLimit);
}

// What a PlayGame stream does with its board: a record's claim is ruled and
// recorded (a granted draw ends the game), and a record's moves after a
// decision are counted as trailing, where Play refuses them.
TEST(XiangqiBoardTest, RecordsARecordsClaimAndKeepsTrailingMoves) {
  xiangqi::RuleOptions claim_mode;
  claim_mode.mode = xiangqi::AdjudicationMode::kClaim;
  std::unique_ptr<XiangqiBoard> board = XiangqiFrom(
      "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 119 60", {"d0d1", "e9e8"}, claim_mode);
  std::optional<xiangqi::ClaimRuling> claim =
      board->Claim(xiangqi::Color::kRed);
  ASSERT_TRUE(claim.has_value());
  EXPECT_EQ(claim->outcome, xiangqi::ClaimRuling::Outcome::kNaturalLimitDraw);
  EXPECT_TRUE(board->over());
  EXPECT_EQ(board->Current().result, xiangqi::GameResult::kDraw);
  EXPECT_FALSE(board->Claim(std::nullopt).has_value());

  // Automatic mode: the rook's perpetual check is ruled when the position
  // comes back a third time; a record may go on past that ply.
  const std::vector<const char*> cycle = {"f7e7", "e9f9", "e7f7", "f9e9"};
  board = XiangqiFrom("4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1", {});
  for (int i = 0; i < 2 && !board->over(); ++i) {
    for (const char* move : cycle) board->PlayRecorded(Iccs(move));
  }
  ASSERT_TRUE(board->over());
  const xiangqi::Verdict decided = board->Current();
  EXPECT_EQ(decided.result, xiangqi::GameResult::kBlackWins);
  EXPECT_EQ(decided.trailing_moves, 0);
  EXPECT_FALSE(board->Play(Iccs("f7e7")));
  const int plies = board->plies();
  board->PlayRecorded(Iccs("f7e7"));
  EXPECT_EQ(board->plies(), plies);
  EXPECT_EQ(board->Current().ply, decided.ply);
  EXPECT_EQ(board->Current().trailing_moves, 1);
}

TEST(GomokuBoardTest, PlaysTypedActionsKeepingTheRejection) {
  GomokuBoard board(gomoku::RuleOptions{}, /*implied_opening_actions=*/false);
  EXPECT_EQ(board.SideToAct(), Side::kBlack);
  EXPECT_TRUE(board.Play(gomoku::Action::Place(gomoku::Point{7, 7})));
  EXPECT_EQ(board.plies(), 1);
  EXPECT_FALSE(board.last_rejection().has_value());
  // The point is taken: refused, with the engine's reason, nothing changed.
  EXPECT_FALSE(board.Play(gomoku::Action::Place(gomoku::Point{7, 7})));
  ASSERT_TRUE(board.last_rejection().has_value());
  EXPECT_EQ(board.last_rejection()->reason, gomoku::IllegalReason::kOccupied);
  EXPECT_EQ(board.plies(), 1);
  EXPECT_FALSE(board.Play(Iccs("h2e2")));
  EXPECT_EQ(board.SideToAct(), Side::kWhite);
  EXPECT_EQ(
      board.RuleOnDrawClaim(Side::kWhite, Language::kEnglish).status().code(),
      absl::StatusCode::kFailedPrecondition);
}

TEST(TypedMoveTest, WritesMovesCanonically) {
  EXPECT_THAT(std::vector<std::string>(
                  {MoveText(Iccs("b0c2")),
                   MoveText(gomoku::Action::Place(gomoku::Point{7, 7})),
                   MoveText(gomoku::Action::Swap(true))}),
              ElementsAre("b0c2", "h8", "swap"));
}

}  // namespace
}  // namespace caipan::domain
