#include "engine/clock/game_clock.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>

namespace caipan::clock {
namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

// Saturating arithmetic: "now" and arbiter deltas come from callers and may be
// anything, so sums must not overflow.
int64_t AddSat(int64_t a, int64_t b) {
  int64_t sum;
  if (__builtin_add_overflow(a, b, &sum)) return b > 0 ? kMax : kMin;
  return sum;
}

int64_t SubSat(int64_t a, int64_t b) {
  int64_t difference;
  if (__builtin_sub_overflow(a, b, &difference)) return b < 0 ? kMax : kMin;
  return difference;
}

int Side(int side) { return side == kSecond ? kSecond : kFirst; }

}  // namespace

GameClock::GameClock(const TimeControl& control, int to_move, int64_t start_ms)
    : control_(control), to_move_(Side(to_move)), since_ms_(start_ms) {
  if (!control_.timed) return;
  remaining_ms_[kFirst] = control_.individual[kFirst].base_ms;
  remaining_ms_[kSecond] = control_.individual[kSecond].base_ms;
  shared_ms_ = std::max<int64_t>(control_.shared_ms, 0);
}

GameClock GameClock::Restore(const TimeControl& control, const Reading& reading,
                             int64_t now_ms) {
  GameClock clock(control, reading.to_move, now_ms);
  clock.paused_ = reading.paused;
  clock.stopped_ = reading.stopped;
  if (control.timed) {
    clock.remaining_ms_[kFirst] = reading.remaining_ms[kFirst];
    clock.remaining_ms_[kSecond] = reading.remaining_ms[kSecond];
    // A shared clock only exists if the control has one.
    clock.shared_ms_ = control.shared_ms > 0
                           ? std::max<int64_t>(reading.shared_remaining_ms, 0)
                           : 0;
  }
  return clock;
}

void GameClock::Settle(int64_t now_ms) {
  // A time before since_ms_ charges nothing, and since_ms_ never moves back
  // (else the same interval could be charged twice).
  const int64_t elapsed = std::max<int64_t>(SubSat(now_ms, since_ms_), 0);
  since_ms_ = std::max(since_ms_, now_ms);
  if (!control_.timed || paused_ || stopped_) return;
  const int64_t from_shared = std::min(elapsed, shared_ms_);
  shared_ms_ -= from_shared;
  remaining_ms_[to_move_] =
      SubSat(remaining_ms_[to_move_], elapsed - from_shared);
}

Reading GameClock::Read(int64_t now_ms) const {
  GameClock settled = *this;
  settled.Settle(now_ms);
  Reading reading;
  reading.remaining_ms[kFirst] = settled.remaining_ms_[kFirst];
  reading.remaining_ms[kSecond] = settled.remaining_ms_[kSecond];
  reading.shared_remaining_ms = settled.shared_ms_;
  reading.to_move = to_move_;
  reading.paused = paused_;
  reading.stopped = stopped_;
  return reading;
}

std::optional<int64_t> GameClock::FlagFallTime() const {
  if (!control_.timed || paused_ || stopped_) return std::nullopt;
  // The shared clock runs out first; an individual time already at or below
  // zero then falls at that same instant.
  return AddSat(AddSat(since_ms_, shared_ms_),
                std::max<int64_t>(remaining_ms_[to_move_], 0));
}

bool GameClock::Flagged(int64_t now_ms) const {
  const std::optional<int64_t> fall = FlagFallTime();
  return fall.has_value() && std::max(now_ms, since_ms_) >= *fall;
}

bool GameClock::CompleteMove(int64_t now_ms) {
  return CompleteMove(now_ms, 1 - to_move_);
}

bool GameClock::CompleteMove(int64_t now_ms, int next_to_move) {
  if (stopped_ || Flagged(now_ms)) return false;
  const int mover = to_move_;
  Settle(now_ms);
  // Paused: nothing is charged, so nothing is earned either. A shared clock
  // still above zero means the move was made inside the shared period.
  if (control_.timed && !paused_ && shared_ms_ == 0) {
    remaining_ms_[mover] =
        AddSat(remaining_ms_[mover], control_.individual[mover].increment_ms);
  }
  to_move_ = next_to_move == kFirst ? kFirst : kSecond;
  return true;
}

void GameClock::Pause(int64_t now_ms) {
  if (stopped_ || paused_) return;
  Settle(now_ms);
  paused_ = true;
}

void GameClock::Resume(int64_t now_ms) {
  if (stopped_ || !paused_) return;
  paused_ = false;
  since_ms_ = std::max(since_ms_, now_ms);
}

void GameClock::Adjust(int side, int64_t delta_ms, int64_t now_ms) {
  if (!control_.timed || stopped_) return;
  Settle(now_ms);
  if (side == kFirst || side == kSecond) {
    remaining_ms_[side] = AddSat(remaining_ms_[side], delta_ms);
  } else if (side == -1 && shared_ms_ > 0) {
    // Clamped at zero: taking the shared clock to zero ends the shared period
    // now, and the side to move's own clock starts; the excess is not carried
    // over to it.
    shared_ms_ = std::max<int64_t>(AddSat(shared_ms_, delta_ms), 0);
  }
}

void GameClock::Stop(int64_t now_ms) {
  if (stopped_) return;
  Settle(now_ms);
  stopped_ = true;
}

}  // namespace caipan::clock
