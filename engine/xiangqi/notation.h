// Move notations: ICCS coordinates, WXF and Chinese vertical-line notation
// (纵线记谱). Any notation parses against a position into the legal move it
// names; any legal move formats in each notation so that parsing the text gives
// the same move back.
//
// Conventions (see also notation_chinese.cc and notation_wxf.cc):
// - Files are numbered 1..9 from the mover's right: Red's 一 is file i, Black's
// 1 is file a.
// - Chinese output writes Red's numbers as Chinese numerals (炮二平五) and
// Black's as
//   full-width digits (马８进７). Input accepts Chinese numerals, ASCII and
//   full-width digits for either side, simplified and traditional characters
//   and all piece-name variants.
// - Tandem pieces: 前/后 (WXF "+"/"-" in place of the file digit, as in the WXF
// rules);
//   pawns: 前/中/后 for three on a file, 一二三四五 from the front for four or
//   five; when two files hold several pawns the file is kept (前兵九平八; WXF
//   "9+.8", "99.8" for the middle). Advisors and elephants keep their file: the
//   direction already tells the two apart.
#ifndef CAIPAN_ENGINE_XIANGQI_NOTATION_H_
#define CAIPAN_ENGINE_XIANGQI_NOTATION_H_

#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

enum class Notation { kIccs, kWxf, kChinese };

// "iccs" | "wxf" | "chinese" (case-insensitive).
absl::StatusOr<Notation> ParseNotationName(std::string_view name);
const char* NotationName(Notation notation);

// Parses one move in any notation (ICCS h2e2 / H2-E2; WXF C2.5, R+.3, +R-1,
// ...; Chinese 炮二平五, 前车进一, 马８进７, traditional characters, full-width
// digits, ...) into the legal move it names. Errors are InvalidArgument, quote
// the token and say why: unknown notation, no such piece, ambiguous, or illegal
// (with Position::CheckLegal's reason).
absl::StatusOr<Move> ParseMove(const Position& pos, std::string_view text);

// Whether a ParseMove error says the text is no move at all (unknown notation,
// empty) rather than a move the position does not allow (no such piece,
// ambiguous, illegal).
bool IsUnreadableMove(const absl::Status& parse_error);

// The one move a ParseMove error's text names though the position does not
// allow it (the only piece that could make it is pinned, or the move leaves
// the king in check, ...); nullopt when the text is unreadable, ambiguous or
// names no piece move.
std::optional<Move> NamedMoveOf(const absl::Status& parse_error);
// `error` carrying `move` as the move its text names (for NamedMoveOf).
absl::Status WithNamedMove(absl::Status error, Move move);

// Text of a legal move in the given notation.
std::string FormatMove(const Position& pos, Move move, Notation notation);

// Reads ICCS coordinates ("h2e2", "H2-E2") into a from/to pair without looking
// at a position (so without checking legality); nullopt if `text` is not ICCS.
// Inline: histories are read with it move by move.
inline std::optional<Move> ReadIccsCoordinates(std::string_view text) {
  const size_t to = text.size() == 5 && text[2] == '-' ? 3 : 2;
  if (text.size() != to + 2) return std::nullopt;
  // Setting the lower-case bit maps A..I onto a..i and nothing else onto
  // them; bytes above 0x7f and below the letters wrap to large values.
  const auto file = [](char c) {
    return static_cast<unsigned>((static_cast<unsigned char>(c) | 0x20) - 'a');
  };
  const auto rank = [](char c) {
    return static_cast<unsigned>(static_cast<unsigned char>(c) - '0');
  };
  const unsigned from_file = file(text[0]), from_rank = rank(text[1]);
  const unsigned to_file = file(text[to]), to_rank = rank(text[to + 1]);
  constexpr unsigned kFileCount = kFiles, kRankCount = kRanks;
  if (from_file >= kFileCount || to_file >= kFileCount ||
      from_rank >= kRankCount || to_rank >= kRankCount) {
    return std::nullopt;
  }
  return Move{static_cast<uint8_t>(MakeSquare(static_cast<int>(from_file),
                                              static_cast<int>(from_rank))),
              static_cast<uint8_t>(MakeSquare(static_cast<int>(to_file),
                                              static_cast<int>(to_rank)))};
}

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_NOTATION_H_
