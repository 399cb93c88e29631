// Trusted-proxy address ranges (rpc/address_ranges.h).
#include "rpc/address_ranges.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::rpc {
namespace {

using ::testing::HasSubstr;

AddressRanges Ranges(absl::string_view list) {
  absl::StatusOr<AddressRanges> ranges = AddressRanges::Parse(list);
  EXPECT_TRUE(ranges.ok()) << ranges.status();
  return ranges.ok() ? *ranges : AddressRanges();
}

TEST(AddressRangesTest, MatchesAddressesAndPrefixes) {
  const AddressRanges ranges =
      Ranges(" 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32,172.16.0.0/12");
  EXPECT_EQ(ranges.text(), "10.0.0.0/8,192.0.2.7,2001:db8::/32,172.16.0.0/12");
  EXPECT_TRUE(ranges.Contains("10.255.1.2"));
  EXPECT_FALSE(ranges.Contains("11.0.0.1"));
  EXPECT_TRUE(ranges.Contains("192.0.2.7"));
  EXPECT_FALSE(ranges.Contains("192.0.2.8"));
  EXPECT_TRUE(ranges.Contains("172.31.255.255"));
  EXPECT_FALSE(ranges.Contains("172.32.0.0"));
  EXPECT_TRUE(ranges.Contains("2001:db8:ffff::1"));
  EXPECT_FALSE(ranges.Contains("2001:db9::1"));
  // An IPv4 client on an IPv6 socket is the same client.
  EXPECT_TRUE(ranges.Contains("::ffff:10.1.2.3"));
  EXPECT_FALSE(ranges.Contains("not an address"));
  EXPECT_FALSE(ranges.Contains(""));
}

TEST(AddressRangesTest, EmptyListTrustsNobody) {
  const AddressRanges none = Ranges("");
  EXPECT_TRUE(none.empty());
  EXPECT_FALSE(none.Contains("127.0.0.1"));
  EXPECT_TRUE(Ranges("0.0.0.0/0").Contains("203.0.113.7"));
  EXPECT_FALSE(Ranges("0.0.0.0/0").Contains("::1"));
}

TEST(AddressRangesTest, RefusesBadEntriesByName) {
  auto bad = AddressRanges::Parse("10.0.0.0/8,proxy.example");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(),
              HasSubstr("\"proxy.example\" is not an IP address or range"));
  for (absl::string_view entry : {"10.0.0.0/33", "10.0.0.0/", "10.0.0.0/-1",
                                  "10.0.0.0/+8", "::/129", "10.0.0.0/8x"}) {
    auto parsed = AddressRanges::Parse(entry);
    ASSERT_FALSE(parsed.ok()) << entry;
    EXPECT_THAT(parsed.status().message(), HasSubstr("prefix length"));
  }
}

TEST(AddressRangesTest, AddressTextOfSockets) {
  sockaddr_in v4{};
  v4.sin_family = AF_INET;
  inet_pton(AF_INET, "192.0.2.1", &v4.sin_addr);
  EXPECT_EQ(AddressText(reinterpret_cast<sockaddr*>(&v4)), "192.0.2.1");
  sockaddr_in6 v6{};
  v6.sin6_family = AF_INET6;
  inet_pton(AF_INET6, "::ffff:192.0.2.1", &v6.sin6_addr);
  EXPECT_EQ(AddressText(reinterpret_cast<sockaddr*>(&v6)), "192.0.2.1");
  inet_pton(AF_INET6, "2001:db8::1", &v6.sin6_addr);
  EXPECT_EQ(AddressText(reinterpret_cast<sockaddr*>(&v6)), "2001:db8::1");
}

}  // namespace
}  // namespace caipan::rpc
