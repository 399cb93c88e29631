// See bounded_file.h.
#include "tools/caipan/bounded_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"

namespace caipan::cli {
namespace {

// Closes the descriptor on every return path.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (fd_ >= 0) close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

// Names the option and the path in every message.
struct Source {
  std::string option;
  const std::string& path;

  absl::Status Error(const std::string& what) const {
    return absl::InvalidArgumentError(
        absl::StrCat(option, " ", path, ": ", what));
  }
  absl::Status CannotRead() const {
    return Error(absl::StrCat("cannot read (", std::strerror(errno), ")"));
  }
  absl::Status TooLarge(const std::string& size, ByteLimit limit) const {
    return Error(absl::StrCat(size, " bytes exceed ", std::string(limit.flag),
                              " ", limit.max_bytes));
  }
};

// A regular file within the limit, judged by its stat data.
absl::Status CheckStat(const Source& source, const struct stat& st,
                       ByteLimit limit) {
  if (!S_ISREG(st.st_mode)) return source.Error("not a regular file");
  if (st.st_size > limit.max_bytes) {
    return source.TooLarge(absl::StrCat(st.st_size), limit);
  }
  return absl::OkStatus();
}

// Reads to the end of the file, failing as soon as more than the limit has
// arrived (the file may have grown since it was checked).
absl::StatusOr<std::string> ReadAtMost(const Source& source, int fd,
                                       ByteLimit limit) {
  std::string text;
  char buffer[64 * 1024];
  while (true) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n == 0) return text;
    if (n < 0) {
      if (errno == EINTR) continue;
      return source.CannotRead();
    }
    if (static_cast<int64_t>(text.size()) + n > limit.max_bytes) {
      return source.TooLarge(absl::StrCat("more than ", limit.max_bytes),
                             limit);
    }
    text.append(buffer, static_cast<size_t>(n));
  }
}

}  // namespace

absl::StatusOr<std::string> ReadBoundedFile(std::string_view option,
                                            const std::string& path,
                                            ByteLimit limit) {
  const Source source{std::string(option), path};
  // stat before open: opening a FIFO blocks until a writer comes.
  struct stat st;
  if (stat(path.c_str(), &st) != 0) return source.CannotRead();
  CAIPAN_RETURN_IF_ERROR(CheckStat(source, st, limit));
  // O_NONBLOCK and a second check on the descriptor: the path may have been
  // replaced between stat and open.
  FileDescriptor fd(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) return source.CannotRead();
  if (fstat(fd.get(), &st) != 0) return source.CannotRead();
  CAIPAN_RETURN_IF_ERROR(CheckStat(source, st, limit));
  return ReadAtMost(source, fd.get(), limit);
}

}  // namespace caipan::cli
