// "host:port" splitting and bounded file reads (see host_port.h).
#include "rpc/host_port.h"

#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace caipan::rpc {

absl::StatusOr<HostPort> SplitHostPort(absl::string_view address) {
  const size_t colon = address.rfind(':');
  HostPort out;
  if (colon == absl::string_view::npos ||
      !absl::SimpleAtoi(address.substr(colon + 1), &out.port) || out.port < 0 ||
      out.port > 65535) {
    return absl::InvalidArgumentError(
        absl::StrCat(address, ": expected host:port"));
  }
  out.host = std::string(
      absl::StripPrefix(absl::StripSuffix(address.substr(0, colon), "]"), "["));
  return out;
}

absl::StatusOr<std::string> ReadSmallFile(const std::string& path,
                                          size_t max_bytes,
                                          absl::string_view flag) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return absl::InvalidArgumentError(
        absl::StrCat(flag, " ", path, ": cannot be read"));
  }
  // One byte more than allowed tells an over-long file from a full one.
  std::string text(max_bytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > max_bytes) {
    return absl::InvalidArgumentError(
        absl::StrCat(flag, " ", path, ": larger than ", max_bytes, " bytes"));
  }
  return text;
}

}  // namespace caipan::rpc
