// Serving web/ (see static_files.h).
#include "gateway/static_files.h"

#include <fstream>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gateway/web_assets.h"

namespace caipan::gateway {
namespace {

// Pages are small; a bigger file in the folder is not served.
constexpr size_t kMaxFileBytes = 8 << 20;

bool IsPlainPath(absl::string_view path) {
  if (path.empty() || path.front() != '/' || path.size() > 256) return false;
  if (absl::StrContains(path, "/.") || absl::StrContains(path, "//")) {
    return false;
  }
  for (char c : path) {
    if (!absl::ascii_isalnum(c) && c != '.' && c != '_' && c != '-' &&
        c != '/') {
      return false;
    }
  }
  return true;
}

}  // namespace

StaticFiles StaticFiles::Embedded() {
  StaticFiles files;
  for (size_t i = 0; i < kWebAssetCount; ++i) {
    files.embedded_.emplace(
        kWebAssets[i].path,
        absl::string_view(kWebAssets[i].data, kWebAssets[i].size));
  }
  return files;
}

StaticFiles StaticFiles::FromDirectory(std::string root) {
  StaticFiles files;
  files.root_ = std::move(root);
  return files;
}

std::optional<StaticFile> StaticFiles::Find(absl::string_view path) const {
  path = path.substr(0, path.find_first_of("?#"));
  std::string name = path == "/" ? "/index.html" : std::string(path);
  if (!IsPlainPath(name)) return std::nullopt;
  StaticFile file;
  file.content_type = ContentTypeOfFile(name);
  if (root_.empty()) {
    auto it = embedded_.find(name);
    if (it == embedded_.end()) return std::nullopt;
    file.body = std::string(it->second);
    return file;
  }
  std::ifstream in(root_ + name, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream body;
  body << in.rdbuf();
  if (!in.good() && !in.eof()) return std::nullopt;
  file.body = body.str();
  if (file.body.size() > kMaxFileBytes) return std::nullopt;
  return file;
}

std::string ContentTypeOfFile(absl::string_view name) {
  const absl::string_view extension = name.substr(name.rfind('.') + 1);
  if (extension == "html") return "text/html; charset=utf-8";
  if (extension == "js") return "text/javascript; charset=utf-8";
  if (extension == "css") return "text/css; charset=utf-8";
  if (extension == "svg") return "image/svg+xml";
  if (extension == "png") return "image/png";
  if (extension == "json") return "application/json";
  if (extension == "ico") return "image/x-icon";
  if (extension == "txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

}  // namespace caipan::gateway
