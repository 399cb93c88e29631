#include "engine/common/text.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace caipan {
namespace {

using ::testing::ElementsAre;

TEST(SplitTokensTest, DropsEmptyTokensAndCommas) {
  EXPECT_THAT(SplitTokens("  h2e2,h9g7\n\tb0c2  "),
              ElementsAre("h2e2", "h9g7", "b0c2"));
  EXPECT_TRUE(SplitTokens(" \n ").empty());
}

TEST(QuoteTokenTest, EscapesControlBytesAndTruncates) {
  EXPECT_EQ(QuoteToken("a\"b"), "\"a\\\"b\"");
  EXPECT_EQ(QuoteToken(std::string_view("x\0y", 3)), "\"x\\x00y\"");
  EXPECT_EQ(QuoteToken(std::string(70, 'z')),
            "\"" + std::string(64, 'z') + "...\"");
}

// A cut never lands inside a character: "炮" is 3 bytes, so 22 of them (66
// bytes) keep 21 whole characters (63 bytes) before the ellipsis.
TEST(QuoteTokenTest, CutsOnCharacterBoundary) {
  std::string cannons;
  for (int i = 0; i < 22; ++i) cannons += "炮";
  std::string kept;
  for (int i = 0; i < 21; ++i) kept += "炮";
  EXPECT_EQ(QuoteToken(cannons), "\"" + kept + "...\"");
}

TEST(QuoteTokenTest, EscapesInvalidUtf8) {
  EXPECT_EQ(QuoteToken("a\xff\xe7\x82"), "\"a\\xff\\xe7\\x82\"");
  // An overlong encoding of '/' and a UTF-16 surrogate are not UTF-8.
  EXPECT_EQ(QuoteToken("\xc0\xaf"), "\"\\xc0\\xaf\"");
  EXPECT_EQ(QuoteToken("\xed\xa0\x80"), "\"\\xed\\xa0\\x80\"");
  EXPECT_EQ(QuoteToken("马二进三"), "\"马二进三\"");
}

TEST(Utf8Test, SequenceLengthAndPrefix) {
  EXPECT_EQ(Utf8SequenceLength("a"), 1u);
  EXPECT_EQ(Utf8SequenceLength("é"), 2u);
  EXPECT_EQ(Utf8SequenceLength("炮"), 3u);
  EXPECT_EQ(Utf8SequenceLength("\xf0\x9f\x98\x80"), 4u);
  EXPECT_EQ(Utf8SequenceLength("\xe7\x82"), 0u);  // cut short
  EXPECT_EQ(Utf8SequenceLength(""), 0u);
  EXPECT_EQ(Utf8Prefix("炮炮", 4), "炮");
  EXPECT_EQ(Utf8Prefix("炮炮", 6), "炮炮");
  EXPECT_EQ(Utf8Prefix("ab炮", 3), "ab");
  EXPECT_EQ(Utf8Excerpt("炮炮炮", 7), "炮炮...");
  EXPECT_EQ(Utf8Excerpt("short"), "short");
}

}  // namespace
}  // namespace caipan

namespace caipan {
namespace {

TEST(JsonQuoteTest, EscapesAndKeepsTheJsonValid) {
  EXPECT_EQ(JsonQuote("炮二平五"), "\"炮二平五\"");
  EXPECT_EQ(JsonQuote("a\"b\\c\nd\te\x01"), "\"a\\\"b\\\\c\\nd\\te\\u0001\"");
  // Bytes that are not UTF-8 become U+FFFD; a cut character too.
  EXPECT_EQ(JsonQuote("h2\xff\xfe"), "\"h2\\ufffd\\ufffd\"");
  EXPECT_EQ(JsonQuote(std::string_view("\xe7\x82", 2)), "\"\\ufffd\\ufffd\"");
}

}  // namespace
}  // namespace caipan
