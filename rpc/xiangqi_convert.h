// Conversion between the caipan.v1 xiangqi messages and the engine: replaying a
// XiangqiPosition (FEN + history) into engine objects once, parsing moves, and
// enum mapping.
#ifndef CAIPAN_RPC_XIANGQI_CONVERT_H_
#define CAIPAN_RPC_XIANGQI_CONVERT_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "engine/common/language.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "rpc/xiangqi_position_cache.h"

namespace caipan::rpc {

// A game replayed from a request: the starting position, the moves and the
// current position.
struct XiangqiReplay {
  xiangqi::Position start;
  xiangqi::Position current;
  std::vector<xiangqi::Move> moves;
};

// Replays `position` (its FEN, then every move). Errors are InvalidArgument
// naming the field under `field` ("xiangqi.fen", "xiangqi.moves[7]"), or a
// history over `max_plies`.
absl::Status ReplayXiangqi(const v1::XiangqiPosition& position,
                           absl::string_view field, int max_plies,
                           XiangqiReplay* replay);

// The position after `position`'s history only (no move list), for the RPCs
// that need nothing else. With a cache, the longest recently seen prefix of the
// history is taken from it and only the moves after it are replayed; errors are
// those of ReplayXiangqi.
absl::Status ReplayXiangqiCurrent(const v1::XiangqiPosition& position,
                                  absl::string_view field, int max_plies,
                                  XiangqiPositionCache* cache,
                                  xiangqi::Position* current, int* plies);

// How a move text failed to name a legal move.
struct MoveParseError {
  v1::MoveRejection rejection = v1::MOVE_REJECTION_UNSPECIFIED;
  std::string reason;
  // The one move the text names though it is illegal (ICCS coordinates, or a
  // notation move only one piece could make); nullopt when it names none.
  std::optional<xiangqi::Move> named;
};

// Parses one move in any notation into the legal move it names. ICCS, the
// common case on the hot path, is read here directly; other notations go
// through the engine's notation parser. On failure fills `error` (if not null)
// and returns false.
// `error->reason` is in `lang`.
bool ParseXiangqiMove(const xiangqi::Position& pos, std::string_view text,
                      xiangqi::Move* move, MoveParseError* error,
                      Language lang = Language::kEnglish);

// Reads "h2e2" / "H2-E2" into a from/to pair without checking legality.
bool ReadIccsMove(std::string_view text, xiangqi::Move* move);

v1::Side ToProto(xiangqi::Color color);
v1::XiangqiGameState ToProto(xiangqi::GameState state);
// NOTATION_UNSPECIFIED and NOTATION_ICCS give false: no display text is wanted.
bool DisplayNotation(v1::Notation notation, xiangqi::Notation* out);

// FEN letter of a piece as a string ("" for no piece).
std::string PieceLetter(xiangqi::Piece piece);

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_XIANGQI_CONVERT_H_
