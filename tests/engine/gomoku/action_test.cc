// Record syntax: tokens, separators, off-board points and parse errors.
#include "engine/gomoku/action.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::gomoku {
namespace {

using ::testing::HasSubstr;

TEST(ActionTest, ParsesEveryKind) {
  absl::StatusOr<std::vector<Action>> r = ParseRecord(
      "h8 H9,h10\tSWAP noswap propose:I10,j10 choose:j10 pass p8 Draw");
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->size(), 10u);
  EXPECT_EQ((*r)[9].type, ActionType::kAgreeDraw);
  EXPECT_EQ((*r)[0].type, ActionType::kPlace);
  EXPECT_EQ((*r)[1].point, (Point{7, 8}));
  EXPECT_EQ((*r)[2].point, (Point{7, 9}));
  EXPECT_EQ((*r)[3].type, ActionType::kSwap);
  EXPECT_EQ((*r)[4].type, ActionType::kNoSwap);
  ASSERT_EQ((*r)[5].type, ActionType::kPropose);
  EXPECT_EQ((*r)[5].candidates.size(), 2u);
  EXPECT_EQ(FormatAction((*r)[5]), "propose:i10,j10");
  EXPECT_EQ((*r)[6].type, ActionType::kChoose);
  EXPECT_EQ(FormatAction((*r)[6]), "choose:j10");
  EXPECT_EQ((*r)[7].type, ActionType::kPass);
  EXPECT_EQ((*r)[8].type, ActionType::kPlace);
  EXPECT_TRUE((*r)[8].off_board);
}

TEST(ActionTest, EmptyRecordIsEmpty) {
  EXPECT_TRUE(ParseRecord("  \n").value().empty());
}

TEST(ActionTest, ErrorsNameTokenAndPosition) {
  absl::Status s = ParseRecord("h8 h9 xyz").status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(s.message(), HasSubstr("token 3"));
  EXPECT_THAT(s.message(), HasSubstr("\"xyz\""));
  EXPECT_THAT(ParseRecord("propose:").status().message(),
              HasSubstr("no candidates"));
  EXPECT_THAT(ParseRecord("propose:i10,,j10").status().message(),
              HasSubstr("propose:i10,,j10"));
  EXPECT_THAT(ParseRecord("choose:zz").status().message(),
              HasSubstr("choose:zz"));
  EXPECT_FALSE(ParseRecord("h08").ok());
  EXPECT_FALSE(ParseRecord("passs").ok());
}

TEST(ActionTest, OffBoardCandidatesAreMarked) {
  absl::StatusOr<Action> a = ParseAction("propose:i10,q10");
  ASSERT_TRUE(a.ok());
  EXPECT_TRUE(a->off_board);
  a = ParseAction("choose:h16");
  ASSERT_TRUE(a.ok());
  EXPECT_TRUE(a->off_board);
}

}  // namespace
}  // namespace caipan::gomoku
