// Serving web/ (see static_files.h).
#include "gateway/static_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "gateway/web_assets.h"

namespace caipan::gateway {
namespace {

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

// Whether `path` (a real path) lies inside `root` (a real path).
bool IsInside(const std::string& path, const std::string& root) {
  if (root == "/") return true;
  return path.size() > root.size() && absl::StartsWith(path, root) &&
         path[root.size()] == '/';
}

// Reads `size` bytes of `fd` from its start; false on a read error or a
// file that shrank.
bool ReadWhole(int fd, uint64_t size, std::string* body) {
  body->resize(size);
  size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pread(fd, body->data() + done, size - done, done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

FileHandle& FileHandle::operator=(FileHandle&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.Release();
  }
  return *this;
}

FileHandle::~FileHandle() {
  if (fd_ >= 0) ::close(fd_);
}

int FileHandle::Release() {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

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
  // Its real path: what each file's real path must lie inside.
  std::error_code error;
  std::filesystem::path real = std::filesystem::canonical(root, error);
  if (error) real = std::filesystem::weakly_canonical(root, error);
  files.root_ = error ? root : real.string();
  return files;
}

std::optional<StaticFile> StaticFiles::Find(absl::string_view path) const {
  path = path.substr(0, path.find_first_of("?#"));
  std::string name = path == "/" ? "/index.html" : std::string(path);
  if (!IsPlainPath(name)) return std::nullopt;
  std::optional<StaticFile> file;
  if (root_.empty()) {
    auto it = embedded_.find(name);
    if (it == embedded_.end()) return std::nullopt;
    file.emplace();
    file->body = std::string(it->second);
  } else {
    file = FindInDirectory(name);
    if (!file) return std::nullopt;
  }
  file->content_type = ContentTypeOfFile(name);
  return file;
}

std::optional<StaticFile> StaticFiles::FindInDirectory(
    const std::string& name) const {
  // Symbolic links resolved: a link out of the folder is not followed.
  std::error_code error;
  const std::string real =
      std::filesystem::canonical(root_ + name, error).string();
  if (error || !IsInside(real, root_)) return std::nullopt;
  // O_NOFOLLOW: a link swapped in since is refused; O_NONBLOCK: a FIFO does
  // not hold the thread.
  FileHandle fd(
      ::open(real.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
  struct stat info;
  if (!fd.is_open() || ::fstat(fd.get(), &info) != 0 ||
      !S_ISREG(info.st_mode)) {
    return std::nullopt;
  }
  // The size is checked before anything is read.
  const uint64_t size = static_cast<uint64_t>(info.st_size);
  if (size > kMaxWebRootFileBytes) return std::nullopt;
  StaticFile file;
  if (size > kMaxInMemoryFileBytes) {
    file.stream = std::move(fd);
    return file;
  }
  if (!ReadWhole(fd.get(), size, &file.body)) return std::nullopt;
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
