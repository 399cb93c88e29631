// Fuzz target for the PROXY protocol header parser (rpc/proxy_protocol.h),
// which reads bytes a trusted proxy's peer chose (a client's address is
// copied into the header by the proxy, and a misconfigured proxy may send
// anything).
//
// Besides not crashing, it checks what the listeners rely on:
//   - a complete header never claims more bytes than were given, nor more
//     than the limits (v1 line, v2 block);
//   - an incomplete parse asks for at least one more byte, and reading
//     exactly that many more (any bytes) never moves the header's end before
//     the bytes already read (the reader never takes a byte of what follows
//     the header);
//   - feeding the input one prefix at a time, as a socket would, gives the
//     same result as the whole input at once;
//   - a client address, when named, is a valid IPv4 or IPv6 address.
#include <arpa/inet.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/strings/string_view.h"
#include "rpc/proxy_protocol.h"

namespace {

using caipan::rpc::kMaxProxyV2BlockBytes;
using caipan::rpc::ParseProxyHeader;
using caipan::rpc::ProxyParse;

void Check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "proxy_protocol_fuzz: %s\n", what);
    std::abort();
  }
}

bool IsAddress(const std::string& text) {
  unsigned char bytes[16];
  return inet_pton(AF_INET, text.c_str(), bytes) == 1 ||
         inet_pton(AF_INET6, text.c_str(), bytes) == 1;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view input(reinterpret_cast<const char*>(data), size);
  const auto whole = ParseProxyHeader(input);
  if (whole.ok() && whole->complete) {
    const size_t header = whole->header.size;
    Check(header <= size, "header longer than its input");
    Check(header <= 16 + kMaxProxyV2BlockBytes, "header over the limits");
    Check(header >= 15, "header shorter than the shortest");
    Check(whole->header.client_address.empty() ||
              IsAddress(whole->header.client_address),
          "client address is not an address");
  }
  if (whole.ok() && !whole->complete) {
    Check(whole->more >= 1, "incomplete without asking for more");
  }

  // Read the way the listeners do: only as many bytes as asked for.
  size_t read = 0;
  for (;;) {
    const auto step = ParseProxyHeader(input.substr(0, read));
    if (!step.ok()) {
      Check(!whole.ok() || !whole->complete,
            "a prefix of a valid header refused");
      break;
    }
    if (step->complete) {
      Check(step->header.size == read, "header end before the bytes read");
      Check(whole.ok() && whole->complete &&
                whole->header.size == step->header.size &&
                whole->header.client_address == step->header.client_address,
            "read step by step, another header than read whole");
      break;
    }
    Check(step->more >= 1, "incomplete without asking for more");
    if (read == size) break;
    read = std::min(size, read + step->more);
    Check(read <= 16 + kMaxProxyV2BlockBytes, "read past the limits");
  }
  return 0;
}
