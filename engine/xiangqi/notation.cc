// Notation names and the entry points that pick a notation by the shape of the
// text.
#include "engine/xiangqi/notation.h"

#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/cord.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/xiangqi/notation_formats.h"

namespace caipan::xiangqi {

absl::StatusOr<Notation> ParseNotationName(std::string_view name) {
  std::string lower(name);
  absl::AsciiStrToLower(&lower);
  if (lower == "iccs") return Notation::kIccs;
  if (lower == "wxf") return Notation::kWxf;
  if (lower == "chinese") return Notation::kChinese;
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown notation ", QuoteToken(name), " (want iccs, wxf or chinese)"));
}

const char* NotationName(Notation notation) {
  switch (notation) {
    case Notation::kIccs:
      return "iccs";
    case Notation::kWxf:
      return "wxf";
    case Notation::kChinese:
      return "chinese";
  }
  return "iccs";
}

absl::StatusOr<Move> ParseMove(const Position& pos, std::string_view text) {
  std::string_view token = text;
  while (!token.empty() && absl::ascii_isspace(token.front()))
    token.remove_prefix(1);
  while (!token.empty() && absl::ascii_isspace(token.back()))
    token.remove_suffix(1);
  if (token.empty()) return absl::InvalidArgumentError("\"\": empty move");
  // Full-width WXF or ICCS ("Ｃ２＝５", as CJK input methods type it) reads
  // as its ASCII form; errors still quote the move as written.
  if (std::optional<std::string> ascii = FullWidthToAscii(token);
      ascii.has_value() && *ascii != token) {
    absl::StatusOr<Move> move = ParseMove(pos, *ascii);
    if (move.ok()) return move;
    absl::string_view why = move.status().message();
    std::string quoted = absl::StrCat(QuoteToken(*ascii), ": ");
    if (absl::StartsWith(why, quoted)) why.remove_prefix(quoted.size());
    absl::Status requoted(move.status().code(),
                          absl::StrCat(QuoteToken(token), ": ", why));
    if (std::optional<Move> named = NamedMoveOf(move.status()))
      return WithNamedMove(std::move(requoted), *named);
    return requoted;
  }
  for (char c : token) {
    // Any non-ASCII byte: only the Chinese notation uses such characters.
    if (static_cast<unsigned char>(c) >= 0x80)
      return notation_internal::ParseChinese(pos, token);
  }
  if (notation_internal::LooksLikeIccs(token))
    return notation_internal::ParseIccs(pos, token);
  if (notation_internal::LooksLikeWxf(token))
    return notation_internal::ParseWxf(pos, token);
  return absl::InvalidArgumentError(absl::StrCat(
      QuoteToken(token), ": not a move in ICCS, WXF or Chinese notation"));
}

std::string FormatMove(const Position& pos, Move move, Notation notation) {
  // The other notations describe the moving piece: without one, fall back to
  // coordinates.
  if (move.from >= kSquares || move.to >= kSquares ||
      pos.PieceAt(move.from) == kNoPiece) {
    return ToIccs(move);
  }
  switch (notation) {
    case Notation::kIccs:
      return ToIccs(move);
    case Notation::kWxf:
      return notation_internal::FormatWxf(pos, move);
    case Notation::kChinese:
      return notation_internal::FormatChinese(pos, move);
  }
  return ToIccs(move);
}

namespace {
// The payload NamedMoveOf reads: the from and to squares, one byte each.
constexpr char kNamedMoveUrl[] = "caipan.xiangqi/named-move";
}  // namespace

absl::Status WithNamedMove(absl::Status error, Move move) {
  const char squares[2] = {static_cast<char>(move.from),
                           static_cast<char>(move.to)};
  error.SetPayload(kNamedMoveUrl, absl::Cord(absl::string_view(squares, 2)));
  return error;
}

std::optional<Move> NamedMoveOf(const absl::Status& parse_error) {
  const auto payload = parse_error.GetPayload(kNamedMoveUrl);
  if (!payload || payload->size() != 2) return std::nullopt;
  const std::string squares(*payload);
  return Move{static_cast<uint8_t>(squares[0]),
              static_cast<uint8_t>(squares[1])};
}

bool IsUnreadableMove(const absl::Status& parse_error) {
  const std::string_view message(parse_error.message().data(),
                                 parse_error.message().size());
  return message.find("not a move in ") != std::string_view::npos ||
         message.find("empty move") != std::string_view::npos;
}

}  // namespace caipan::xiangqi
