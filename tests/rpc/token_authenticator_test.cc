// Bearer tokens: the file format and the header check.
#include "rpc/token_authenticator.h"

#include <cstdio>
#include <fstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::rpc {
namespace {

using ::testing::HasSubstr;

std::string WriteFile(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(TokenAuthenticatorTest, ReadsTokensSkippingCommentsAndBlanks) {
  auto auth = TokenAuthenticator::FromFile(
      WriteFile("tokens_ok",
                "# arbiters\n\n  aaaaaaaaaaaaaaaa  \nbbbbbbbbbbbbbbbbbbbb\n"));
  ASSERT_TRUE(auth.ok()) << auth.status();
  EXPECT_EQ((*auth)->token_count(), 2u);
  EXPECT_TRUE((*auth)->CheckHeader("Bearer aaaaaaaaaaaaaaaa").ok());
  EXPECT_TRUE((*auth)->CheckHeader("bearer bbbbbbbbbbbbbbbbbbbb").ok());
}

TEST(TokenAuthenticatorTest, RefusesUnknownTokensAndOtherSchemes) {
  TokenAuthenticator auth({"aaaaaaaaaaaaaaaa"});
  EXPECT_EQ(auth.CheckHeader("Bearer aaaaaaaaaaaaaaab").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(auth.CheckHeader("Bearer aaaaaaaaaaaaaaaaa").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(auth.CheckHeader("Basic aaaaaaaaaaaaaaaa").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(auth.CheckHeader("").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
}

TEST(TokenAuthenticatorTest, FileErrorsNameTheFileAndLine) {
  auto short_token =
      TokenAuthenticator::FromFile(WriteFile("tokens_short", "# x\nshort\n"));
  ASSERT_FALSE(short_token.ok());
  EXPECT_THAT(short_token.status().message(), HasSubstr("line 2"));
  auto empty =
      TokenAuthenticator::FromFile(WriteFile("tokens_empty", "# none\n"));
  ASSERT_FALSE(empty.ok());
  EXPECT_THAT(empty.status().message(), HasSubstr("no tokens"));
  auto missing = TokenAuthenticator::FromFile("/nonexistent/tokens");
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(missing.status().message(), HasSubstr("/nonexistent/tokens"));
}

}  // namespace
}  // namespace caipan::rpc
