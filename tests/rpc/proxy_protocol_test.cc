// The PROXY protocol header parser (rpc/proxy_protocol.h): both versions,
// partial input read the way the listeners read it, and the refusals.
#include "rpc/proxy_protocol.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::rpc {
namespace {

using ::testing::HasSubstr;

const std::string kSignature("\r\n\r\n\0\r\nQUIT\n", 12);

// A v2 header: version 2 with `command`, `family` byte, and `block`.
std::string V2(int command, int family, const std::string& block) {
  std::string header = kSignature;
  header += static_cast<char>(0x20 | command);
  header += static_cast<char>(family);
  header += static_cast<char>(block.size() >> 8);
  header += static_cast<char>(block.size() & 0xff);
  return header + block;
}

// An IPv4 address block: 203.0.113.7:5555 -> 10.0.0.1:8080.
std::string Ipv4Block() {
  return std::string("\xcb\x00\x71\x07\x0a\x00\x00\x01\x15\xb3\x1f\x90", 12);
}

std::string Ipv6Block() {
  std::string block("\x20\x01\x0d\xb8", 4);
  block += std::string(11, '\0') + '\x01';  // 2001:db8::1
  block += std::string(15, '\0') + '\x01';  // ::1
  return block + std::string("\x15\xb3\x1f\x90", 4);
}

ProxyParse Parsed(const std::string& bytes) {
  absl::StatusOr<ProxyParse> parse = ParseProxyHeader(bytes);
  EXPECT_TRUE(parse.ok()) << parse.status();
  return parse.ok() ? *parse : ProxyParse{};
}

std::string ErrorOf(const std::string& bytes) {
  absl::StatusOr<ProxyParse> parse = ParseProxyHeader(bytes);
  EXPECT_FALSE(parse.ok());
  return parse.ok() ? "" : std::string(parse.status().message());
}

TEST(ProxyProtocolTest, V2NamesAnIpv4Client) {
  const std::string header = V2(1, 0x11, Ipv4Block());
  const ProxyParse parse = Parsed(header + "PRI * HTTP/2.0");
  ASSERT_TRUE(parse.complete);
  EXPECT_EQ(parse.header.size, header.size());
  EXPECT_EQ(parse.header.client_address, "203.0.113.7");
  EXPECT_EQ(parse.header.client_port, 5555);
}

TEST(ProxyProtocolTest, V2NamesAnIpv6ClientAndSkipsExtensions) {
  const std::string header = V2(1, 0x21, Ipv6Block() + "\x01\x00\x02h2");
  const ProxyParse parse = Parsed(header);
  ASSERT_TRUE(parse.complete);
  EXPECT_EQ(parse.header.size, header.size());
  EXPECT_EQ(parse.header.client_address, "2001:db8::1");
}

TEST(ProxyProtocolTest, V2Ipv4MappedClientIsIpv4) {
  std::string block =
      std::string(10, '\0') + std::string("\xff\xff\xc0\x00\x02\x01", 6);
  block += std::string(16, '\0') + std::string("\x00\x50\x00\x50", 4);
  EXPECT_EQ(Parsed(V2(1, 0x21, block)).header.client_address, "192.0.2.1");
}

TEST(ProxyProtocolTest, V2LocalAndUnspecNameNoClient) {
  // A LOCAL header (a health check) may still carry addresses: skipped.
  ProxyParse local = Parsed(V2(0, 0x11, Ipv4Block()));
  ASSERT_TRUE(local.complete);
  EXPECT_EQ(local.header.client_address, "");
  EXPECT_EQ(local.header.size, 28u);
  ProxyParse unspec = Parsed(V2(1, 0x00, ""));
  ASSERT_TRUE(unspec.complete);
  EXPECT_EQ(unspec.header.client_address, "");
  ProxyParse unix_socket = Parsed(V2(1, 0x31, std::string(216, 'a')));
  ASSERT_TRUE(unix_socket.complete);
  EXPECT_EQ(unix_socket.header.client_address, "");
}

TEST(ProxyProtocolTest, ReadingOnlyWhatIsAskedEndsAtTheHeader) {
  for (const std::string& header :
       {V2(1, 0x11, Ipv4Block()), V2(0, 0x00, ""),
        std::string("PROXY TCP4 203.0.113.7 10.0.0.1 5555 8080\r\n"),
        std::string("PROXY UNKNOWN\r\n")}) {
    const std::string stream = header + "GET / HTTP/1.1\r\n\r\n";
    size_t read = 0;
    ProxyParse parse = Parsed("");
    while (!parse.complete) {
      ASSERT_GE(parse.more, 1u);
      read += parse.more;
      ASSERT_LE(read, header.size()) << "read past the header";
      parse = Parsed(stream.substr(0, read));
    }
    EXPECT_EQ(parse.header.size, header.size());
  }
}

TEST(ProxyProtocolTest, V1NamesTheClient) {
  const ProxyParse v4 =
      Parsed("PROXY TCP4 203.0.113.7 10.0.0.1 5555 8080\r\nGET /");
  ASSERT_TRUE(v4.complete);
  EXPECT_EQ(v4.header.client_address, "203.0.113.7");
  EXPECT_EQ(v4.header.client_port, 5555);
  EXPECT_EQ(v4.header.size, 43u);
  const ProxyParse v6 = Parsed("PROXY TCP6 2001:DB8::1 ::1 0 65535\r\n");
  ASSERT_TRUE(v6.complete);
  EXPECT_EQ(v6.header.client_address, "2001:db8::1");
  const ProxyParse unknown = Parsed("PROXY UNKNOWN whatever\r\n");
  ASSERT_TRUE(unknown.complete);
  EXPECT_EQ(unknown.header.client_address, "");
}

TEST(ProxyProtocolTest, RefusesWhatIsNoHeader) {
  EXPECT_THAT(ErrorOf("GET / HTTP/1.1\r\n"),
              HasSubstr("PROXY header expected"));
  EXPECT_THAT(ErrorOf("PRI * HTTP/2.0\r\n"),
              HasSubstr("PROXY header expected"));
  EXPECT_THAT(ErrorOf(std::string("\x16\x03\x01", 3)),
              HasSubstr("PROXY header expected"));
  // Refused at the first byte that cannot belong to a header.
  EXPECT_FALSE(ParseProxyHeader("PROXX").ok());
  EXPECT_FALSE(ParseProxyHeader(std::string("\r\n\r\n\0\r\nQUIX", 12)).ok());
}

TEST(ProxyProtocolTest, RefusesBadV2Headers) {
  std::string version3 = V2(1, 0x11, Ipv4Block());
  version3[12] = 0x31;
  EXPECT_THAT(ErrorOf(version3), HasSubstr("version 3, expected 2"));
  EXPECT_THAT(ErrorOf(V2(5, 0x11, Ipv4Block())),
              HasSubstr("command 5 is neither LOCAL"));
  EXPECT_THAT(ErrorOf(V2(1, 0x41, Ipv4Block())),
              HasSubstr("unknown address family and transport 0x41"));
  EXPECT_THAT(ErrorOf(V2(1, 0x13, Ipv4Block())),
              HasSubstr("unknown address family"));
  EXPECT_THAT(ErrorOf(V2(1, 0x11, "short")),
              HasSubstr("needs 12 bytes, 5 given"));
  EXPECT_THAT(ErrorOf(V2(1, 0x21, Ipv4Block())),
              HasSubstr("needs 36 bytes, 12 given"));
  // The length is checked before the block is read.
  std::string huge = V2(1, 0x11, Ipv4Block()).substr(0, 16);
  huge[14] = 0x04;
  huge[15] = 0x01;
  EXPECT_THAT(ErrorOf(huge), HasSubstr("1025 bytes of addresses and "
                                       "extensions, over the limit of 1024"));
}

TEST(ProxyProtocolTest, RefusesBadV1Lines) {
  EXPECT_THAT(ErrorOf("PROXY TCP4 203.0.113.7 10.0.0.1 5555\r\n"),
              HasSubstr("expected \"PROXY TCP4|TCP6"));
  EXPECT_THAT(ErrorOf("PROXY TCP4  203.0.113.7 10.0.0.1 5555 80\r\n"),
              HasSubstr("expected"));
  EXPECT_THAT(ErrorOf("PROXY TCP4 203.0.113.07 10.0.0.1 5555 80\r\n"),
              HasSubstr("source address \"203.0.113.07\" is not an TCP4"));
  EXPECT_THAT(ErrorOf("PROXY TCP4 2001:db8::1 10.0.0.1 5555 80\r\n"),
              HasSubstr("source address"));
  EXPECT_THAT(ErrorOf("PROXY TCP6 ::1 10.0.0.1 5555 80\r\n"),
              HasSubstr("destination address"));
  EXPECT_THAT(ErrorOf("PROXY TCP4 203.0.113.7 10.0.0.1 05555 80\r\n"),
              HasSubstr("source port \"05555\""));
  EXPECT_THAT(ErrorOf("PROXY TCP4 203.0.113.7 10.0.0.1 5555 65536\r\n"),
              HasSubstr("destination port"));
  EXPECT_THAT(ErrorOf("PROXY TCP4 203.0.113.7 10.0.0.1 5555 80\n"),
              HasSubstr("a CR or LF inside the line"));
  EXPECT_THAT(ErrorOf("PROXY TCP4 203.0.113.7\r 10.0.0.1"),
              HasSubstr("a CR or LF inside the line"));
  EXPECT_THAT(ErrorOf("PROXY UNKNOWN " + std::string(100, 'x')),
              HasSubstr("no CRLF within 107 bytes"));
}

TEST(ProxyProtocolTest, AsksForMoreUntilWhole) {
  const ProxyParse empty = Parsed("");
  EXPECT_FALSE(empty.complete);
  EXPECT_EQ(empty.more, 15u);
  EXPECT_EQ(Parsed(kSignature.substr(0, 5)).more, 11u);
  EXPECT_EQ(Parsed(V2(1, 0x11, Ipv4Block()).substr(0, 20)).more, 8u);
  EXPECT_EQ(Parsed("PROXY TCP4 203.0.113.7").more, 1u);
  // A partial CRLF is not a lone CR.
  EXPECT_FALSE(Parsed("PROXY UNKNOWN\r").complete);
}

}  // namespace
}  // namespace caipan::rpc
