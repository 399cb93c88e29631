// Passwords kept out of logs: conninfo keys, URI user:password@, quoted
// values, and every LogLine value.
#include "rpc/redact.h"

#include <string>

#include "gtest/gtest.h"
#include "rpc/log.h"

namespace caipan::rpc {
namespace {

TEST(RedactSecretsTest, ConninfoPasswords) {
  EXPECT_EQ(RedactSecrets("postgres:host=db password=s3cret dbname=caipan"),
            "postgres:host=db password=*** dbname=caipan");
  EXPECT_EQ(RedactSecrets("password = s3cret user=u"), "password = *** user=u");
  EXPECT_EQ(RedactSecrets("host=db password='a b\\' c' port=5"),
            "host=db password=*** port=5");
  EXPECT_EQ(RedactSecrets("PASSWORD=x sslpassword=y"),
            "PASSWORD=*** sslpassword=***");
  EXPECT_EQ(RedactSecrets("password=a&b"), "password=***");
  // Not a key/value: nothing to hide.
  EXPECT_EQ(RedactSecrets("password authentication failed for user \"u\""),
            "password authentication failed for user \"u\"");
}

TEST(RedactSecretsTest, UriPasswords) {
  EXPECT_EQ(RedactSecrets("postgres:postgresql://caipan:s3cret@db:5432/caipan"),
            "postgres:postgresql://caipan:***@db:5432/caipan");
  EXPECT_EQ(RedactSecrets("postgres://u:p%40ss@h1,h2/db?sslmode=require"),
            "postgres://u:***@h1,h2/db?sslmode=require");
  // Characters a password should have escaped are redacted all the same.
  EXPECT_EQ(RedactSecrets("postgresql://u:pa/s?s@s@h/db"),
            "postgresql://u:***@h/db");
  EXPECT_EQ(RedactSecrets("postgresql://u:pa ss@h/db"),
            "postgresql://u:***@h/db");
  EXPECT_EQ(RedactSecrets("postgresql://h/db?user=u&password=s3cret&x=1"),
            "postgresql://h/db?user=u&password=***&x=1");
  // A user without a password, and a URI without a user, are left alone.
  EXPECT_EQ(RedactSecrets("postgresql://caipan@db/caipan"),
            "postgresql://caipan@db/caipan");
  EXPECT_EQ(RedactSecrets("http://127.0.0.1:8080/x"),
            "http://127.0.0.1:8080/x");
  EXPECT_EQ(RedactSecrets("a://u:p@h and b://v:q@i"),
            "a://u:***@h and b://v:***@i");
}

TEST(RedactSecretsTest, OrdinaryTextUnchanged) {
  for (const char* text :
       {"", "ok", "method=/caipan.v1.AdjudicationService/Ping",
        "ipv4:127.0.0.1:5000", "xiangqi.fen: expected 6 fields", "a=b c=d"}) {
    EXPECT_EQ(RedactSecrets(text), text);
  }
  EXPECT_FALSE(MayHoldSecrets("ipv4:127.0.0.1:5000"));
  EXPECT_TRUE(MayHoldSecrets("a=b"));
  EXPECT_TRUE(MayHoldSecrets("x://y"));
}

TEST(LogLineTest, ValuesAreRedacted) {
  ::testing::internal::CaptureStderr();
  {
    LogLine("listening")
        .Add("store", "postgres:host=db password=s3cret")
        .Add("other", "postgresql://u:hunter2@db/x");
  }
  const std::string line = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(line.find("s3cret"), std::string::npos) << line;
  EXPECT_EQ(line.find("hunter2"), std::string::npos) << line;
  EXPECT_NE(line.find("store=\"postgres:host=db password=***\""),
            std::string::npos)
      << line;
  EXPECT_NE(line.find("other=postgresql://u:***@db/x"), std::string::npos)
      << line;
}

}  // namespace
}  // namespace caipan::rpc
