// Records as people have them: GB18030 and Big5 files, tag values with
// unescaped inner quotes, and full-width WXF moves.
#include <string>
#include <vector>

#include "engine/common/text_encoding.h"
#include "engine/xiangqi/record.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/engine/common/encode_for_test.h"

namespace caipan::xiangqi {
namespace {

using ::caipan::testing_util::EncodeFromUtf8;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Pair;

std::vector<std::string> IccsOf(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(ToIccs(m));
  return out;
}

constexpr std::string_view kSimplified =
    "[Event \"全国象棋甲级联赛\"]\n[Red \"许银川\"]\n[Result \"1-0\"]\n\n"
    "1. 炮二平五 马８进７\n2. 马二进三 车９平８\n3. 车一平二 炮８进４ 1-0\n";
constexpr std::string_view kTraditional =
    "[Event \"全國象棋甲級聯賽\"]\n[Red \"許銀川\"]\n[Result \"1-0\"]\n\n"
    "1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n3. 車一平二 砲８進４ 1-0\n";

TEST(RecordEncodingTest, GbAndBig5FilesReadLikeUtf8) {
  const std::vector<std::string> expected = {"h2e2", "h9g7", "h0g2",
                                             "i9h9", "i0h0", "h7h3"};
  struct Case {
    std::string bytes;
    TextEncoding encoding;
  };
  const Case cases[] = {
      {std::string(kSimplified), TextEncoding::kUtf8},
      {EncodeFromUtf8(kSimplified, "GB18030"), TextEncoding::kGb18030},
      {EncodeFromUtf8(kTraditional, "BIG5"), TextEncoding::kBig5},
      {EncodeFromUtf8(kTraditional, "GB18030"), TextEncoding::kGb18030},
      {"\xEF\xBB\xBF" + std::string(kTraditional), TextEncoding::kUtf8},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(DetectTextEncoding(c.bytes), c.encoding);
    absl::StatusOr<std::string> text = ToUtf8(c.bytes, TextEncoding::kAuto);
    ASSERT_TRUE(text.ok()) << text.status();
    absl::StatusOr<GameRecord> r = ParseRecord(*text);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(IccsOf(r->moves), expected);
    EXPECT_EQ(r->result, "1-0");
  }
}

// Reading Big5 bytes as GB (or the reverse) gives text no record parser
// understands: the encoding must be right, not merely decodable.
TEST(RecordEncodingTest, WrongEncodingGivesAnError) {
  std::string big5 = EncodeFromUtf8("1. 炮二平五 馬８進７", "BIG5");
  absl::StatusOr<std::string> as_gb = ToUtf8(big5, TextEncoding::kGb18030);
  if (as_gb.ok()) {
    EXPECT_FALSE(ParseRecord(*as_gb).ok());
  }
  EXPECT_TRUE(ParseRecord(*ToUtf8(big5, TextEncoding::kBig5)).ok());
}

TEST(LenientTagTest, UnescapedInnerQuotesReadWithAWarning) {
  absl::StatusOr<GameRecord> r = ParseRecord(
      "[Game \"Chinese Chess\"]\n"
      "[Event \"第二届\"某某杯\"赛\"]\n"
      "[Site \"\"北京\"\"]\n"
      "[Round \"\"]\n"
      "[Date \"say \\\"hi\\\"\"]\n"
      "1. h2e2 h9g7 *\n");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->tags, ElementsAre(Pair("Game", "Chinese Chess"),
                                   Pair("Event", "第二届\"某某杯\"赛"),
                                   Pair("Site", "\"北京\""), Pair("Round", ""),
                                   Pair("Date", "say \"hi\"")));
  ASSERT_EQ(r->warnings.size(), 2u);
  EXPECT_THAT(r->warnings[0], HasSubstr("line 2: tag Event"));
  EXPECT_THAT(r->warnings[0], HasSubstr("unescaped quote"));
  EXPECT_THAT(r->warnings[1], HasSubstr("line 3: tag Site"));
  EXPECT_EQ(r->moves.size(), 2u);
}

TEST(LenientTagTest, SeveralTagsOnALine) {
  absl::StatusOr<GameRecord> r =
      ParseRecord("[Event \"a\"b\"c\"] [Site \"x\"]  [Round \"1\"y\" ]\n*");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->tags, ElementsAre(Pair("Event", "a\"b\"c"), Pair("Site", "x"),
                                   Pair("Round", "1\"y")));
  EXPECT_EQ(r->warnings.size(), 2u);
}

TEST(LenientTagTest, NoClosingQuoteOnTheLineIsStillAnError) {
  absl::StatusOr<GameRecord> r =
      ParseRecord("[Event \"x\"]\n[Site \"a\"b]\n1. h2e2");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("line 2: tag Site"));
  absl::StatusOr<GameRecord> open = ParseRecord("[Event \"a\"b\n\"]");
  ASSERT_FALSE(open.ok());
  EXPECT_THAT(open.status().message(), HasSubstr("line 1: tag Event"));
}

TEST(LenientTagTest, WellFormedTagsGiveNoWarnings) {
  absl::StatusOr<GameRecord> r =
      ParseRecord("[Event \"Test \\\"quoted\\\" event\"]\n[Round \"\"]\n*");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->warnings, IsEmpty());
}

TEST(FullWidthWxfTest, ReadsAsTheAsciiForm) {
  absl::StatusOr<GameRecord> full = ParseRecord(
      "1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３ Ｒ９．８ 3. ｈ０ｇ２ｈ０ Ｃ８－１ *");
  absl::StatusOr<GameRecord> ascii =
      ParseRecord("1. C2=5 H8+7 2. H2+3 R9.8 3. h0g2h0 C8-1 *");
  // "h0g2h0" is not a move in either form.
  ASSERT_FALSE(full.ok());
  ASSERT_FALSE(ascii.ok());
  EXPECT_THAT(full.status().message(), HasSubstr("ply 5: \"ｈ０ｇ２ｈ０\""));

  full = ParseRecord(
      "1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３ Ｒ９．８ 3. ｉ０ｈ０ Ｃ８－１ *");
  ascii = ParseRecord("1. C2=5 H8+7 2. H2+3 R9.8 3. i0h0 C8-1 *");
  ASSERT_TRUE(full.ok()) << full.status();
  ASSERT_TRUE(ascii.ok()) << ascii.status();
  EXPECT_EQ(full->moves, ascii->moves);
  EXPECT_THAT(IccsOf(full->moves),
              ElementsAre("h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7h8"));
}

TEST(FullWidthWxfTest, TandemPiecesAndPawns) {
  absl::StatusOr<Position> pos =
      Position::FromFen("4k4/9/9/9/9/4P4/4P4/9/9/3K5 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  for (std::string_view move : {"＋Ｐ＋１", "Ｐ＋＋１", "+P+1", "P++1"}) {
    absl::StatusOr<std::vector<Move>> moves = ParseMoveSequence(*pos, move);
    ASSERT_TRUE(moves.ok()) << move << ": " << moves.status();
    EXPECT_THAT(IccsOf(*moves), ElementsAre("e4e5")) << move;
  }
  absl::StatusOr<Position> rooks =
      Position::FromFen("4k4/9/9/9/9/9/9/8R/9/3K4R w - - 0 1");
  ASSERT_TRUE(rooks.ok());
  absl::StatusOr<std::vector<Move>> front =
      ParseMoveSequence(*rooks, "Ｒ＋＋３");
  ASSERT_TRUE(front.ok()) << front.status();
  EXPECT_THAT(IccsOf(*front), ElementsAre("i2i5"));
}

TEST(FullWidthWxfTest, ErrorsQuoteTheMoveAsWritten) {
  absl::StatusOr<GameRecord> r = ParseRecord("1. Ｒ５＋１");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("ply 1: \"Ｒ５＋１\": "));
  EXPECT_THAT(r.status().message(), ::testing::Not(HasSubstr("\"R5+1\"")));
}

}  // namespace
}  // namespace caipan::xiangqi
