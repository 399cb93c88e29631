// Reading DhtmlXQ (UBB) records: coordinates, binit slots, the FEN variant,
// tags and bad input.
#include "engine/xiangqi/record_dhtmlxq.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::xiangqi {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

std::vector<std::string> IccsOf(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(ToIccs(m));
  return out;
}

std::string CanonicalFen(std::string_view fen) {
  return Position::FromFen(fen)->ToFen();
}

TEST(RecordDhtmlXqTest, StandardOpeningCoordinates) {
  // 炮二平五 马８进７: x = file from Red's left, y = row from Black's side.
  absl::StatusOr<GameRecord> r = ParseDhtmlXq(
      "[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->start_fen, kStartFen);
  EXPECT_THAT(IccsOf(r->moves), ElementsAre("h2e2", "h9g7"));
  EXPECT_EQ(r->result, "");
  EXPECT_TRUE(r->tags.empty());
}

// The shape of a www.ccbridge.net export as quoted in a public repository's
// tests: every tag present, most empty, an explicit standard binit listing
// Red from its left, result 未知 (unknown), and a mismatched closing tag.
TEST(RecordDhtmlXqTest, ForumExportWithEmptyTags) {
  constexpr std::string_view kText = R"([DhtmlXQ]
[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]
[DhtmlXQ_init]500,350[/DhtmlXQ_init]
[DhtmlXQ_title]无标题[/DhtmlXQ_title]
[DhtmlXQ_event][/DhtmlXQ_event]
[DhtmlXQ_date][/DhtmlXQ_date]
[DhtmlXQ_place][/DhtmlXQ_place]
[DhtmlXQ_round][/DhtmlXQ_round]
[DhtmlXQ_red][/DhtmlXQ_red]
[DhtmlXQ_blacktime][/DhtmlXQ_time]
[DhtmlXQ_black][/DhtmlXQ_black]
[DhtmlXQ_result]未知[/DhtmlXQ_result]
[DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]777080707967121909197242191870781858[/DhtmlXQ_movelist]
[DhtmlXQ_comment0][FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"][/DhtmlXQ_comment0]
[DhtmlXQ_generator]www.ccbridge.net[/DhtmlXQ_generator]
[/DhtmlXQ]
)";
  EXPECT_TRUE(LooksLikeDhtmlXq(kText));
  absl::StatusOr<GameRecord> r = ParseDhtmlXq(kText);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->start_fen, kStartFen);
  // 炮二进七 车９平８ 马二进三 炮８进７ 车九平八 炮２平５ 车八进一 车８进８
  // 车八平四
  EXPECT_THAT(IccsOf(r->moves),
              ElementsAre("h2h9", "i9h9", "h0g2", "b7b0", "a0b0", "h7e7",
                          "b0b1", "h9h1", "b1f1"));
  EXPECT_EQ(r->result, "");
  EXPECT_THAT(r->tags, ElementsAre(Pair("Title", "无标题")));
}

TEST(RecordDhtmlXqTest, EndgameBinitWithCapturedPiecesAndBlackFirst) {
  // Slots: red R N B A K A B N R C C P P P P P, black the same; 99 = captured.
  const std::string binit =
      "69"
      "99"
      "47"
      "39"
      "49"
      "48"
      "99"
      "99"
      "99"
      "99"
      "99"
      "25"
      "99"
      "99"
      "99"
      "99"  // red
      "99"
      "99"
      "20"
      "30"
      "40"
      "41"
      "42"
      "99"
      "99"
      "99"
      "99"
      "99"
      "99"
      "99"
      "99"
      "99";  // black
  const std::string text = "[DhtmlXQ][DhtmlXQ_binit]" + binit +
                           "[/DhtmlXQ_binit][DhtmlXQ_movelist]2002 6960 4260 "
                           "2524[/DhtmlXQ_movelist][/DhtmlXQ]";
  absl::StatusOr<GameRecord> r = ParseDhtmlXq(text);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->start_fen,
            CanonicalFen("2bak4/4a4/4b4/9/9/2P6/9/4B4/4A4/3AK1R2 b"));
  EXPECT_THAT(IccsOf(r->moves), ElementsAre("c9a7", "g0g9", "e7g9", "c4c5"));
}

TEST(RecordDhtmlXqTest, BinitWithoutMovesPicksAValidSide) {
  // Red's chariot on e5 checks Black's king: only Black can be to move.
  std::vector<std::string> points(32, "99");
  points[0] = "44";   // red chariot e5
  points[4] = "39";   // red king d0
  points[20] = "40";  // black king e9
  std::string binit;
  for (const std::string& p : points) binit += p;
  absl::StatusOr<GameRecord> r =
      ParseDhtmlXq("[DhtmlXQ_binit]" + binit + "[/DhtmlXQ_binit]");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->start_fen, CanonicalFen("4k4/9/9/9/4R4/9/9/9/9/3K5 b"));
  EXPECT_TRUE(r->moves.empty());
}

TEST(RecordDhtmlXqTest, FenVariantTagsAndCase) {
  constexpr std::string_view kText = R"(
[dhtmlxq]
[DHTMLXQ_TITLE] 测试 [/DHTMLXQ_TITLE]
[DhtmlXQ_event]全国象棋个人赛[/DhtmlXQ_event]
[DhtmlXQ_round]3[/DhtmlXQ_round]
[DhtmlXQ_date]2020-01-02[/DhtmlXQ_date]
[DhtmlXQ_place]北京[/DhtmlXQ_place]
[DhtmlXQ_red]甲[/DhtmlXQ_red]
[DhtmlXQ_redteam]红队[/DhtmlXQ_redteam]
[DhtmlXQ_black]乙[/DhtmlXQ_black]
[DhtmlXQ_open]中炮[/DhtmlXQ_open]
[DhtmlXQ_result]红胜[/DhtmlXQ_result]
[DhtmlXQ_fen]4k4/9/9/9/9/9/9/9/9/R2K5[/DhtmlXQ_fen]
[DhtmlXQ_movelist]0900[/DhtmlXQ_movelist]
[/dhtmlxq]
[DhtmlXQ][DhtmlXQ_movelist]1234[/DhtmlXQ_movelist][/DhtmlXQ]
)";
  absl::StatusOr<GameRecord> r = ParseDhtmlXq(kText);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->start_fen, CanonicalFen("4k4/9/9/9/9/9/9/9/9/R2K5 w"));
  EXPECT_THAT(IccsOf(r->moves), ElementsAre("a0a9"));
  EXPECT_EQ(r->result, "1-0");
  EXPECT_THAT(
      r->tags,
      ElementsAre(Pair("Title", "测试"), Pair("Event", "全国象棋个人赛"),
                  Pair("Round", "3"), Pair("Date", "2020-01-02"),
                  Pair("Site", "北京"), Pair("Red", "甲"),
                  Pair("RedTeam", "红队"), Pair("Black", "乙"),
                  Pair("Opening", "中炮"), Pair("Result", "1-0")));
}

TEST(RecordDhtmlXqTest, ResultWords) {
  for (const auto& [word, result] :
       std::vector<std::pair<std::string, std::string>>{{"黑胜", "0-1"},
                                                        {"和棋", "1/2-1/2"},
                                                        {"红先负", "0-1"},
                                                        {"1-0", "1-0"},
                                                        {"未知", ""}}) {
    absl::StatusOr<GameRecord> r =
        ParseDhtmlXq("[DhtmlXQ_result]" + word +
                     "[/DhtmlXQ_result][DhtmlXQ_movelist][/"
                     "DhtmlXQ_movelist]");
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->result, result) << word;
  }
}

TEST(RecordDhtmlXqTest, ErrorsNameTheTagOrPly) {
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"no tags here", "no [DhtmlXQ] tags"},
      {std::string(kMaxDhtmlXqBytes + 1, ' '), "more than the limit"},
      {"[DhtmlXQ_movelist]774[/DhtmlXQ_movelist]", "not a multiple of 4"},
      {"[DhtmlXQ_movelist]7747", "no closing [/DhtmlXQ_movelist]"},
      {"[DhtmlXQ_movelist]77477063[/DhtmlXQ_movelist]", "DhtmlXQ ply 2 (h9g6)"},
      {"[DhtmlXQ_movelist]7747a062[/DhtmlXQ_movelist]",
       "DhtmlXQ ply 2: \"a062\" is not two board points"},
      {"[DhtmlXQ_binit]0919[/DhtmlXQ_binit]", "expected 64 digits"},
      {"[DhtmlXQ_binit]9019293949596979891777062646668600102030405060708012720"
       "323436383[/DhtmlXQ_binit]",
       "slot 0 has \"90\""},
      {"[DhtmlXQ_binit]1919293949596979891777062646668600102030405060708012720"
       "323436383[/DhtmlXQ_binit]",
       "DhtmlXQ_binit: slots 0 and 1 both stand on b0"},
      {"[DhtmlXQ_fen]rnbakabnr/9/1c5c1[/DhtmlXQ_fen]", "DhtmlXQ_fen: "},
  };
  for (const Case& c : cases) {
    absl::StatusOr<GameRecord> r = ParseDhtmlXq(c.text);
    ASSERT_FALSE(r.ok()) << c.message;
    EXPECT_THAT(r.status().message(), HasSubstr(c.message));
  }
}

TEST(RecordDhtmlXqTest, LooksLike) {
  EXPECT_TRUE(LooksLikeDhtmlXq("x [dhtmlxq_MOVELIST]"));
  EXPECT_TRUE(LooksLikeDhtmlXq("[DhtmlXQ]"));
  EXPECT_FALSE(LooksLikeDhtmlXq("[Event \"x\"] 1. h2e2"));
  EXPECT_FALSE(LooksLikeDhtmlXq(""));
}

}  // namespace
}  // namespace caipan::xiangqi
