// CIDR address ranges (see address_ranges.h).
#include "rpc/address_ranges.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/common/text.h"

namespace caipan::rpc {
namespace {

// QuoteToken takes a std::string_view, which absl's is not in this build.
std::string Quoted(absl::string_view text) {
  return QuoteToken(std::string_view(text.data(), text.size()));
}

constexpr uint8_t kMappedPrefix[12] = {0, 0, 0, 0, 0,    0,
                                       0, 0, 0, 0, 0xff, 0xff};

// Reads an address in text into `family` and `bytes` (IPv4 in the first 4),
// an IPv4-mapped IPv6 address as IPv4.
bool ReadAddress(absl::string_view text, int* family,
                 std::array<uint8_t, 16>* bytes) {
  const std::string copy(text);
  bytes->fill(0);
  if (inet_pton(AF_INET, copy.c_str(), bytes->data()) == 1) {
    *family = AF_INET;
    return true;
  }
  if (inet_pton(AF_INET6, copy.c_str(), bytes->data()) != 1) return false;
  if (std::equal(kMappedPrefix, kMappedPrefix + 12, bytes->begin())) {
    std::copy(bytes->begin() + 12, bytes->end(), bytes->begin());
    std::fill(bytes->begin() + 4, bytes->end(), 0);
    *family = AF_INET;
    return true;
  }
  *family = AF_INET6;
  return true;
}

// Whether the first `bits` bits of `a` and `b` agree.
bool SamePrefix(const std::array<uint8_t, 16>& a,
                const std::array<uint8_t, 16>& b, int bits) {
  int i = 0;
  for (; bits >= 8; bits -= 8, ++i) {
    if (a[i] != b[i]) return false;
  }
  if (bits == 0) return true;
  const uint8_t mask = static_cast<uint8_t>(0xff << (8 - bits));
  return (a[i] & mask) == (b[i] & mask);
}

}  // namespace

absl::StatusOr<AddressRanges> AddressRanges::Parse(absl::string_view list) {
  AddressRanges ranges;
  std::vector<std::string> texts;
  for (absl::string_view entry : absl::StrSplit(list, ',')) {
    entry = absl::StripAsciiWhitespace(entry);
    if (entry.empty()) continue;
    const size_t slash = entry.find('/');
    const absl::string_view address = entry.substr(0, slash);
    Range range;
    if (!ReadAddress(address, &range.family, &range.bytes)) {
      return absl::InvalidArgumentError(
          absl::StrCat(Quoted(entry), " is not an IP address or range ",
                       "(ADDRESS or ADDRESS/PREFIX, e.g. 10.0.0.0/8)"));
    }
    const int max_bits = range.family == AF_INET ? 32 : 128;
    range.prefix_bits = max_bits;
    if (slash != absl::string_view::npos) {
      const absl::string_view bits = entry.substr(slash + 1);
      if (!absl::SimpleAtoi(bits, &range.prefix_bits) ||
          range.prefix_bits < 0 || range.prefix_bits > max_bits ||
          bits.empty() || bits[0] == '+' || bits[0] == '-') {
        return absl::InvalidArgumentError(absl::StrCat(
            Quoted(entry), ": the prefix length must be 0..", max_bits));
      }
    }
    ranges.ranges_.push_back(range);
    texts.emplace_back(entry);
  }
  ranges.text_ = absl::StrJoin(texts, ",");
  return ranges;
}

bool AddressRanges::Contains(absl::string_view address) const {
  if (ranges_.empty()) return false;
  int family = 0;
  std::array<uint8_t, 16> bytes;
  if (!ReadAddress(address, &family, &bytes)) return false;
  for (const Range& range : ranges_) {
    if (range.family == family &&
        SamePrefix(range.bytes, bytes, range.prefix_bits)) {
      return true;
    }
  }
  return false;
}

std::string IpAddressText(int family, const uint8_t* bytes) {
  char text[INET6_ADDRSTRLEN] = {};
  if (family == AF_INET6 &&
      std::equal(kMappedPrefix, kMappedPrefix + 12, bytes)) {
    family = AF_INET;
    bytes += 12;
  }
  if (inet_ntop(family, bytes, text, sizeof(text)) == nullptr) return "";
  return text;
}

std::string AddressText(const sockaddr* address) {
  if (address->sa_family == AF_INET) {
    return IpAddressText(
        AF_INET, reinterpret_cast<const uint8_t*>(
                     &reinterpret_cast<const sockaddr_in*>(address)->sin_addr));
  }
  if (address->sa_family != AF_INET6) return "";
  return IpAddressText(
      AF_INET6,
      reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr.s6_addr);
}

}  // namespace caipan::rpc
