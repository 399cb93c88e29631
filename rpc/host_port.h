// Small helpers shared by the server's listeners and file-reading flags:
// splitting "host:port" and reading a file of bounded size.
#ifndef CAIPAN_RPC_HOST_PORT_H_
#define CAIPAN_RPC_HOST_PORT_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace caipan::rpc {

struct HostPort {
  // Without brackets ("::1" for "[::1]:80"); empty means any address.
  std::string host;
  int port = 0;
};

// Splits "host:port", "[v6]:port" or ":port"; InvalidArgument naming
// `address` unless the port is a number in 0..65535.
absl::StatusOr<HostPort> SplitHostPort(absl::string_view address);

// The whole file at `path` if it has at most `max_bytes`; errors name `flag`
// and the path ("--tls-cert x.pem: cannot be read").
absl::StatusOr<std::string> ReadSmallFile(const std::string& path,
                                          size_t max_bytes,
                                          absl::string_view flag);

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_HOST_PORT_H_
