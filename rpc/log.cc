// Structured key=value log lines (see log.h).
#include "rpc/log.h"

#include <cstdio>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "rpc/redact.h"

namespace caipan::rpc {
namespace {

bool NeedsQuotes(absl::string_view value) {
  if (value.empty()) return true;
  for (char c : value) {
    if (c == ' ' || c == '"' || c == '=' || c == '\n' || c == '\t' || c == '\\')
      return true;
  }
  return false;
}

void AppendQuoted(std::string* out, absl::string_view value) {
  out->push_back('"');
  for (char c : value) {
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(c);
    } else if (c == '\n') {
      out->append("\\n");
    } else if (c == '\t') {
      out->append("\\t");
    } else {
      out->push_back(c);
    }
  }
  out->push_back('"');
}

}  // namespace

LogLine::LogLine(absl::string_view event) {
  text_.reserve(192);
  absl::StrAppend(&text_, "ts=",
                  absl::FormatTime("%Y-%m-%dT%H:%M:%E3SZ", absl::Now(),
                                   absl::UTCTimeZone()),
                  " event=", event);
}

LogLine::~LogLine() {
  text_.push_back('\n');
  // One fwrite per line: stdio's lock keeps lines from different threads whole.
  std::fwrite(text_.data(), 1, text_.size(), stderr);
}

LogLine& LogLine::Add(absl::string_view key, absl::string_view value) {
  absl::StrAppend(&text_, " ", key, "=");
  // No password reaches a log (a store's conninfo, an error quoting it).
  std::string redacted;
  if (MayHoldSecrets(value)) {
    redacted = RedactSecrets(value);
    value = redacted;
  }
  if (NeedsQuotes(value)) {
    AppendQuoted(&text_, value);
  } else {
    text_.append(value.data(), value.size());
  }
  return *this;
}

LogLine& LogLine::Add(absl::string_view key, int64_t value) {
  absl::StrAppend(&text_, " ", key, "=", value);
  return *this;
}

void StartLogFlusher() {
  static char buffer[1 << 16];
  std::setvbuf(stderr, buffer, _IOFBF, sizeof(buffer));
  std::thread([] {
    for (;;) {
      absl::SleepFor(absl::Milliseconds(200));
      std::fflush(stderr);
    }
  }).detach();
}

void FlushLogs() { std::fflush(stderr); }

}  // namespace caipan::rpc
