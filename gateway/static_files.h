// The board pages: files of web/, built into the binary, or read from a
// folder on each request (--web-root, for working on the pages).
#ifndef CAIPAN_GATEWAY_STATIC_FILES_H_
#define CAIPAN_GATEWAY_STATIC_FILES_H_

#include <optional>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"

namespace caipan::gateway {

struct StaticFile {
  std::string body;
  std::string content_type;
};

class StaticFiles {
 public:
  // The copy of web/ built into the binary.
  static StaticFiles Embedded();
  // Files under `root`, read when asked for.
  static StaticFiles FromDirectory(std::string root);

  // The file at URL path `path` ("/" is "/index.html"); nullopt when there is
  // none or the path is not a plain relative file name (no "..", no
  // hidden files, only [A-Za-z0-9._/-]).
  std::optional<StaticFile> Find(absl::string_view path) const;

 private:
  std::string root_;  // empty: embedded
  absl::flat_hash_map<std::string, absl::string_view> embedded_;
};

// The Content-Type for a file name's extension.
std::string ContentTypeOfFile(absl::string_view name);

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_STATIC_FILES_H_
