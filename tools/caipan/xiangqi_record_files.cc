// See xiangqi_record_files.h.
#include "tools/caipan/xiangqi_record_files.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/xiangqi/record_dhtmlxq.h"
#include "engine/xiangqi/record_xqf.h"
#include "tools/caipan/bounded_file.h"

namespace caipan::cli {
namespace {

namespace fs = std::filesystem;

bool IsRecordFile(const fs::path& path) {
  const std::string ext = absl::AsciiStrToLower(path.extension().string());
  return ext == ".pgn" || ext == ".txt" || ext == ".xqf" || ext == ".html" ||
         ext == ".htm" || ext == ".ubb";
}

std::vector<LoadedGame> OneGame(absl::StatusOr<xiangqi::GameRecord> record) {
  std::vector<LoadedGame> games;
  games.push_back(LoadedGame{1, std::move(record)});
  return games;
}

std::vector<LoadedGame> FileError(const std::string& path,
                                  const std::string& message) {
  std::vector<LoadedGame> games;
  games.push_back(LoadedGame{0, absl::InvalidArgumentError(absl::StrCat(
                                    "--record ", path, ": ", message))});
  return games;
}

}  // namespace

absl::StatusOr<std::vector<std::string>> ExpandRecordPaths(
    const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
      files.push_back(path);  // read (and judged) as a file
      continue;
    }
    std::vector<std::string> found;
    fs::recursive_directory_iterator it(
        path, fs::directory_options::skip_permission_denied, ec);
    if (ec) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--record ", path, ": cannot list (", ec.message(), ")"));
    }
    for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) {
        return absl::InvalidArgumentError(absl::StrCat(
            "--record ", path, ": cannot list (", ec.message(), ")"));
      }
      if (it->is_regular_file(ec) && IsRecordFile(it->path()))
        found.push_back(it->path().string());
      if (files.size() + found.size() > kMaxRecordFiles) {
        return absl::InvalidArgumentError(absl::StrCat(
            "--record: more than ", kMaxRecordFiles, " record files"));
      }
    }
    if (found.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--record ", path,
          ": no record files under it (*.pgn *.txt *.xqf *.html *.htm *.ubb)"));
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  if (files.size() > kMaxRecordFiles) {
    return absl::InvalidArgumentError(
        absl::StrCat("--record: more than ", kMaxRecordFiles, " record files"));
  }
  return files;
}

std::vector<LoadedGame> ReadRecordFile(const std::string& path,
                                       const RecordFileOptions& options) {
  absl::StatusOr<std::string> bytes = ReadBoundedFile(
      "--record", path, {options.max_bytes, "--max-record-bytes"});
  if (!bytes.ok()) {
    std::vector<LoadedGame> games;
    games.push_back(LoadedGame{0, bytes.status()});
    return games;
  }
  if (xiangqi::LooksLikeXqf(*bytes)) return OneGame(xiangqi::ParseXqf(*bytes));
  absl::StatusOr<std::string> text = ToUtf8(*bytes, options.encoding);
  if (!text.ok()) return FileError(path, std::string(text.status().message()));
  if (xiangqi::LooksLikeDhtmlXq(*text))
    return OneGame(xiangqi::ParseDhtmlXq(*text));
  std::vector<LoadedGame> games;
  for (xiangqi::RecordEntry& entry : xiangqi::ParseRecords(*text))
    games.push_back(LoadedGame{entry.index, std::move(entry.record)});
  if (games.empty()) return FileError(path, "no game in the file");
  return games;
}

}  // namespace caipan::cli
