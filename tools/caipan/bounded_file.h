// Reading a file named on the command line without trusting it: only regular
// files, and never more than a given number of bytes (a record option that
// named /dev/zero or a 50 MB file used to exhaust memory or time).
#ifndef CAIPAN_TOOLS_CAIPAN_BOUNDED_FILE_H_
#define CAIPAN_TOOLS_CAIPAN_BOUNDED_FILE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace caipan::cli {

// The byte limit of a file option and the flag that sets it (for messages).
struct ByteLimit {
  int64_t max_bytes;
  std::string_view flag;
};

// The whole content of the regular file at `path`, or an error whose message
// starts with `option path:` — "not a regular file", "N bytes exceed
// --flag M" (checked with stat before reading, and again while reading in
// case the file grows) or "cannot read (reason)".
absl::StatusOr<std::string> ReadBoundedFile(std::string_view option,
                                            const std::string& path,
                                            ByteLimit limit);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_BOUNDED_FILE_H_
