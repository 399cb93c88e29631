// Chinese vertical-line notation (纵线记谱): piece, file, 进/退/平, number,
// e.g. 炮二平五, 马８进７, 前车进一, 前兵九平八.
//
// Output: Red uses 帅仕相马车炮兵 and Chinese numerals, Black 将士象马车炮卒
// and full-width digits. Tandem pieces: 前/后; three pawns on a file 前/中/后,
// four or five 一二三四五 from the front; the file is kept after the piece when
// another file also holds several pawns. Input also accepts traditional
// characters and variants (帥將車俥馬傌砲包進後 …), ASCII and full-width digits
// or Chinese numerals for either side, the order word after the piece
// (车前进一) and the file before it (前九兵).
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/xiangqi/notation_formats.h"
#include "engine/xiangqi/notation_resolve.h"

namespace caipan::xiangqi::notation_internal {
namespace {

enum class Kind { kPiece, kOrder, kDirection, kNumeral };

// One recognised character of a Chinese move.
struct Element {
  Kind kind;
  int value;  // PieceType index, Selector, Direction or numeral value
};

struct Glyph {
  std::string_view utf8;
  Kind kind;
  int value;
};

constexpr int kKing = static_cast<int>(PieceType::kKing);
constexpr int kAdvisor = static_cast<int>(PieceType::kAdvisor);
constexpr int kElephant = static_cast<int>(PieceType::kElephant);
constexpr int kHorse = static_cast<int>(PieceType::kHorse);
constexpr int kChariot = static_cast<int>(PieceType::kChariot);
constexpr int kCannon = static_cast<int>(PieceType::kCannon);
constexpr int kPawn = static_cast<int>(PieceType::kPawn);
constexpr int kFront = static_cast<int>(Selector::kFront);
constexpr int kMiddle = static_cast<int>(Selector::kMiddle);
constexpr int kRear = static_cast<int>(Selector::kRear);
constexpr int kForward = static_cast<int>(Direction::kForward);
constexpr int kBackward = static_cast<int>(Direction::kBackward);
constexpr int kSideways = static_cast<int>(Direction::kSideways);

constexpr Glyph kGlyphs[] = {
    {"帅", Kind::kPiece, kKing},         {"帥", Kind::kPiece, kKing},
    {"将", Kind::kPiece, kKing},         {"將", Kind::kPiece, kKing},
    {"仕", Kind::kPiece, kAdvisor},      {"士", Kind::kPiece, kAdvisor},
    {"相", Kind::kPiece, kElephant},     {"象", Kind::kPiece, kElephant},
    {"马", Kind::kPiece, kHorse},        {"馬", Kind::kPiece, kHorse},
    {"傌", Kind::kPiece, kHorse},        {"车", Kind::kPiece, kChariot},
    {"車", Kind::kPiece, kChariot},      {"俥", Kind::kPiece, kChariot},
    {"炮", Kind::kPiece, kCannon},       {"砲", Kind::kPiece, kCannon},
    {"包", Kind::kPiece, kCannon},       {"兵", Kind::kPiece, kPawn},
    {"卒", Kind::kPiece, kPawn},         {"前", Kind::kOrder, kFront},
    {"中", Kind::kOrder, kMiddle},       {"后", Kind::kOrder, kRear},
    {"後", Kind::kOrder, kRear},         {"进", Kind::kDirection, kForward},
    {"進", Kind::kDirection, kForward},  {"退", Kind::kDirection, kBackward},
    {"平", Kind::kDirection, kSideways}, {"一", Kind::kNumeral, 1},
    {"二", Kind::kNumeral, 2},           {"三", Kind::kNumeral, 3},
    {"四", Kind::kNumeral, 4},           {"五", Kind::kNumeral, 5},
    {"六", Kind::kNumeral, 6},           {"七", Kind::kNumeral, 7},
    {"八", Kind::kNumeral, 8},           {"九", Kind::kNumeral, 9},
    {"１", Kind::kNumeral, 1},           {"２", Kind::kNumeral, 2},
    {"３", Kind::kNumeral, 3},           {"４", Kind::kNumeral, 4},
    {"５", Kind::kNumeral, 5},           {"６", Kind::kNumeral, 6},
    {"７", Kind::kNumeral, 7},           {"８", Kind::kNumeral, 8},
    {"９", Kind::kNumeral, 9},
};

constexpr std::string_view kRedPieces[] = {"帅", "仕", "相", "马",
                                           "车", "炮", "兵"};
constexpr std::string_view kBlackPieces[] = {"将", "士", "象", "马",
                                             "车", "炮", "卒"};
constexpr std::string_view kChineseNumerals[] = {"",   "一", "二", "三", "四",
                                                 "五", "六", "七", "八", "九"};
constexpr std::string_view kFullWidthDigits[] = {"",   "１", "２", "３", "４",
                                                 "５", "６", "７", "８", "９"};

absl::Status Error(std::string_view token, std::string_view why) {
  return absl::InvalidArgumentError(
      absl::StrCat(QuoteToken(token), ": ", AbslView(why)));
}

// Splits the text into recognised characters, or names the first one it does
// not know.
absl::StatusOr<std::vector<Element>> Lex(std::string_view text) {
  std::vector<Element> out;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c >= '1' && c <= '9') {
      out.push_back({Kind::kNumeral, c - '0'});
      ++i;
      continue;
    }
    bool matched = false;
    for (const Glyph& g : kGlyphs) {
      if (text.substr(i, g.utf8.size()) == g.utf8) {
        out.push_back({g.kind, g.value});
        i += g.utf8.size();
        matched = true;
        break;
      }
    }
    if (!matched) {
      // Show the whole UTF-8 character that was not understood.
      size_t len = 1;
      unsigned char lead = static_cast<unsigned char>(c);
      if (lead >= 0xF0) {
        len = 4;
      } else if (lead >= 0xE0) {
        len = 3;
      } else if (lead >= 0xC0) {
        len = 2;
      }
      return Error(text, absl::StrCat("unexpected character ",
                                      QuoteToken(text.substr(i, len))));
    }
  }
  return out;
}

// Fills the piece/file/order part of `spec` from the elements before the
// direction.
bool ReadDesignation(const std::vector<Element>& e, MoveSpec* spec) {
  std::string shape;
  for (const Element& x : e) {
    shape += x.kind == Kind::kPiece ? 'P' : x.kind == Kind::kOrder ? 'S' : 'N';
    if (x.kind == Kind::kDirection) return false;
  }
  auto piece = [&](size_t i) {
    spec->type = static_cast<PieceType>(e[i].value);
  };
  auto order = [&](size_t i) {
    spec->selector = static_cast<Selector>(e[i].value);
  };
  auto ordinal = [&](size_t i) {
    spec->selector = Selector::kOrdinal;
    spec->ordinal = e[i].value;
  };
  auto file = [&](size_t i) { spec->file_number = e[i].value; };
  if (shape == "PN") {  // 炮二
    piece(0), file(1);
  } else if (shape == "SP") {  // 前车
    order(0), piece(1);
  } else if (shape == "PS") {  // 车前
    piece(0), order(1);
  } else if (shape == "NP") {  // 二兵
    ordinal(0), piece(1);
  } else if (shape == "SPN") {  // 前兵九
    order(0), piece(1), file(2);
  } else if (shape == "SNP") {  // 前九兵
    order(0), file(1), piece(2);
  } else if (shape == "NPN") {  // 二兵九
    ordinal(0), piece(1), file(2);
  } else {
    return false;
  }
  return true;
}

}  // namespace

absl::StatusOr<Move> ParseChinese(const Position& pos, std::string_view text) {
  absl::StatusOr<std::vector<Element>> lexed = Lex(text);
  if (!lexed.ok()) return lexed.status();
  const std::vector<Element>& e = *lexed;
  if (e.size() < 4 || e[e.size() - 2].kind != Kind::kDirection ||
      e.back().kind != Kind::kNumeral) {
    return Error(text, "not a Chinese move (piece, file, 进/退/平, number)");
  }
  MoveSpec spec;
  spec.direction = static_cast<Direction>(e[e.size() - 2].value);
  spec.number = e.back().value;
  if (!ReadDesignation(std::vector<Element>(e.begin(), e.end() - 2), &spec)) {
    return Error(
        text, "cannot tell which piece moves (want e.g. 炮二, 前车 or 前兵九)");
  }
  return Resolve(pos, spec, text);
}

std::string FormatChinese(const Position& pos, Move move) {
  Piece p = pos.PieceAt(move.from);
  Color c = ColorOf(p);
  PieceType t = TypeOf(p);
  const auto& numbers = c == Color::kRed ? kChineseNumerals : kFullWidthDigits;
  std::string_view piece =
      (c == Color::kRed ? kRedPieces : kBlackPieces)[Index(t)];
  std::string_view file = numbers[FileNumber(c, FileOf(move.from))];
  Tandem tandem = TandemOf(pos, move.from);
  std::string out;
  if (tandem.count == 1 || t == PieceType::kAdvisor ||
      t == PieceType::kElephant) {
    out = absl::StrCat(AbslView(piece), AbslView(file));
  } else {
    int n = tandem.count, i = tandem.index;
    std::string_view order;
    if (n >= 4) {
      order = kChineseNumerals[i + 1];
    } else if (i == 0) {
      order = "前";
    } else if (i == n - 1) {
      order = "后";
    } else {
      order = "中";
    }
    out = absl::StrCat(AbslView(order), AbslView(piece));
    if (t == PieceType::kPawn && tandem.other_file_multi)
      absl::StrAppend(&out, AbslView(file));
  }
  Direction d = DirectionOf(c, move);
  absl::StrAppend(&out,
                  d == Direction::kForward    ? "进"
                  : d == Direction::kBackward ? "退"
                                              : "平",
                  AbslView(numbers[NumberOf(c, t, move)]));
  return out;
}

}  // namespace caipan::xiangqi::notation_internal
