// Reading xiangqi game records named on the command line: files or
// directories (walked for record files), each file decoded (UTF-8, GB18030/GBK
// or Big5) and split into games, whatever the format — PGN or a plain move
// list with any number of games, XQF, or DhtmlXQ text (also inside a web page).
#ifndef CAIPAN_TOOLS_CAIPAN_XIANGQI_RECORD_FILES_H_
#define CAIPAN_TOOLS_CAIPAN_XIANGQI_RECORD_FILES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/common/text_encoding.h"
#include "engine/xiangqi/record.h"

namespace caipan::cli {

struct RecordFileOptions {
  int64_t max_bytes = 0;  // per file
  TextEncoding encoding = TextEncoding::kAuto;
};

// One game of a file, or the file's own error (index 0).
struct LoadedGame {
  int index = 0;  // 1-based in the file; 0 when the file itself failed
  absl::StatusOr<xiangqi::GameRecord> record;
};

// Largest number of files a run reads (directories included).
inline constexpr int kMaxRecordFiles = 1000000;

// The files to read, in order: each path as given, a directory replaced by
// the record files under it (*.pgn, *.txt, *.xqf, *.html, *.htm, *.ubb, any
// case), sorted. Errors name the path (missing, or too many files).
absl::StatusOr<std::vector<std::string>> ExpandRecordPaths(
    const std::vector<std::string>& paths);

// The games of the file at `path`; an unreadable, oversized or undecodable
// file gives one entry with index 0 and the error (naming --record and the
// path).
std::vector<LoadedGame> ReadRecordFile(const std::string& path,
                                       const RecordFileOptions& options);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_XIANGQI_RECORD_FILES_H_
