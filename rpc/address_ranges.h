// Address ranges in CIDR notation ("10.0.0.0/8", "2001:db8::/32",
// "192.0.2.7"): which peers are trusted proxies, allowed to name the client
// they relay (--trusted-proxy).
#ifndef CAIPAN_RPC_ADDRESS_RANGES_H_
#define CAIPAN_RPC_ADDRESS_RANGES_H_

#include <sys/socket.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace caipan::rpc {

class AddressRanges {
 public:
  AddressRanges() = default;
  // A comma-separated list of addresses or ADDRESS/PREFIX ranges; blanks
  // around entries are ignored. InvalidArgument naming the entry at fault.
  static absl::StatusOr<AddressRanges> Parse(absl::string_view list);

  bool empty() const { return ranges_.empty(); }
  // Whether `address` (an IP address in text; IPv4-mapped IPv6 counts as
  // IPv4) is in one of the ranges. False for text that is not an address.
  bool Contains(absl::string_view address) const;
  // The ranges as given, comma-separated, for the log.
  const std::string& text() const { return text_; }

 private:
  struct Range {
    int family = 0;
    std::array<uint8_t, 16> bytes{};
    int prefix_bits = 0;
  };
  std::vector<Range> ranges_;
  std::string text_;
};

// An IP address in text from its bytes (4 for AF_INET, 16 for AF_INET6), an
// IPv4-mapped IPv6 address as IPv4.
std::string IpAddressText(int family, const uint8_t* bytes);

// The IP address of a socket address in text, an IPv4-mapped IPv6 address as
// IPv4 ("::ffff:192.0.2.1" -> "192.0.2.1"), so a client has one name whether
// a listener is bound to IPv4 or IPv6. Empty for other families.
std::string AddressText(const sockaddr* address);

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_ADDRESS_RANGES_H_
