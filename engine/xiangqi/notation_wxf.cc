// WXF notation: piece letter, file 1..9 from the mover's right, direction ('+'
// forward,
// '-' back, '.' or '=' sideways) and number, e.g. "C2.5", "H8+7".
//
// Tandem pieces follow the WXF rules: '+'/'-' replaces the file digit ("R+.3",
// "C--1");
// "+R.3" with the sign before the letter is accepted too. Pawns: three on a
// file are "P+", "P<file>" (the middle one) and "P-"; four or five are "++",
// "P+", ("P<file>"), "P-",
// "--" from the front; when two files hold several pawns the file digit
// replaces the letter: "3+", "33" (middle), "3-".
#include <cctype>

#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/xiangqi/notation_formats.h"
#include "engine/xiangqi/notation_resolve.h"

namespace caipan::xiangqi::notation_internal {
namespace {

bool IsDirectionChar(char c) {
  return c == '+' || c == '-' || c == '.' || c == '=';
}
bool IsDigit(char c) { return c >= '1' && c <= '9'; }
bool IsSign(char c) { return c == '+' || c == '-'; }

// Piece type of a WXF letter (either case; B and N accepted for elephant and
// horse).
bool LetterType(char c, PieceType* t) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'K':
      *t = PieceType::kKing;
      return true;
    case 'A':
      *t = PieceType::kAdvisor;
      return true;
    case 'E':
    case 'B':
      *t = PieceType::kElephant;
      return true;
    case 'H':
    case 'N':
      *t = PieceType::kHorse;
      return true;
    case 'R':
      *t = PieceType::kChariot;
      return true;
    case 'C':
      *t = PieceType::kCannon;
      return true;
    case 'P':
      *t = PieceType::kPawn;
      return true;
    default:
      return false;
  }
}

char TypeLetter(PieceType t) {
  static constexpr char kLetters[] = "KAEHRCP";
  return kLetters[Index(t)];
}

char Digit(int n) { return static_cast<char>('0' + n); }

}  // namespace

bool LooksLikeWxf(std::string_view t) {
  return t.size() == 4 && IsDirectionChar(t[2]) && IsDigit(t[3]);
}

absl::StatusOr<Move> ParseWxf(const Position& pos, std::string_view text) {
  auto error = [&](std::string_view why) {
    return absl::InvalidArgumentError(
        absl::StrCat(QuoteToken(text), ": ", AbslView(why)));
  };
  if (!LooksLikeWxf(text)) return error("not a WXF move (like C2.5)");
  MoveSpec spec;
  spec.direction = text[2] == '+'   ? Direction::kForward
                   : text[2] == '-' ? Direction::kBackward
                                    : Direction::kSideways;
  spec.number = text[3] - '0';
  char a = text[0], b = text[1];
  PieceType t;
  if (LetterType(a, &t) && IsDigit(b)) {  // C2.5
    spec.type = t;
    spec.file_number = b - '0';
    spec.wxf_middle_rule = true;
  } else if (LetterType(a, &t) && IsSign(b)) {  // R+.3, P-.4
    spec.type = t;
    bool front = b == '+';
    if (t == PieceType::kPawn) {
      spec.selector = front ? Selector::kWxfPlus : Selector::kWxfMinus;
    } else {
      spec.selector = front ? Selector::kFront : Selector::kRear;
    }
  } else if (IsSign(a) && LetterType(b, &t)) {  // +R.3
    spec.type = t;
    spec.selector = a == '+' ? Selector::kFront : Selector::kRear;
  } else if (IsSign(a) && a == b) {  // ++.4, --.4
    spec.selector = a == '+' ? Selector::kWxfFirst : Selector::kWxfLast;
  } else if (IsDigit(a) && IsSign(b)) {  // 3+.4
    spec.file_number = a - '0';
    spec.selector = b == '+' ? Selector::kFront : Selector::kRear;
  } else if (IsDigit(a) && a == b) {  // 33.4
    spec.file_number = a - '0';
    spec.selector = Selector::kMiddle;
  } else {
    return error(
        "cannot tell which piece moves (want a letter K A E H R C P and a "
        "file)");
  }
  return Resolve(pos, spec, text);
}

std::string FormatWxf(const Position& pos, Move move) {
  Piece p = pos.PieceAt(move.from);
  Color c = ColorOf(p);
  PieceType t = TypeOf(p);
  Tandem tandem = TandemOf(pos, move.from);
  char file = Digit(FileNumber(c, FileOf(move.from)));
  std::string out;
  if (tandem.count == 1 || t == PieceType::kAdvisor ||
      t == PieceType::kElephant) {
    out = {TypeLetter(t), file};
  } else if (t != PieceType::kPawn) {
    out = {TypeLetter(t), tandem.index == 0 ? '+' : '-'};
  } else {
    int n = tandem.count, i = tandem.index;
    bool middle = n % 2 == 1 && i == n / 2;
    if (tandem.other_file_multi) {
      out = {file, middle ? file : i == 0 ? '+' : '-'};
    } else if (middle) {
      out = {'P', file};
    } else if (n >= 4 && (i == 0 || i == n - 1)) {
      out = i == 0 ? "++" : "--";
    } else {
      out = {'P', i < n / 2 ? '+' : '-'};
    }
  }
  Direction d = DirectionOf(c, move);
  out += d == Direction::kForward ? '+' : d == Direction::kBackward ? '-' : '.';
  out += Digit(NumberOf(c, t, move));
  return out;
}

}  // namespace caipan::xiangqi::notation_internal
