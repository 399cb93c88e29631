// What the live game's actions share (live_game_actions.cc,
// live_game_takeback.cc): the prologue that records a fallen flag first.
#ifndef CAIPAN_SERVICES_GAME_LIVE_GAME_GUARDS_H_
#define CAIPAN_SERVICES_GAME_LIVE_GAME_GUARDS_H_

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

// Runs the common prologue of an action under the lock: a flag that has
// fallen is recorded first (and the action refused, since the game is over).
#define CAIPAN_RETURN_IF_FLAG_FELL(now, done)                                  \
  do {                                                                         \
    std::vector<v1::GameEvent> flag_events;                                    \
    if (FlagFallIfDue(now, &flag_events)) {                                    \
      absl::Status over = absl::FailedPreconditionError(                       \
          absl::StrCat("the game is over: ", state_.verdict().explanation())); \
      Commit(std::move(flag_events),                                           \
             [over, done = std::move(done)](absl::Status s) {                  \
               done(s.ok() ? over : s);                                        \
             });                                                               \
      return;                                                                  \
    }                                                                          \
  } while (0)

#endif  // CAIPAN_SERVICES_GAME_LIVE_GAME_GUARDS_H_
