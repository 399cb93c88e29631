// Structured logs: one event per line of space-separated key=value pairs on
// stderr, e.g.
//   ts=2026-01-01T12:00:00.000Z event=rpc
//   method=/caipan.v1.AdjudicationService/Ping code=OK
// Output is block-buffered and flushed periodically so per-RPC logging stays
// cheap.
#ifndef CAIPAN_RPC_LOG_H_
#define CAIPAN_RPC_LOG_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace caipan::rpc {

class LogLine {
 public:
  explicit LogLine(absl::string_view event);
  LogLine(const LogLine&) = delete;
  LogLine& operator=(const LogLine&) = delete;
  // Writes the line.
  ~LogLine();

  // Values containing spaces, quotes or '=' are quoted; passwords in them
  // are replaced by "***" (RedactSecrets, redact.h).
  LogLine& Add(absl::string_view key, absl::string_view value);
  LogLine& Add(absl::string_view key, const char* value) {
    return Add(key, absl::string_view(value));
  }
  LogLine& Add(absl::string_view key, int64_t value);

 private:
  std::string text_;
};

// Switches stderr to block buffering and starts a thread that flushes it every
// 200 ms.
void StartLogFlusher();
// Flushes buffered log lines now.
void FlushLogs();

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_LOG_H_
