// The two clocks of one game (and the shared game clock of a shared period)
// as arithmetic on an injected timeline: every call passes "now" in
// milliseconds of a monotonic clock, so tests drive it without sleeping.
//
// How time is charged: the side to move's clock runs from the previous move
// (or from the game's start for the first mover) until its move is
// completed; during a shared period the shared clock runs instead, for
// whichever side is to move, and when it reaches zero the side to move's own
// clock starts at that instant. A move completed in the individual period
// earns its period's increment (Fischer) after it is charged; a move completed
// while the shared clock still runs earns none. A side whose clock reads zero
// or less has lost on time — a move completed exactly at zero is too late.
#ifndef CAIPAN_ENGINE_CLOCK_GAME_CLOCK_H_
#define CAIPAN_ENGINE_CLOCK_GAME_CLOCK_H_

#include <cstdint>
#include <optional>

#include "engine/clock/time_control.h"

namespace caipan::clock {

// What the clocks show at one instant.
struct Reading {
  // Individual time left per side; below zero once a flag has fallen.
  int64_t remaining_ms[2] = {0, 0};
  // Shared clock left (0: none or over)
  int64_t shared_remaining_ms = 0;
  // Whose clock (or turn) runs.
  int to_move = kFirst;
  bool paused = false;
  // The game is over.
  bool stopped = false;
  bool operator==(const Reading&) const = default;
};

class GameClock {
 public:
  // A new game: `to_move` starts, its time (or the shared clock) running
  // from `start_ms`. An untimed control gives a clock that never falls.
  GameClock(const TimeControl& control, int to_move, int64_t start_ms);

  // A clock resumed from a stored reading: the running clock restarts at
  // `now_ms` from the values read (time in between is not charged).
  static GameClock Restore(const TimeControl& control, const Reading& reading,
                           int64_t now_ms);

  const TimeControl& control() const { return control_; }
  int to_move() const { return to_move_; }
  bool paused() const { return paused_; }
  bool stopped() const { return stopped_; }

  // The clocks at `now_ms` (>= the last call's time), without changing them.
  Reading Read(int64_t now_ms) const;

  // True if the side to move has run out of time at `now_ms` (never for an
  // untimed, paused or stopped clock).
  bool Flagged(int64_t now_ms) const;

  // The instant the side to move's time reaches zero if nothing happens
  // (through the end of a shared period); nullopt when untimed, paused or
  // stopped.
  std::optional<int64_t> FlagFallTime() const;

  // The side to move completes a move at `now_ms`: its time is charged, its
  // increment added, and the other side's clock starts. Returns false and
  // changes nothing if the mover's flag has fallen (Flagged(now_ms)).
  // A paused clock switches sides without charging anyone (and adds no
  // increment); a stopped clock refuses the move (returns false).
  bool CompleteMove(int64_t now_ms);
  // The same when the next to act is not simply the other side (a gomoku
  // player who decides on the swap and then plays move 4 acts twice).
  bool CompleteMove(int64_t now_ms, int next_to_move);

  // The arbiter stops / restarts the running clock. Pause on a paused clock
  // and Resume on a running one do nothing; neither restarts a stopped clock.
  void Pause(int64_t now_ms);
  void Resume(int64_t now_ms);

  // Adds `delta_ms` (may be negative) to `side`'s individual time, or to the
  // shared clock when side is -1 (only while it still runs; it is clamped at
  // zero, which ends the shared period at `now_ms`). A side may be taken to
  // zero or below: Flagged() then says so once that side's own clock runs.
  // Does nothing on an untimed or stopped clock.
  void Adjust(int side, int64_t delta_ms, int64_t now_ms);

  // The game is over: the clocks freeze at `now_ms`.
  void Stop(int64_t now_ms);

 private:
  // Brings the readings up to `now_ms` (charging the running clock).
  void Settle(int64_t now_ms);

  TimeControl control_;
  int to_move_ = kFirst;
  bool paused_ = false;
  bool stopped_ = false;
  // Readings as of since_ms_.
  int64_t remaining_ms_[2] = {0, 0};
  int64_t shared_ms_ = 0;
  int64_t since_ms_ = 0;
};

}  // namespace caipan::clock

#endif  // CAIPAN_ENGINE_CLOCK_GAME_CLOCK_H_
