// Per-address connection caps (rpc/connections_per_address.h).
#include "rpc/connections_per_address.h"

#include "gtest/gtest.h"

namespace caipan::rpc {
namespace {

TEST(ConnectionsPerAddressTest, CapsEachAddressOnItsOwn) {
  ConnectionsPerAddress counts(2);
  EXPECT_TRUE(counts.TryOpen("192.0.2.1"));
  EXPECT_TRUE(counts.TryOpen("192.0.2.1"));
  EXPECT_FALSE(counts.TryOpen("192.0.2.1"));
  EXPECT_TRUE(counts.TryOpen("192.0.2.2"));
  EXPECT_EQ(counts.open("192.0.2.1"), 2);
  EXPECT_EQ(counts.refused(), 1);
  counts.Close("192.0.2.1");
  EXPECT_TRUE(counts.TryOpen("192.0.2.1"));
}

TEST(ConnectionsPerAddressTest, ZeroMeansNoCap) {
  ConnectionsPerAddress counts(0);
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(counts.TryOpen("192.0.2.1"));
  EXPECT_EQ(counts.refused(), 0);
}

TEST(ConnectionsPerAddressTest, SlotClosesWhenDestroyed) {
  auto counts = std::make_shared<ConnectionsPerAddress>(1);
  ASSERT_TRUE(counts->TryOpen("192.0.2.1"));
  {
    AddressSlot slot(counts, "192.0.2.1");
    EXPECT_FALSE(counts->TryOpen("192.0.2.1"));
  }
  EXPECT_EQ(counts->open("192.0.2.1"), 0);
  EXPECT_TRUE(counts->TryOpen("192.0.2.1"));
}

}  // namespace
}  // namespace caipan::rpc
