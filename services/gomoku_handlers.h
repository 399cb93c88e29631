// Gomoku CheckMove, ListMoves and AdjudicateGame.
#ifndef CAIPAN_SERVICES_GOMOKU_HANDLERS_H_
#define CAIPAN_SERVICES_GOMOKU_HANDLERS_H_

#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "domain/gomoku_board.h"
#include "engine/common/language.h"
#include "engine/gomoku/game.h"
#include "services/service_options.h"

namespace caipan::services {

// Answers whether `text` is an acceptable next action in `game`, `plies`
// actions in, and fills `check`. Returns true if the action was applied to
// `game` (a Black stone on a forbidden point is applied — it ends the game —
// but answered as not legal). The reason and explanation are in `lang`.
bool PlayGomokuMove(gomoku::Game* game, int plies, std::string_view text,
                    v1::MoveCheck* check, Language lang = Language::kEnglish);

// Black's forbidden points now, when Black is to place a stone in a game
// with forbidden moves (none otherwise); `marks` (indexed by point, when
// given) gets them too.
void AddForbiddenPoints(
    const gomoku::Game& game,
    google::protobuf::RepeatedPtrField<v1::GomokuForbiddenPoint>* points,
    std::vector<bool>* marks = nullptr);

// The same for a live game's board: the action is played as a typed action
// on the board; `played` gets it when it was applied.
bool PlayGomokuMove(domain::GomokuBoard* board, std::string_view text,
                    Language lang, v1::MoveCheck* check,
                    gomoku::Action* played);

absl::Status GomokuCheckMove(const v1::CheckMoveRequest& request,
                             const ServiceOptions& options,
                             v1::CheckMoveResponse* response);
absl::Status GomokuListMoves(const v1::ListMovesRequest& request,
                             const ServiceOptions& options,
                             v1::ListMovesResponse* response);
absl::Status GomokuAdjudicateGame(const v1::AdjudicateGameRequest& request,
                                  const ServiceOptions& options,
                                  v1::AdjudicateGameResponse* response);

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_GOMOKU_HANDLERS_H_
