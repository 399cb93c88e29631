// Xiangqi CheckMove and ListMoves: legality of one move and the list of legal
// moves.
#ifndef CAIPAN_SERVICES_XIANGQI_MOVES_H_
#define CAIPAN_SERVICES_XIANGQI_MOVES_H_

#include <string_view>

#include "absl/status/status.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "domain/xiangqi_board.h"
#include "engine/common/language.h"
#include "engine/xiangqi/game_adjudicator.h"
#include "engine/xiangqi/position.h"
#include "services/service_options.h"

namespace caipan::services {

// Answers whether `text` is a legal next move in `pos`, `plies_before` plies
// into the game, and fills `check` (what the move does, or why it is not
// legal). Returns true and sets `*move` if the move is legal. The position is
// not changed.
bool CheckXiangqiMove(const xiangqi::Position& pos, int plies_before,
                      std::string_view text, v1::Notation notation,
                      v1::MoveCheck* check, xiangqi::Move* move,
                      Language lang = Language::kEnglish);

// Checks `text` as the next move of `game` and plays it if it is legal:
// `check` gets the move, what it does and the game's verdict after it
// (`first_mover` moved first in the game), or why the move was refused
// (GAME_OVER with the verdict when the game is already over). Returns whether
// the move was played. CheckMove against a history and PlayGame answer
// through it.
bool CheckAndPlayXiangqiMove(xiangqi::GameAdjudicator* game,
                             xiangqi::Color first_mover, std::string_view text,
                             v1::Notation notation, Language lang,
                             v1::MoveCheck* check);

// The same for a game's board (a live game's, a PlayGame stream's): the move
// is played as a typed move on the board, which rules it on its own
// adjudicator; `played` (if given) gets it.
bool CheckAndPlayXiangqiMove(domain::XiangqiBoard* board, std::string_view text,
                             v1::Notation notation, Language lang,
                             v1::MoveCheck* check, xiangqi::Move* played);

// A move offered to a game that is already decided: rejected as GAME_OVER
// with the verdict.
void RejectAfterGameOver(const v1::Verdict& verdict, xiangqi::Color to_move,
                         Language lang, v1::MoveCheck* check);

// The game's verdict as far as the position alone tells (mate or stalemate),
// `plies` plies in.
void XiangqiPositionVerdict(xiangqi::GameState state, xiangqi::Color to_move,
                            int plies, v1::Verdict* verdict,
                            Language lang = Language::kEnglish);

absl::Status XiangqiCheckMove(const v1::CheckMoveRequest& request,
                              const ServiceOptions& options,
                              v1::CheckMoveResponse* response);

absl::Status XiangqiListMoves(const v1::ListMovesRequest& request,
                              const ServiceOptions& options,
                              v1::ListMovesResponse* response);

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_XIANGQI_MOVES_H_
