// Files of several games: each game read on its own, errors kept to their
// game and counted in lines of the whole file.
#include <string>
#include <vector>

#include "engine/xiangqi/record.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::xiangqi {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;

TEST(ParseRecordsTest, OneBadGameDoesNotHideTheOthers) {
  constexpr std::string_view kFile =
      "[Event \"one\"]\n"          // line 1
      "[Result \"1-0\"]\n"         // 2
      "\n"                         // 3
      "1. h2e2 h9g7 1-0\n"         // 4
      "\n"                         // 5
      "[Event \"two\"]\n"          // 6
      "1. h2e2 h2e2 *\n"           // 7: illegal second move
      "[Event \"three\"]\n"        // 8: no blank line before
      "[Result \"0-1\"]\n"         // 9
      "1. h0g2 {comment} h9g7\n";  // 10
  std::vector<RecordEntry> games = ParseRecords(kFile);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].index, 1);
  EXPECT_EQ(games[0].first_line, 1);
  ASSERT_TRUE(games[0].record.ok()) << games[0].record.status();
  EXPECT_EQ(games[0].record->moves.size(), 2u);
  EXPECT_EQ(games[0].record->result, "1-0");

  EXPECT_EQ(games[1].index, 2);
  EXPECT_EQ(games[1].first_line, 6);
  ASSERT_FALSE(games[1].record.ok());
  EXPECT_THAT(games[1].record.status().message(), HasSubstr("ply 2: \"h2e2\""));

  EXPECT_EQ(games[2].index, 3);
  EXPECT_EQ(games[2].first_line, 8);
  ASSERT_TRUE(games[2].record.ok()) << games[2].record.status();
  EXPECT_EQ(games[2].record->moves.size(), 2u);
  EXPECT_EQ(games[2].record->result, "0-1");
}

TEST(ParseRecordsTest, LexerErrorsStayInTheirGameWithFileLines) {
  constexpr std::string_view kFile =
      "[Event \"one\"]\n"
      "1. h2e2 {never closed\n"  // line 2
      "\n"
      "[Event \"two\"]\n"  // line 4
      "[Site x]\n"         // line 5: malformed tag
      "1. h2e2\n"
      "[Event \"three\"]\n"
      "1. h2e2 h9g7\n";
  std::vector<RecordEntry> games = ParseRecords(kFile);
  ASSERT_EQ(games.size(), 3u);
  ASSERT_FALSE(games[0].record.ok());
  EXPECT_THAT(games[0].record.status().message(), HasSubstr("line 2:"));
  ASSERT_FALSE(games[1].record.ok());
  EXPECT_EQ(games[1].first_line, 4);
  EXPECT_THAT(games[1].record.status().message(), HasSubstr("line 5:"));
  EXPECT_TRUE(games[2].record.ok()) << games[2].record.status();
  EXPECT_EQ(games[2].first_line, 7);
}

TEST(ParseRecordsTest, WarningsNameFileLines) {
  std::vector<RecordEntry> games =
      ParseRecords("[Event \"a\"]\n*\n\n[Event \"b\"c\"]\n1. h2e2 *\n");
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[1].record.ok());
  ASSERT_EQ(games[1].record->warnings.size(), 1u);
  EXPECT_THAT(games[1].record->warnings[0], HasSubstr("line 4: tag Event"));
  EXPECT_THAT(games[0].record->warnings, IsEmpty());
}

TEST(ParseRecordsTest, SingleGamesAndBlankText) {
  EXPECT_THAT(ParseRecords(""), IsEmpty());
  EXPECT_THAT(ParseRecords("\n  \n\t\r\n"), IsEmpty());

  std::vector<RecordEntry> plain = ParseRecords("\n\n1. h2e2 h9g7\n2. h0g2\n");
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(plain[0].first_line, 3);
  ASSERT_TRUE(plain[0].record.ok());
  EXPECT_EQ(plain[0].record->moves.size(), 3u);

  // Tags only, and a comment line before the tags, make one game.
  std::vector<RecordEntry> tags =
      ParseRecords("; a file\n[Event \"x\"]\n[Site \"y\"]\n");
  ASSERT_EQ(tags.size(), 1u);
  ASSERT_TRUE(tags[0].record.ok());
  EXPECT_EQ(tags[0].record->tags.size(), 2u);
}

TEST(ParseRecordsTest, ByteOrderMarkAndCrlf) {
  std::vector<RecordEntry> games = ParseRecords(
      "\xEF\xBB\xBF[Event \"a\"]\r\n\r\n1. h2e2 1-0\r\n\r\n[Event \"b\"]\r\n"
      "1. h2e2 0-1\r\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_TRUE(games[0].record.ok());
  EXPECT_TRUE(games[1].record.ok());
  EXPECT_EQ(games[1].first_line, 5);
}

TEST(ParseRecordsTest, GameCountIsCapped) {
  std::string file;
  for (int i = 0; i <= kMaxRecordsPerText; ++i) file += "[Event \"x\"]\n*\n";
  std::vector<RecordEntry> games = ParseRecords(file);
  ASSERT_EQ(games.size(), static_cast<size_t>(kMaxRecordsPerText) + 1);
  for (int i = 0; i < kMaxRecordsPerText; i += 9973)
    EXPECT_TRUE(games[i].record.ok());
  const RecordEntry& last = games.back();
  EXPECT_EQ(last.index, kMaxRecordsPerText + 1);
  EXPECT_EQ(last.first_line, 2 * kMaxRecordsPerText + 1);
  ASSERT_FALSE(last.record.ok());
  EXPECT_THAT(last.record.status().message(), HasSubstr("more than 100000"));
}

TEST(ParseRecordsTest, SizeIsCapped) {
  std::string file(kMaxRecordsTextBytes + 1, ' ');
  std::vector<RecordEntry> games = ParseRecords(file);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_FALSE(games[0].record.ok());
  EXPECT_THAT(games[0].record.status().message(), HasSubstr("over the limit"));
}

}  // namespace
}  // namespace caipan::xiangqi
