// "host:port" splitting shared by the gRPC and metrics listeners.
#include "rpc/host_port.h"

#include "gtest/gtest.h"

namespace caipan::rpc {
namespace {

TEST(SplitHostPortTest, AcceptsV4V6AndAnyHost) {
  auto v4 = SplitHostPort("127.0.0.1:9464");
  ASSERT_TRUE(v4.ok());
  EXPECT_EQ(v4->host, "127.0.0.1");
  EXPECT_EQ(v4->port, 9464);
  auto v6 = SplitHostPort("[::1]:0");
  ASSERT_TRUE(v6.ok());
  EXPECT_EQ(v6->host, "::1");
  EXPECT_EQ(v6->port, 0);
  auto any = SplitHostPort(":50051");
  ASSERT_TRUE(any.ok());
  EXPECT_EQ(any->host, "");
}

TEST(SplitHostPortTest, RefusesMissingOrBadPorts) {
  EXPECT_FALSE(SplitHostPort("localhost").ok());
  EXPECT_FALSE(SplitHostPort("localhost:http").ok());
  EXPECT_FALSE(SplitHostPort("localhost:65536").ok());
  EXPECT_FALSE(SplitHostPort("localhost:-1").ok());
}

}  // namespace
}  // namespace caipan::rpc
