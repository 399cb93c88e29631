#include "engine/clock/time_control.h"

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"

namespace caipan::clock {
namespace {

constexpr size_t kMaxTextBytes = 64;
constexpr std::string_view kArmageddon = ";armageddon";

// This abseil's string_view is not std::string_view, so StrCat is given
// std::string copies.
absl::Status Invalid(std::string_view text, const std::string& what) {
  return absl::InvalidArgumentError(
      absl::StrCat("time control ", QuoteToken(text), ": ", what));
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && IsSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
  return text;
}

// A left-to-right reader of the grammar in time_control.h; errors say where
// they happened by quoting what was read before.
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  absl::StatusOr<TimeControl> Parse() {
    if (text_.empty()) return Error("empty");
    if (Consume("none") || Consume("-")) {
      if (AtEnd()) return TimeControl{};
      if (Rest() == kArmageddon) {
        return Error("\";armageddon\" needs a timed control");
      }
      if (IsDigit(Rest()[0])) return Error("negative time");
      return Unexpected();
    }
    TimeControl control;
    control.timed = true;
    if (Consume("S")) {
      absl::StatusOr<int64_t> shared = Seconds("shared time", false);
      if (!shared.ok()) return shared.status();
      control.shared_ms = *shared;
      if (!Consume(":")) return Error(absl::StrCat("expected \":\" ", Where()));
    }
    if (Consume("W")) {
      absl::StatusOr<Period> first = ReadPeriod();
      if (!first.ok()) return first.status();
      if (!Consume("-B"))
        return Error(absl::StrCat("expected \"-B\" ", Where()));
      absl::StatusOr<Period> second = ReadPeriod();
      if (!second.ok()) return second.status();
      control.individual[kFirst] = *first;
      control.individual[kSecond] = *second;
    } else {
      absl::StatusOr<Period> both = ReadPeriod();
      if (!both.ok()) return both.status();
      control.individual[kFirst] = control.individual[kSecond] = *both;
    }
    control.armageddon = Consume(kArmageddon);
    if (!AtEnd()) return Unexpected();
    return control;
  }

 private:
  bool AtEnd() const { return pos_ == text_.size(); }
  std::string_view Rest() const { return text_.substr(pos_); }

  bool Consume(std::string_view token) {
    if (!Rest().starts_with(token)) return false;
    pos_ += token.size();
    return true;
  }

  std::string Where() const {
    if (pos_ == 0) return "at the start";
    return absl::StrCat("after ", QuoteToken(text_.substr(0, pos_)));
  }

  absl::Status Error(const std::string& what) const {
    return Invalid(text_, what);
  }

  absl::Status Unexpected() const {
    return Error(absl::StrCat("unexpected ", QuoteToken(Rest()), " ", Where()));
  }

  // Whole seconds, returned in milliseconds; `label` names them in errors.
  absl::StatusOr<int64_t> Seconds(const std::string& label, bool allow_zero) {
    if (!AtEnd() && text_[pos_] == '-') {
      return Error(absl::StrCat("negative ", label, " ", Where()));
    }
    if (AtEnd() || !IsDigit(text_[pos_])) {
      return Error(absl::StrCat("expected seconds ", Where()));
    }
    const size_t start = pos_;
    int64_t value = 0;
    bool too_big = false;
    for (; !AtEnd() && IsDigit(text_[pos_]); ++pos_) {
      // Stop accumulating once past the bound so long digit runs cannot
      // overflow.
      if (!too_big) value = value * 10 + (text_[pos_] - '0');
      too_big = too_big || value > kMaxSeconds;
    }
    if (too_big) {
      return Error(absl::StrCat(label, " ",
                                std::string(text_.substr(start, pos_ - start)),
                                " is more than ", kMaxSeconds, " seconds"));
    }
    if (value == 0 && !allow_zero) {
      return Error(absl::StrCat(label, " must be at least 1 second"));
    }
    return value * 1000;
  }

  absl::StatusOr<Period> ReadPeriod() {
    Period period;
    absl::StatusOr<int64_t> base = Seconds("base", false);
    if (!base.ok()) return base.status();
    period.base_ms = *base;
    if (Consume("+")) {
      absl::StatusOr<int64_t> increment = Seconds("increment", true);
      if (!increment.ok()) return increment.status();
      period.increment_ms = *increment;
    }
    return period;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

// Whole seconds: controls from ParseTimeControl never hold a fraction.
std::string FormatPeriod(const Period& period) {
  std::string out = absl::StrCat(period.base_ms / 1000);
  if (period.increment_ms != 0) {
    absl::StrAppend(&out, "+", period.increment_ms / 1000);
  }
  return out;
}

}  // namespace

absl::StatusOr<TimeControl> ParseTimeControl(std::string_view text) {
  // Checked first so no work is spent on oversized input.
  if (text.size() > kMaxTextBytes) {
    return Invalid(text, absl::StrCat("longer than ", kMaxTextBytes, " bytes"));
  }
  return Parser(Trim(text)).Parse();
}

std::string FormatTimeControl(const TimeControl& control) {
  if (!control.timed) return "none";
  std::string out;
  if (control.shared_ms != 0) {
    absl::StrAppend(&out, "S", control.shared_ms / 1000, ":");
  }
  const Period& first = control.individual[kFirst];
  const Period& second = control.individual[kSecond];
  if (first == second) {
    absl::StrAppend(&out, FormatPeriod(first));
  } else {
    absl::StrAppend(&out, "W", FormatPeriod(first), "-B", FormatPeriod(second));
  }
  if (control.armageddon) out.append(kArmageddon);
  return out;
}

}  // namespace caipan::clock
