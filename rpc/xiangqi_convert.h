// Conversion between the caipan.v1 xiangqi messages and the engine: replaying a
// XiangqiPosition (FEN + history) into engine objects once, parsing moves, and
// enum mapping.
#ifndef CAIPAN_RPC_XIANGQI_CONVERT_H_
#define CAIPAN_RPC_XIANGQI_CONVERT_H_

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "engine/common/language.h"
#include "engine/xiangqi/illegal_move.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "rpc/xiangqi_position_cache.h"

namespace caipan::rpc {

// Compact move codes (XiangqiPosition.move_codes): from * 90 + to, squares
// numbered as the engine does (file + 9 * rank), so every code is below this.
inline constexpr uint32_t kXiangqiMoveCodeLimit = 90 * 90;
uint32_t XiangqiMoveCode(xiangqi::Move move);
// The from/to pair a code names (not checked for legality); nullopt for a
// code at or over kXiangqiMoveCodeLimit. Inline and by value, as histories are
// read with it move by move.
inline std::optional<xiangqi::Move> DecodeXiangqiMoveCode(uint32_t code) {
  if (code >= kXiangqiMoveCodeLimit) return std::nullopt;
  // Made as one 16-bit word (`from` is Move's first byte, the low one here):
  // built byte by byte, the move went through memory and its two byte stores,
  // read back as one word, stalled every ply of a history.
  static_assert(std::endian::native == std::endian::little &&
                sizeof(xiangqi::Move) == 2);
  return std::bit_cast<xiangqi::Move>(
      static_cast<uint16_t>(code / 90 | (code % 90) << 8));
}

// How a move text failed to name a legal move.
struct MoveParseError {
  v1::MoveRejection rejection = v1::MOVE_REJECTION_UNSPECIFIED;
  std::string reason;
  // The one move the text names though it is illegal (ICCS coordinates, or a
  // notation move only one piece could make); nullopt when it names none.
  std::optional<xiangqi::Move> named;
  // Why that move is illegal, when the engine could say.
  std::optional<xiangqi::IllegalMoveInfo> illegal;
};

// `info` as the API's typed reason.
void ToProto(const xiangqi::IllegalMoveInfo& info,
             v1::XiangqiIllegalMove* illegal);

// The history of a XiangqiPosition, in whichever form it came (text `moves`
// or `move_codes`), read move by move so that the two forms share one replay
// and the errors name the field the client set. It refers to `position`,
// which must outlive it.
class XiangqiHistory {
 public:
  // `field` names the position in errors, e.g. "xiangqi".
  XiangqiHistory(const v1::XiangqiPosition& position, absl::string_view field);

  // InvalidArgument if both forms are set or the history is over `max_plies`.
  absl::Status CheckShape(int max_plies) const;
  int size() const { return size_; }
  // Move `i` read against `pos` (where it is to be played): true with the
  // legal move, else false with `error` filled (its reason in `lang`). Nothing
  // is allocated on success.
  bool Parse(const xiangqi::Position& pos, int i, xiangqi::Move* move,
             MoveParseError* error, Language lang = Language::kEnglish) const;
  // The from/to pair move `i` names by coordinates (ICCS text or a code),
  // legal or not; nullopt for other notations and unreadable text. Inline and
  // by value: it reads every move of a history.
  std::optional<xiangqi::Move> Coordinates(int i) const {
    if (codes_) return DecodeXiangqiMoveCode(code_at_[i]);
    return xiangqi::ReadIccsCoordinates(*text_at_[i]);
  }
  // InvalidArgument for move `i`: "xiangqi.move_codes[3] (ply 4): reason".
  absl::Status ErrorAt(int i, const MoveParseError& error) const;
  // Appends move `i` to a position-cache key as length and text; a code is
  // written as its ICCS text, so that both forms of one history share a key.
  void AppendKey(int i, std::string* key) const;

 private:
  const v1::XiangqiPosition& position_;
  absl::string_view field_;
  bool codes_;
  int size_;
  // The moves' storage, read directly (the repeated fields' element accessors
  // are not inlined from the protobuf library).
  const uint32_t* code_at_;
  const std::string* const* text_at_;
};

// InvalidArgument naming "`field`.move_codes" if `position` gives its history
// both as text moves and as move codes.
absl::Status CheckOneHistoryForm(const v1::XiangqiPosition& position,
                                 absl::string_view field);

// What a request held that was read leniently (an answer's `warnings`).
using Warnings = google::protobuf::RepeatedPtrField<std::string>;

// The position `position` starts from: its FEN, or the standard start; an
// unreadable FEN is InvalidArgument naming "`field`.fen". A FEN read leniently
// (an empty holdings bracket) adds a warning naming "`field`.fen" to
// `*warnings`, when given.
absl::StatusOr<xiangqi::Position> XiangqiStart(
    const v1::XiangqiPosition& position, absl::string_view field,
    Warnings* warnings = nullptr);

// A game replayed from a request: the starting position, the moves and the
// current position.
struct XiangqiReplay {
  xiangqi::Position start;
  xiangqi::Position current;
  std::vector<xiangqi::Move> moves;
};

// Replays `position` (its FEN, then every move, text or codes). Errors are
// InvalidArgument naming the field under `field` ("xiangqi.fen",
// "xiangqi.moves[7]", "xiangqi.move_codes[7]"), both forms set, or a history
// over `max_plies`.
absl::Status ReplayXiangqi(const v1::XiangqiPosition& position,
                           absl::string_view field, int max_plies,
                           XiangqiReplay* replay, Warnings* warnings = nullptr);

// The position after `position`'s history only (no move list), for the RPCs
// that need nothing else. With a cache, the longest recently seen prefix of the
// history is taken from it and only the moves after it are replayed; errors are
// those of ReplayXiangqi.
absl::Status ReplayXiangqiCurrent(const v1::XiangqiPosition& position,
                                  absl::string_view field, int max_plies,
                                  XiangqiPositionCache* cache,
                                  xiangqi::Position* current, int* plies,
                                  Warnings* warnings = nullptr);

// Parses one move in any notation into the legal move it names. ICCS, the
// common case on the hot path, is read here directly; other notations go
// through the engine's notation parser. On failure fills `error` (if not null)
// and returns false.
// `error->reason` is in `lang`.
bool ParseXiangqiMove(const xiangqi::Position& pos, std::string_view text,
                      xiangqi::Move* move, MoveParseError* error,
                      Language lang = Language::kEnglish);

v1::Side ToProto(xiangqi::Color color);
v1::XiangqiGameState ToProto(xiangqi::GameState state);
// NOTATION_UNSPECIFIED and NOTATION_ICCS give false: no display text is wanted.
bool DisplayNotation(v1::Notation notation, xiangqi::Notation* out);

// FEN letter of a piece as a string ("" for no piece).
std::string PieceLetter(xiangqi::Piece piece);

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_XIANGQI_CONVERT_H_
