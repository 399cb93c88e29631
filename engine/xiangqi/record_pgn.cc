// Writing game records as xiangqi PGN.
#include <string>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/record.h"

namespace caipan::xiangqi {
namespace {

constexpr size_t kLineWidth = 80;

std::string Escape(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n' || c == '\r') c = ' ';  // a tag value lives on one line
    out += c;
  }
  return out;
}

// Characters (UTF-8 code points) in `s`.
size_t Width(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// Appends `word` to the movetext, breaking lines before kLineWidth characters.
void AppendWord(std::string_view word, std::string* text, size_t* line_length) {
  if (*line_length > 0 && *line_length + 1 + Width(word) > kLineWidth) {
    *text += '\n';
    *line_length = 0;
  } else if (*line_length > 0) {
    *text += ' ';
    ++*line_length;
  }
  *text += word;
  *line_length += Width(word);
}

// Appends the claims made after `played` moves, from `*next` on.
void AppendClaims(const std::vector<RecordedClaim>& claims, int played,
                  size_t* next, std::string* text, size_t* line_length) {
  for (; *next < claims.size() && claims[*next].ply <= played; ++*next) {
    const std::optional<Color>& side = claims[*next].side;
    AppendWord(!side.has_value()      ? "{claim}"
               : *side == Color::kRed ? "{claim red}"
                                      : "{claim black}",
               text, line_length);
  }
}

}  // namespace

std::string FormatPgn(const GameRecord& record, Notation notation) {
  std::string result = record.result.empty() ? "*" : record.result;
  bool standard_start = record.start_fen == kStartFen;
  std::string out;
  bool has_fen = false, has_result = false;
  for (const auto& [name, value] : record.tags) {
    std::string_view shown = value;
    if (name == "FEN") {
      has_fen = true;
      shown = record.start_fen;
    } else if (name == "Result") {
      has_result = true;
      shown = result;
    }
    absl::StrAppend(&out, "[", name, " \"", Escape(shown), "\"]\n");
  }
  if (!has_fen && !standard_start)
    absl::StrAppend(&out, "[FEN \"", Escape(record.start_fen), "\"]\n");
  if (!has_result) absl::StrAppend(&out, "[Result \"", result, "\"]\n");
  out += '\n';

  absl::StatusOr<Position> start = Position::FromFen(record.start_fen);
  std::string movetext;
  size_t line_length = 0;
  size_t next_claim = 0;
  if (start.ok()) {
    AppendClaims(record.claims, 0, &next_claim, &movetext, &line_length);
    Position pos = *start;
    int number = pos.FullmoveNumber() > 0 ? pos.FullmoveNumber() : 1;
    bool first = true;
    int played = 0;
    for (Move m : record.moves) {
      if (!pos.IsLegal(m))
        break;  // a record must hold legal moves; never format past one
      if (pos.SideToMove() == Color::kRed) {
        AppendWord(absl::StrCat(number, "."), &movetext, &line_length);
      } else if (first) {
        AppendWord(absl::StrCat(number, "..."), &movetext, &line_length);
      }
      AppendWord(FormatMove(pos, m, notation), &movetext, &line_length);
      if (pos.SideToMove() == Color::kBlack) ++number;
      pos.MakeMove(m);
      first = false;
      ++played;
      AppendClaims(record.claims, played, &next_claim, &movetext, &line_length);
    }
  }
  AppendWord(result, &movetext, &line_length);
  out += movetext;
  out += '\n';
  return out;
}

}  // namespace caipan::xiangqi
