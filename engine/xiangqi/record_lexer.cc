#include "engine/xiangqi/record_lexer.h"

#include <cctype>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/notation_formats.h"

namespace caipan::xiangqi::record_internal {
namespace {

constexpr std::string_view kIdeographicSpace =
    "\xE3\x80\x80";  // U+3000, common in CJK text
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

bool IsAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v' || c == ',';
}
bool IsDelimiter(char c) {
  return c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' ||
         c == ';';
}

absl::Status LineError(int line, std::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(
      "line ", line, ": ", absl::string_view(what.data(), what.size())));
}

class Lexer {
 public:
  Lexer(std::string_view text, int first_line)
      : text_(text), line_(first_line) {
    if (text_.substr(0, kByteOrderMark.size()) == kByteOrderMark) {
      text_.remove_prefix(kByteOrderMark.size());
    }
  }

  absl::StatusOr<std::vector<RecordToken>> Run() {
    std::vector<RecordToken> tokens;
    while (SkipSpace()) {
      char c = text_[pos_];
      int start_line = line_;
      if (c == '[') {
        absl::StatusOr<RecordToken> tag = Tag();
        if (!tag.ok()) return tag.status();
        tokens.push_back(*std::move(tag));
      } else if (c == '{') {
        size_t begin = pos_ + 1;
        if (!SkipUntil('}'))
          return LineError(start_line, "comment \"{\" is never closed");
        tokens.push_back(
            Comment(text_.substr(begin, pos_ - 1 - begin), start_line));
      } else if (c == ';') {
        size_t begin = pos_ + 1;
        SkipUntil('\n');
        size_t end = pos_;
        if (end > begin && text_[end - 1] == '\n') --end;
        tokens.push_back(Comment(text_.substr(begin, end - begin), start_line));
      } else if (c == '(') {
        if (!SkipVariation())
          return LineError(start_line, "variation \"(\" is never closed");
      } else if (c == '}' || c == ')' || c == ']') {
        return LineError(
            start_line, absl::StrCat("unexpected \"", std::string(1, c), "\""));
      } else if (c == '%' && AtLineStart()) {
        SkipUntil('\n');  // PGN escape line
      } else {
        RecordToken word;
        word.line = start_line;
        size_t begin = pos_;
        while (pos_ < text_.size() && !IsAsciiSpace(text_[pos_]) &&
               !IsDelimiter(text_[pos_]) &&
               text_.substr(pos_, kIdeographicSpace.size()) !=
                   kIdeographicSpace) {
          ++pos_;
        }
        word.value = std::string(text_.substr(begin, pos_ - begin));
        if (word.value[0] != '$')
          tokens.push_back(std::move(word));  // $n: an annotation
      }
    }
    return tokens;
  }

 private:
  // Skips whitespace; false at the end of the text.
  bool SkipSpace() {
    while (pos_ < text_.size()) {
      if (text_.substr(pos_, kIdeographicSpace.size()) == kIdeographicSpace) {
        pos_ += kIdeographicSpace.size();
      } else if (IsAsciiSpace(text_[pos_])) {
        if (text_[pos_] == '\n') ++line_;
        ++pos_;
      } else {
        return true;
      }
    }
    return false;
  }

  static RecordToken Comment(std::string_view text, int line) {
    RecordToken comment;
    comment.kind = RecordToken::Kind::kComment;
    comment.value = std::string(text);
    comment.line = line;
    return comment;
  }

  bool AtLineStart() const { return pos_ == 0 || text_[pos_ - 1] == '\n'; }

  // Moves past the next `end` character; false if there is none.
  bool SkipUntil(char end) {
    ++pos_;
    while (pos_ < text_.size()) {
      char c = text_[pos_++];
      if (c == '\n') ++line_;
      if (c == end) return true;
    }
    return end == '\n';
  }

  // Skips a parenthesised variation, nested ones and comments inside included.
  bool SkipVariation() {
    int depth = 0;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == '{') {
        if (!SkipUntil('}')) return false;
        continue;
      }
      ++pos_;
      if (c == '\n') ++line_;
      if (c == '(') ++depth;
      if (c == ')' && --depth == 0) return true;
    }
    return false;
  }

  // [Name "value"] with \" and \\ escapes in the value.
  absl::StatusOr<RecordToken> Tag() {
    RecordToken tag;
    tag.kind = RecordToken::Kind::kTag;
    tag.line = line_;
    ++pos_;
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t'))
      ++pos_;
    size_t begin = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
            text_[pos_] == '_')) {
      ++pos_;
    }
    tag.name = std::string(text_.substr(begin, pos_ - begin));
    if (tag.name.empty()) return LineError(tag.line, "tag without a name");
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t'))
      ++pos_;
    if (pos_ >= text_.size() || text_[pos_] != '"') {
      return LineError(tag.line, absl::StrCat("tag ", tag.name,
                                              ": value must be in quotes"));
    }
    ++pos_;
    while (true) {
      if (pos_ >= text_.size() || text_[pos_] == '\n') {
        return LineError(tag.line, absl::StrCat("tag ", tag.name,
                                                ": value is never closed"));
      }
      char c = text_[pos_++];
      if (c == '"') {
        if (ClosesTag(pos_)) break;
        // A quote inside the value that nobody escaped: the value runs on to
        // the quote that closes the tag, if the line has one.
        size_t close = NextCloseOnLine(pos_);
        if (close == std::string_view::npos) break;  // reported below
        tag.value += '"';
        tag.value.append(text_.substr(pos_, close - pos_));
        pos_ = close + 1;
        tag.warning = absl::StrCat(
            "line ", tag.line, ": tag ", tag.name,
            ": unescaped quote in the value, read up to the last quote "
            "before \"]\"");
        break;
      }
      if (c == '\\' && pos_ < text_.size() &&
          (text_[pos_] == '"' || text_[pos_] == '\\')) {
        c = text_[pos_++];
      }
      tag.value += c;
    }
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t'))
      ++pos_;
    if (pos_ >= text_.size() || text_[pos_] != ']') {
      return LineError(tag.line,
                       absl::StrCat("tag ", tag.name, ": missing \"]\""));
    }
    ++pos_;
    return tag;
  }

  // True if a tag's closing "]" follows `p`, after spaces or tabs.
  bool ClosesTag(size_t p) const {
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) ++p;
    return p < text_.size() && text_[p] == ']';
  }

  // Position of the first quote from `p` on that closes the tag (followed by
  // "]"), on the same line; npos if none.
  size_t NextCloseOnLine(size_t p) const {
    for (; p < text_.size() && text_[p] != '\n'; ++p) {
      if (text_[p] == '"' && ClosesTag(p + 1)) return p;
    }
    return std::string_view::npos;
  }

  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
};

}  // namespace

absl::StatusOr<std::vector<RecordToken>> LexRecord(std::string_view text,
                                                   int first_line) {
  return Lexer(text, first_line).Run();
}

std::string_view StripMoveNumber(std::string_view word) {
  if (notation_internal::LooksLikeWxf(word)) return word;
  size_t digits = 0;
  while (digits < word.size() && word[digits] >= '0' && word[digits] <= '9')
    ++digits;
  if (digits == 0) return word;
  if (digits == word.size()) return {};
  size_t dots = digits;
  while (dots < word.size() && word[dots] == '.') ++dots;
  if (dots == digits)
    return word;  // "3-1" and the like: not a number, let the parser say
  return word.substr(dots);
}

bool IsResultToken(std::string_view word) {
  return word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*";
}

}  // namespace caipan::xiangqi::record_internal
