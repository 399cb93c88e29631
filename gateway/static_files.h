// The board pages: files of web/, built into the binary, or read from a
// folder on each request (--web-root, for working on the pages).
//
// A folder's file is served only if its real path (symbolic links resolved)
// lies inside the folder's real path, and it is a regular file of at most
// kMaxWebRootFileBytes (checked with fstat before anything is read). Files
// up to kMaxInMemoryFileBytes are read whole; bigger ones are handed over
// open, to be sent a buffer at a time.
#ifndef CAIPAN_GATEWAY_STATIC_FILES_H_
#define CAIPAN_GATEWAY_STATIC_FILES_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"

namespace caipan::gateway {

// Pages are small; a bigger file in the folder is not served (404).
inline constexpr uint64_t kMaxWebRootFileBytes = uint64_t{8} << 20;
// Files up to this size are read into memory; bigger ones are streamed.
inline constexpr uint64_t kMaxInMemoryFileBytes = uint64_t{64} << 10;

// An open file descriptor, closed with its owner.
class FileHandle {
 public:
  FileHandle() = default;
  explicit FileHandle(int fd) : fd_(fd) {}
  FileHandle(FileHandle&& other) noexcept : fd_(other.Release()) {}
  FileHandle& operator=(FileHandle&& other) noexcept;
  FileHandle(const FileHandle&) = delete;
  FileHandle& operator=(const FileHandle&) = delete;
  ~FileHandle();

  bool is_open() const { return fd_ >= 0; }
  int get() const { return fd_; }
  // The descriptor, no longer closed by this handle.
  int Release();

 private:
  int fd_ = -1;
};

struct StaticFile {
  // The whole file; empty when `stream` holds it.
  std::string body;
  std::string content_type;
  // A --web-root file over kMaxInMemoryFileBytes, open for reading.
  FileHandle stream;
};

class StaticFiles {
 public:
  // The copy of web/ built into the binary.
  static StaticFiles Embedded();
  // Files under `root`, read when asked for.
  static StaticFiles FromDirectory(std::string root);

  // The file at URL path `path` ("/" is "/index.html"); nullopt when there is
  // none, the path is not a plain relative file name (no "..", no hidden
  // files, only [A-Za-z0-9._/-]), or the folder's file is not served (see
  // above).
  std::optional<StaticFile> Find(absl::string_view path) const;

 private:
  std::optional<StaticFile> FindInDirectory(const std::string& name) const;

  std::string root_;  // empty: embedded; else its real path
  absl::flat_hash_map<std::string, absl::string_view> embedded_;
};

// The Content-Type for a file name's extension.
std::string ContentTypeOfFile(absl::string_view name);

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_STATIC_FILES_H_
