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
std::optional<Move> ReadIccsCoordinates(std::string_view text);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_NOTATION_H_
