// PROXY protocol header parser (see proxy_protocol.h). Written from
// HAProxy's doc/proxy-protocol.txt, sections 2.1 (v1) and 2.2 (v2).
#include "rpc/proxy_protocol.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/common/text.h"
#include "rpc/address_ranges.h"

namespace caipan::rpc {
namespace {

// QuoteToken takes a std::string_view, which absl's is not in this build.
std::string Quoted(absl::string_view text) {
  return QuoteToken(std::string_view(text.data(), text.size()));
}

constexpr absl::string_view kV2Signature("\r\n\r\n\0\r\nQUIT\n", 12);
constexpr absl::string_view kV1Prefix = "PROXY ";
constexpr size_t kV2FixedBytes = 16;
// No header is shorter ("PROXY UNKNOWN\r\n"; a v2 header has 16), so these
// first bytes can always be read.
constexpr size_t kShortestHeader = 15;

// v2 commands (low nibble of byte 13) and families (high nibble of byte 14).
constexpr int kLocal = 0x0;
constexpr int kProxy = 0x1;
constexpr int kFamilyInet = 0x1;
constexpr int kFamilyInet6 = 0x2;
constexpr int kFamilyUnix = 0x3;
constexpr int kTransportStream = 0x1;
// Bytes of the address block of each family (UNSPEC has none).
constexpr size_t kBlockBytes[] = {0, 12, 36, 216};

absl::Status Invalid(absl::string_view version, absl::string_view why) {
  return absl::InvalidArgumentError(
      absl::StrCat("PROXY ", version, " header: ", why));
}

ProxyParse Incomplete(size_t more) {
  ProxyParse parse;
  parse.more = more;
  return parse;
}

ProxyParse Complete(size_t size, std::string address = "", int port = 0) {
  ProxyParse parse;
  parse.complete = true;
  parse.header.size = size;
  parse.header.client_address = std::move(address);
  parse.header.client_port = port;
  return parse;
}

// Whether `bytes` agrees with `prefix` as far as both go.
bool Agrees(absl::string_view bytes, absl::string_view prefix) {
  const size_t n = std::min(bytes.size(), prefix.size());
  return bytes.substr(0, n) == prefix.substr(0, n);
}

absl::StatusOr<ProxyParse> ParseV2(absl::string_view bytes) {
  if (bytes.size() < kV2FixedBytes) {
    return Incomplete(kV2FixedBytes - bytes.size());
  }
  const auto* u = reinterpret_cast<const uint8_t*>(bytes.data());
  if (const int version = u[12] >> 4; version != 2) {
    return Invalid("v2", absl::StrCat("version ", version, ", expected 2"));
  }
  const int command = u[12] & 0xf;
  if (command != kLocal && command != kProxy) {
    return Invalid("v2", absl::StrCat("command ", command,
                                      " is neither LOCAL (0) nor PROXY (1)"));
  }
  const int family = u[13] >> 4;
  const int transport = u[13] & 0xf;
  if (family > kFamilyUnix || transport > 2) {
    return Invalid("v2", absl::StrCat("unknown address family and transport 0x",
                                      absl::Hex(int{u[13]}, absl::kZeroPad2)));
  }
  const size_t length = (size_t{u[14]} << 8) | u[15];
  if (length > kMaxProxyV2BlockBytes) {
    return Invalid("v2", absl::StrCat(length,
                                      " bytes of addresses and extensions, "
                                      "over the limit of ",
                                      kMaxProxyV2BlockBytes));
  }
  if (length < kBlockBytes[family]) {
    return Invalid(
        "v2", absl::StrCat("the address block of this family needs ",
                           kBlockBytes[family], " bytes, ", length, " given"));
  }
  const size_t size = kV2FixedBytes + length;
  if (bytes.size() < size) return Incomplete(size - bytes.size());
  // A LOCAL connection (the proxy's own, e.g. a health check) and families
  // other than TCP over IP name no client: the peer is the client.
  if (command == kLocal || transport != kTransportStream ||
      (family != kFamilyInet && family != kFamilyInet6)) {
    return Complete(size);
  }
  const uint8_t* block = u + kV2FixedBytes;
  if (family == kFamilyInet) {
    return Complete(size, IpAddressText(AF_INET, block),
                    (block[8] << 8) | block[9]);
  }
  return Complete(size, IpAddressText(AF_INET6, block),
                  (block[32] << 8) | block[33]);
}

// A decimal port with no leading zero, 0..65535.
bool ParsePort(absl::string_view text, int* port) {
  if (text.empty() || text.size() > 5 || (text.size() > 1 && text[0] == '0'))
    return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return absl::SimpleAtoi(text, port) && *port <= 65535;
}

absl::StatusOr<ProxyParse> ParseV1Line(absl::string_view line, size_t size) {
  // Fields are separated by exactly one space: an empty field is an error.
  const std::vector<absl::string_view> fields = absl::StrSplit(line, ' ');
  if (fields.size() >= 2 && fields[1] == "UNKNOWN") {
    // The rest of the line, if any, is to be ignored.
    return Complete(size);
  }
  if (fields.size() != 6 || (fields[1] != "TCP4" && fields[1] != "TCP6")) {
    return Invalid("v1", absl::StrCat("expected \"PROXY TCP4|TCP6 source "
                                      "destination source-port "
                                      "destination-port\", got ",
                                      Quoted(line)));
  }
  const int family = fields[1] == "TCP4" ? AF_INET : AF_INET6;
  uint8_t addresses[2][16];
  for (int i : {0, 1}) {
    const std::string text(fields[2 + i]);
    if (inet_pton(family, text.c_str(), addresses[i]) != 1) {
      return Invalid("v1", absl::StrCat(i == 0 ? "source" : "destination",
                                        " address ", Quoted(text),
                                        " is not an ", fields[1], " address"));
    }
  }
  int ports[2];
  for (int i : {0, 1}) {
    if (!ParsePort(fields[4 + i], &ports[i])) {
      return Invalid("v1", absl::StrCat(i == 0 ? "source" : "destination",
                                        " port ", Quoted(fields[4 + i]),
                                        " is not a number in 0..65535"));
    }
  }
  return Complete(size, IpAddressText(family, addresses[0]), ports[0]);
}

absl::StatusOr<ProxyParse> ParseV1(absl::string_view bytes) {
  const absl::string_view window =
      bytes.substr(0, std::min(bytes.size(), kMaxProxyV1LineBytes));
  const size_t end = window.find("\r\n");
  // A lone CR or LF never ends the line.
  const size_t stray = window.find_first_of("\r\n");
  if (stray != absl::string_view::npos && stray != end &&
      !(stray + 1 == window.size() && window[stray] == '\r')) {
    return Invalid("v1", "a CR or LF inside the line");
  }
  if (end == absl::string_view::npos) {
    if (window.size() >= kMaxProxyV1LineBytes) {
      return Invalid("v1", absl::StrCat("no CRLF within ", kMaxProxyV1LineBytes,
                                        " bytes"));
    }
    // The line's length is not known ahead: one byte at a time past the
    // shortest header.
    return Incomplete(
        bytes.size() < kShortestHeader ? kShortestHeader - bytes.size() : 1);
  }
  return ParseV1Line(window.substr(0, end), end + 2);
}

}  // namespace

absl::StatusOr<ProxyParse> ParseProxyHeader(absl::string_view bytes) {
  if (bytes.empty()) return Incomplete(kShortestHeader);
  if (Agrees(bytes, kV2Signature)) {
    if (bytes.size() < kV2Signature.size()) {
      return Incomplete(kV2FixedBytes - bytes.size());
    }
    return ParseV2(bytes);
  }
  if (Agrees(bytes, kV1Prefix)) {
    if (bytes.size() < kV1Prefix.size()) {
      return Incomplete(kShortestHeader - bytes.size());
    }
    return ParseV1(bytes);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("PROXY header expected (v2 signature or \"PROXY \"), got ",
                   Quoted(bytes.substr(0, 16))));
}

}  // namespace caipan::rpc
