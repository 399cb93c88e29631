// Strict JSON syntax (see json_syntax.h): a recursive-descent reader that
// only checks.
#include "gateway/json_syntax.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"

namespace caipan::gateway {
namespace {

class JsonChecker {
 public:
  JsonChecker(absl::string_view text, int max_depth)
      : text_(text), max_depth_(max_depth) {}

  absl::Status Check() {
    SkipSpace();
    if (!Value(0)) return error_;
    SkipSpace();
    if (at_ != text_.size()) return Error("text after the JSON value");
    return absl::OkStatus();
  }

 private:
  bool Value(int depth) {
    if (at_ >= text_.size()) return Fail("a value is missing");
    switch (text_[at_]) {
      case '{':
        return Object(depth + 1);
      case '[':
        return Array(depth + 1);
      case '"':
        return String();
      case 't':
        return Literal("true");
      case 'f':
        return Literal("false");
      case 'n':
        return Literal("null");
      default:
        return Number();
    }
  }

  bool Object(int depth) {
    if (depth > max_depth_) return Fail("nested too deeply");
    ++at_;  // {
    SkipSpace();
    if (Peek('}')) return ++at_, true;
    while (true) {
      SkipSpace();
      if (!Peek('"')) return Fail("a field name (in double quotes) expected");
      if (!String()) return false;
      SkipSpace();
      if (!Peek(':')) return Fail("':' expected after a field name");
      ++at_;
      SkipSpace();
      if (!Value(depth)) return false;
      SkipSpace();
      if (Peek(',')) {
        ++at_;
        continue;
      }
      if (Peek('}')) return ++at_, true;
      return Fail("',' or '}' expected");
    }
  }

  bool Array(int depth) {
    if (depth > max_depth_) return Fail("nested too deeply");
    ++at_;  // [
    SkipSpace();
    if (Peek(']')) return ++at_, true;
    while (true) {
      SkipSpace();
      if (!Value(depth)) return false;
      SkipSpace();
      if (Peek(',')) {
        ++at_;
        continue;
      }
      if (Peek(']')) return ++at_, true;
      return Fail("',' or ']' expected");
    }
  }

  bool String() {
    ++at_;  // "
    while (at_ < text_.size()) {
      const unsigned char c = static_cast<unsigned char>(text_[at_]);
      if (c == '"') return ++at_, true;
      if (c < 0x20) return Fail("a control character inside a string");
      if (c == '\\') {
        if (!Escape()) return false;
        continue;
      }
      const size_t length = Utf8SequenceLength(
          std::string_view(text_.data() + at_, text_.size() - at_));
      if (length == 0) return Fail("not valid UTF-8");
      at_ += length;
    }
    return Fail("a string is not closed");
  }

  bool Escape() {
    ++at_;  // backslash
    if (at_ >= text_.size()) return Fail("a string is not closed");
    const char c = text_[at_];
    if (c == 'u') {
      for (int i = 1; i <= 4; ++i) {
        if (at_ + i >= text_.size() || !absl::ascii_isxdigit(text_[at_ + i])) {
          return Fail("\\u needs four hex digits");
        }
      }
      at_ += 5;
      return true;
    }
    if (c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' ||
        c == 'r' || c == 't') {
      ++at_;
      return true;
    }
    return Fail("an unknown escape in a string");
  }

  bool Number() {
    const size_t start = at_;
    if (Peek('-')) ++at_;
    if (Peek('0')) {
      ++at_;
    } else if (!Digits()) {
      at_ = start;
      return Fail(
          "a value expected (object, array, string, number, true, "
          "false or null)");
    }
    if (Peek('.')) {
      ++at_;
      if (!Digits()) return Fail("digits expected after '.'");
    }
    if (Peek('e') || Peek('E')) {
      ++at_;
      if (Peek('+') || Peek('-')) ++at_;
      if (!Digits()) return Fail("digits expected in the exponent");
    }
    return true;
  }

  bool Digits() {
    const size_t start = at_;
    while (at_ < text_.size() && absl::ascii_isdigit(text_[at_])) ++at_;
    return at_ > start;
  }

  bool Literal(absl::string_view word) {
    if (text_.substr(at_, word.size()) != word) {
      return Fail(
          "a value expected (object, array, string, number, true, "
          "false or null)");
    }
    at_ += word.size();
    return true;
  }

  bool Peek(char c) const { return at_ < text_.size() && text_[at_] == c; }

  void SkipSpace() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' ||
                                  text_[at_] == '\n' || text_[at_] == '\r')) {
      ++at_;
    }
  }

  absl::Status Error(absl::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrCat("JSON at byte ", at_, ": ", what));
  }

  bool Fail(absl::string_view what) {
    error_ = Error(what);
    return false;
  }

  absl::string_view text_;
  const int max_depth_;
  size_t at_ = 0;
  absl::Status error_;
};

}  // namespace

absl::Status CheckJsonSyntax(absl::string_view text, int max_depth) {
  return JsonChecker(text, max_depth).Check();
}

}  // namespace caipan::gateway
