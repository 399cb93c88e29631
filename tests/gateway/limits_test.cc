// The gateway's per-address rate limit, CORS decisions and page paths.
#include "gateway/cors_policy.h"
#include "gateway/rate_limiter.h"
#include "gateway/static_files.h"
#include "gtest/gtest.h"

namespace caipan::gateway {
namespace {

TEST(RateLimiterTest, BurstThenRefillPerAddress) {
  RateLimiter limiter(10);  // bursts of 20
  const absl::Time start = absl::FromUnixSeconds(100);
  absl::Duration retry;
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(limiter.Allow("a", start, &retry));
  EXPECT_FALSE(limiter.Allow("a", start, &retry));
  EXPECT_GT(retry, absl::ZeroDuration());
  EXPECT_LE(retry, absl::Milliseconds(100));
  // Another address has its own bucket.
  EXPECT_TRUE(limiter.Allow("b", start, &retry));
  // A tenth of a second later one more request fits.
  EXPECT_TRUE(limiter.Allow("a", start + absl::Milliseconds(100), &retry));
  EXPECT_FALSE(limiter.Allow("a", start + absl::Milliseconds(100), &retry));
}

TEST(RateLimiterTest, ZeroMeansNoLimit) {
  RateLimiter limiter(0);
  absl::Duration retry;
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE(limiter.Allow("a", absl::UnixEpoch(), &retry));
  }
}

TEST(RateLimiterTest, KeepsABoundedNumberOfAddresses) {
  RateLimiter limiter(1, /*max_addresses=*/100);
  absl::Duration retry;
  for (int i = 0; i < 10000; ++i) {
    ASSERT_TRUE(
        limiter.Allow("10.0." + std::to_string(i), absl::UnixEpoch(), &retry));
  }
}

TEST(CorsPolicyTest, OnlyListedOrigins) {
  CorsPolicy none({});
  EXPECT_FALSE(none.Allows("https://a.example"));
  EXPECT_TRUE(none.ResponseHeaders("https://a.example").empty());
  CorsPolicy listed({"https://a.example"});
  EXPECT_TRUE(listed.Allows("https://a.example"));
  EXPECT_FALSE(listed.Allows("https://b.example"));
  auto headers = listed.PreflightHeaders("https://a.example");
  ASSERT_FALSE(headers.empty());
  EXPECT_EQ(headers[0].second, "https://a.example");
  CorsPolicy any({"*"});
  EXPECT_TRUE(any.Allows("https://b.example"));
  EXPECT_FALSE(any.Allows(""));
}

TEST(StaticFilesTest, ServesTheBuiltInPagesAndNothingOutsideThem) {
  StaticFiles files = StaticFiles::Embedded();
  auto index = files.Find("/");
  ASSERT_TRUE(index.has_value());
  EXPECT_EQ(index->content_type, "text/html; charset=utf-8");
  auto api = files.Find("/js/api.js?v=1");
  ASSERT_TRUE(api.has_value());
  EXPECT_EQ(api->content_type, "text/javascript; charset=utf-8");
  EXPECT_NE(api->body.find("export async function call"), std::string::npos);
  for (const char* bad : {"/../CMakeLists.txt", "/js/../../README.md",
                          "/.git/config", "//etc/passwd", "/a b", "nope"}) {
    EXPECT_FALSE(files.Find(bad).has_value()) << bad;
  }
  StaticFiles folder = StaticFiles::FromDirectory(CAIPAN_SOURCE_DIR "/web");
  EXPECT_TRUE(folder.Find("/js/i18n.js").has_value());
  EXPECT_FALSE(folder.Find("/../README.md").has_value());
}

}  // namespace
}  // namespace caipan::gateway
