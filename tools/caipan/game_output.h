// Text and JSON renderings of GameService answers for `caipan game …`: a
// game's state, a move's verdict, a draw claim, watched events, and the names
// used for sides, statuses, results and verdict reasons.
#ifndef CAIPAN_TOOLS_CAIPAN_GAME_OUTPUT_H_
#define CAIPAN_TOOLS_CAIPAN_GAME_OUTPUT_H_

#include <string>

#include "caipan/v1/game_service.pb.h"

namespace caipan::cli {

// "red", "black", "white"; "none" for SIDE_UNSPECIFIED.
const char* SideName(v1::Side side);
// "live", "finished", "aborted"; "unspecified" otherwise.
const char* GameStatusName(v1::GameStatus status);
// "xiangqi", "gomoku"; "unspecified" otherwise.
const char* GameKindName(v1::GameKind kind);
// A stable kebab-case name: "none" (not over), "checkmate", "stalemate",
// "forbidden-repetition", "repetition-draw", "natural-limit", "illegal-move",
// "five", "forbidden-move", "board-full", "double-pass", "opening-violation",
// "resignation", "agreed-draw", "time-forfeit", "foul-limit",
// "arbiter-decision", "aborted"; "unspecified" for anything else.
const char* VerdictReasonName(v1::VerdictReason reason);
// "none", "unparseable", "illegal", "forbidden", "game-over".
const char* MoveRejectionName(v1::MoveRejection rejection);
// The colour that moves first and scores "1-0" when it wins: red (xiangqi),
// black (gomoku).
v1::Side FirstSide(v1::GameKind kind);
// "1-0" (the first side won), "0-1", "1/2-1/2", or "*" (going on, or no
// result).
const char* ResultName(const v1::Verdict& verdict, v1::GameKind kind);
// The event's kind: "created", "move", "draw_offered", …, "flag_fell";
// "unknown" for a kind this client does not know.
const char* EventKindName(const v1::GameEvent& event);
// True once the game has a result or was aborted.
bool VerdictIsFinal(const v1::Verdict& verdict);

// CreateGame's answer. Text: "game: NAME" then "<side> token: TOKEN" per
// player. JSON (one line): {"game": NAME, "tokens": {"red": T, "black": T}}
// (gomoku: "black" and "white").
std::string CreatedText(const v1::CreateGameResponse& response);
std::string CreatedJson(const v1::CreateGameResponse& response);

// A game's state. The first line is the result, then "status:", "reason:",
// "ply:", "to act:", the clocks, and (full form only) the players, record,
// offers, fouls and rulings.
std::string GameSummaryText(const v1::Game& game);
std::string GameText(const v1::Game& game);
// One JSON object (one line) with the fields of GameText.
std::string GameJson(const v1::Game& game);

// An accepted move's answer, as `caipan xiangqi adjudicate` prints a verdict:
// the result, "reason:", "ply:", then the move, its event and the side to act.
std::string MoveText(const v1::SubmitMoveResponse& response);
// The answer as one JSON object (refused moves too: "legal": false), with the
// game's state after it but not its record (the answer has none).
std::string MoveJson(const v1::SubmitMoveResponse& response);
// "refused: <rejection>: <reason>" for a refused move (no newline).
std::string RefusalText(const v1::MoveCheck& check);

// A rematch's name and the caller's seat and token in it: text (game, then
// "SIDE: TOKEN", then whether this call created it) or one JSON object with
// the rematch's state under "state".
std::string RematchText(const v1::RematchResponse& response);
std::string RematchJson(const v1::RematchResponse& response);

// A draw claim's answer: "granted" or "refused", "explanation: …", then the
// game's summary; or one JSON object.
std::string ClaimText(const v1::ClaimDrawResponse& response);
std::string ClaimJson(const v1::ClaimDrawResponse& response);

// One line for one item of a WatchGame stream (a snapshot or an event), text
// or JSON; `kind` names results ("1-0" is the first side's win).
std::string WatchItemText(const v1::WatchGameResponse& item, v1::GameKind kind);
std::string WatchItemJson(const v1::WatchGameResponse& item, v1::GameKind kind);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_GAME_OUTPUT_H_
