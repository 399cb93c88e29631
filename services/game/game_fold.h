// A game's state as the fold of its events: applying an event to the game as
// it stood before gives the game after it. The same fold serves the tentative
// state, the committed snapshot and recovery, so they cannot drift apart.
#ifndef CAIPAN_SERVICES_GAME_GAME_FOLD_H_
#define CAIPAN_SERVICES_GAME_GAME_FOLD_H_

#include <string>

#include "caipan/v1/game_service.pb.h"
#include "engine/common/language.h"

namespace caipan::services::game {

void FoldEvent(const v1::GameEvent& event, v1::Game* game);

// A verdict deciding the game at `ply`, explained in English and Chinese.
v1::Verdict MakeVerdict(v1::Result result, v1::Side winner,
                        v1::VerdictReason reason, int ply, std::string english,
                        std::string chinese);

// Words `verdict` in English (its explanation) and Chinese (both in
// Verdict.explanations).
void SetExplanations(std::string english, std::string chinese,
                     v1::Verdict* verdict);

// The verdict's explanation in `lang` (English where it has no other).
const std::string& ExplanationIn(const v1::Verdict& verdict, Language lang);

// The store's name of a game status: "live", "finished", "aborted" ("" for
// unspecified, which matches any in a list filter).
const char* StoreStatusName(v1::GameStatus status);

// The winning player of a won game, as listed in its players (after a gomoku
// swap, the one who started with the other colour); nullptr otherwise.
const v1::Player* WinningPlayer(const v1::Game& game);

// The status a verdict gives a game.
v1::GameStatus StatusOf(const v1::Verdict& verdict);

}  // namespace caipan::services::game

#endif  // CAIPAN_SERVICES_GAME_GAME_FOLD_H_
