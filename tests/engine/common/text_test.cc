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

}  // namespace
}  // namespace caipan
