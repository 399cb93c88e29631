#include "engine/clock/game_clock.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

#include "engine/clock/time_control.h"

namespace caipan::clock {
namespace {

constexpr int64_t kSecondMs = 1000;
constexpr int64_t kMinuteMs = 60 * kSecondMs;

TimeControl Control(std::string_view text) {
  absl::StatusOr<TimeControl> control = ParseTimeControl(text);
  EXPECT_TRUE(control.ok()) << control.status();
  return control.value_or(TimeControl{});
}

Reading MakeReading(int64_t first, int64_t second, int64_t shared,
                    int to_move) {
  Reading reading;
  reading.remaining_ms[kFirst] = first;
  reading.remaining_ms[kSecond] = second;
  reading.shared_remaining_ms = shared;
  reading.to_move = to_move;
  return reading;
}

TEST(GameClockTest, StartsWithBaseTimes) {
  GameClock clock(Control("W360+3-B240+3;armageddon"), kFirst, 5000);
  EXPECT_TRUE(clock.control().armageddon);
  EXPECT_EQ(clock.Read(5000),
            MakeReading(6 * kMinuteMs, 4 * kMinuteMs, 0, kFirst));
  EXPECT_EQ(clock.FlagFallTime(), 5000 + 6 * kMinuteMs);
}

TEST(GameClockTest, FischerIncrementsAccumulate) {
  GameClock clock(Control("1200+5"), kFirst, 0);
  ASSERT_TRUE(clock.CompleteMove(10 * kSecondMs));  // first used 10 s
  ASSERT_TRUE(clock.CompleteMove(12 * kSecondMs));  // second used 2 s
  ASSERT_TRUE(clock.CompleteMove(13 * kSecondMs));  // first used 1 s
  EXPECT_EQ(clock.Read(13 * kSecondMs),
            MakeReading(1200 * kSecondMs - 11 * kSecondMs + 10 * kSecondMs,
                        1200 * kSecondMs - 2 * kSecondMs + 5 * kSecondMs, 0,
                        kSecond));
  // Fast moves can take a side above its base time.
  EXPECT_GT(clock.Read(13 * kSecondMs).remaining_ms[kSecond], 1200 * kSecondMs);
}

TEST(GameClockTest, ArmageddonChargesAsymmetricTimes) {
  GameClock clock(Control("W360+3-B240+3;armageddon"), kFirst, 0);
  ASSERT_TRUE(clock.CompleteMove(kMinuteMs));
  EXPECT_EQ(clock.FlagFallTime(), kMinuteMs + 4 * kMinuteMs);
  ASSERT_TRUE(clock.CompleteMove(2 * kMinuteMs));
  EXPECT_EQ(clock.Read(2 * kMinuteMs),
            MakeReading(5 * kMinuteMs + 3 * kSecondMs,
                        3 * kMinuteMs + 3 * kSecondMs, 0, kFirst));
}

TEST(GameClockTest, SuddenDeathFlagFallsExactlyAtZero) {
  const int64_t start = 1000;
  const int64_t base = 1800 * kSecondMs;
  GameClock clock(Control("1800"), kFirst, start);
  EXPECT_EQ(clock.FlagFallTime(), start + base);
  EXPECT_FALSE(clock.Flagged(start + base - 1));
  EXPECT_TRUE(clock.Flagged(start + base));
  EXPECT_EQ(clock.Read(start + base).remaining_ms[kFirst], 0);

  GameClock late = clock;
  EXPECT_FALSE(late.CompleteMove(start + base));
  EXPECT_EQ(late.to_move(), kFirst);  // nothing changed
  EXPECT_EQ(late.Read(start), clock.Read(start));

  ASSERT_TRUE(clock.CompleteMove(start + base - 1));
  EXPECT_EQ(clock.Read(start + base - 1), MakeReading(1, base, 0, kSecond));
}

TEST(GameClockTest, SecondMoverCanStart) {
  GameClock clock(Control("300+3"), kSecond, 0);
  EXPECT_EQ(clock.Read(kSecondMs).remaining_ms[kSecond], 299 * kSecondMs);
  EXPECT_EQ(clock.Read(kSecondMs).remaining_ms[kFirst], 300 * kSecondMs);
}

TEST(GameClockTest, SharedPeriodThenSuddenDeath) {
  const int64_t shared = 3600 * kSecondMs;
  const int64_t own = 1800 * kSecondMs;
  GameClock clock(Control("S3600:1800"), kFirst, 0);
  EXPECT_EQ(clock.Read(0), MakeReading(own, own, shared, kFirst));
  EXPECT_EQ(clock.FlagFallTime(), shared + own);

  ASSERT_TRUE(clock.CompleteMove(1000));  // from the shared clock only
  EXPECT_EQ(clock.Read(1000), MakeReading(own, own, shared - 1000, kSecond));
  EXPECT_EQ(clock.FlagFallTime(), shared + own);

  // The shared clock runs out at `shared` during the second mover's turn;
  // from then on only its own clock runs.
  EXPECT_EQ(clock.Read(shared - 1), MakeReading(own, own, 1, kSecond));
  EXPECT_EQ(clock.Read(shared), MakeReading(own, own, 0, kSecond));
  EXPECT_EQ(clock.Read(shared + 5000),
            MakeReading(own, own - 5000, 0, kSecond));
  EXPECT_FALSE(clock.Flagged(shared + own - 1));
  EXPECT_TRUE(clock.Flagged(shared + own));

  ASSERT_TRUE(clock.CompleteMove(shared + 5000));
  EXPECT_EQ(clock.Read(shared + 5000), MakeReading(own, own - 5000, 0, kFirst));
  EXPECT_EQ(clock.FlagFallTime(), shared + 5000 + own);
}

TEST(GameClockTest, SharedPeriodEarnsNoIncrementThenFischer) {
  const int64_t shared = 1200 * kSecondMs;
  const int64_t own = 600 * kSecondMs;
  GameClock clock(Control("S1200:600+5"), kFirst, 0);
  ASSERT_TRUE(clock.CompleteMove(600 * kSecondMs));
  ASSERT_TRUE(clock.CompleteMove(1100 * kSecondMs));
  EXPECT_EQ(clock.Read(1100 * kSecondMs),
            MakeReading(own, own, 100 * kSecondMs, kFirst));

  // The first mover's turn crosses the end of the shared period.
  EXPECT_EQ(clock.FlagFallTime(), shared + own);
  EXPECT_FALSE(clock.Flagged(shared + own - 1));
  EXPECT_TRUE(clock.Flagged(shared + own));
  EXPECT_EQ(clock.Read(shared + 10 * kSecondMs),
            MakeReading(own - 10 * kSecondMs, own, 0, kFirst));

  // Charged only from the end of the shared period, then the increment.
  ASSERT_TRUE(clock.CompleteMove(shared + 10 * kSecondMs));
  EXPECT_EQ(clock.Read(shared + 10 * kSecondMs),
            MakeReading(own - 5 * kSecondMs, own, 0, kSecond));
  EXPECT_EQ(clock.FlagFallTime(), shared + 10 * kSecondMs + own);
  ASSERT_TRUE(clock.CompleteMove(shared + 12 * kSecondMs));
  EXPECT_EQ(clock.Read(shared + 12 * kSecondMs).remaining_ms[kSecond],
            own + 3 * kSecondMs);
}

TEST(GameClockTest, MoveExactlyAtEndOfSharedPeriodEarnsIncrement) {
  GameClock clock(Control("S1200:600+5"), kFirst, 0);
  ASSERT_TRUE(clock.CompleteMove(1200 * kSecondMs - 1));
  EXPECT_EQ(clock.Read(1200 * kSecondMs - 1).remaining_ms[kFirst],
            600 * kSecondMs);  // one ms of shared time left: no increment
  ASSERT_TRUE(clock.CompleteMove(1200 * kSecondMs));
  EXPECT_EQ(clock.Read(1200 * kSecondMs),
            MakeReading(600 * kSecondMs, 605 * kSecondMs, 0, kFirst));
}

TEST(GameClockTest, PauseChargesNothing) {
  GameClock clock(Control("600+5"), kFirst, 0);
  clock.Pause(10 * kSecondMs);
  EXPECT_TRUE(clock.paused());
  EXPECT_EQ(clock.FlagFallTime(), std::nullopt);
  EXPECT_FALSE(clock.Flagged(10'000 * kSecondMs));
  const Reading frozen = clock.Read(10 * kSecondMs);
  EXPECT_EQ(frozen.remaining_ms[kFirst], 590 * kSecondMs);
  EXPECT_TRUE(frozen.paused);
  EXPECT_EQ(clock.Read(10'000 * kSecondMs), frozen);
  clock.Pause(20 * kSecondMs);  // no effect

  clock.Resume(100 * kSecondMs);
  EXPECT_FALSE(clock.paused());
  EXPECT_EQ(clock.FlagFallTime(), 100 * kSecondMs + 590 * kSecondMs);
  clock.Resume(200 * kSecondMs);  // already running: no effect
  EXPECT_EQ(clock.Read(101 * kSecondMs).remaining_ms[kFirst], 589 * kSecondMs);
}

TEST(GameClockTest, PausedMoveSwitchesSidesWithoutCharging) {
  GameClock clock(Control("600+5"), kFirst, 0);
  clock.Pause(10 * kSecondMs);
  ASSERT_TRUE(clock.CompleteMove(50 * kSecondMs));
  EXPECT_EQ(clock.Read(50 * kSecondMs), [] {
    Reading r = MakeReading(590 * kSecondMs, 600 * kSecondMs, 0, kSecond);
    r.paused = true;
    return r;
  }());
  clock.Resume(60 * kSecondMs);
  EXPECT_EQ(clock.FlagFallTime(), 60 * kSecondMs + 600 * kSecondMs);
}

TEST(GameClockTest, PauseFreezesSharedClock) {
  GameClock clock(Control("S3600:1800"), kFirst, 0);
  clock.Pause(kMinuteMs);
  EXPECT_EQ(clock.Read(100 * kMinuteMs).shared_remaining_ms, 59 * kMinuteMs);
  clock.Resume(100 * kMinuteMs);
  EXPECT_EQ(clock.FlagFallTime(),
            100 * kMinuteMs + 59 * kMinuteMs + 30 * kMinuteMs);
}

TEST(GameClockTest, AdjustEachSide) {
  GameClock clock(Control("600+5"), kFirst, 0);
  clock.Adjust(kFirst, 30 * kSecondMs, 10 * kSecondMs);
  clock.Adjust(kSecond, -60 * kSecondMs, 10 * kSecondMs);
  EXPECT_EQ(clock.Read(10 * kSecondMs),
            MakeReading(620 * kSecondMs, 540 * kSecondMs, 0, kFirst));
  EXPECT_EQ(clock.FlagFallTime(), 10 * kSecondMs + 620 * kSecondMs);
  clock.Adjust(2, kMinuteMs, 10 * kSecondMs);  // no such side: ignored
  EXPECT_EQ(clock.Read(10 * kSecondMs).remaining_ms[kFirst], 620 * kSecondMs);
}

TEST(GameClockTest, AdjustToZeroFlags) {
  GameClock clock(Control("600+5"), kFirst, 0);
  clock.Adjust(kFirst, -590 * kSecondMs, 10 * kSecondMs);
  EXPECT_TRUE(clock.Flagged(10 * kSecondMs));
  EXPECT_FALSE(clock.CompleteMove(10 * kSecondMs));

  // The side not to move flags as soon as its clock starts.
  GameClock other(Control("600+5"), kFirst, 0);
  other.Adjust(kSecond, -600 * kSecondMs, kSecondMs);
  EXPECT_FALSE(other.Flagged(kSecondMs));
  ASSERT_TRUE(other.CompleteMove(2 * kSecondMs));
  EXPECT_EQ(other.FlagFallTime(), 2 * kSecondMs);
  EXPECT_TRUE(other.Flagged(2 * kSecondMs));
}

TEST(GameClockTest, AdjustSharedClock) {
  const int64_t own = 30 * kMinuteMs;
  GameClock clock(Control("S3600:1800"), kFirst, 0);
  clock.Adjust(-1, 5 * kMinuteMs, kMinuteMs);
  EXPECT_EQ(clock.Read(kMinuteMs),
            MakeReading(own, own, 64 * kMinuteMs, kFirst));
  clock.Adjust(-1, -4 * kMinuteMs, kMinuteMs);
  EXPECT_EQ(clock.FlagFallTime(), kMinuteMs + 60 * kMinuteMs + own);

  // Taken below zero it stops at zero: the individual clock starts now.
  clock.Adjust(-1, -100 * kMinuteMs, 2 * kMinuteMs);
  EXPECT_EQ(clock.Read(2 * kMinuteMs), MakeReading(own, own, 0, kFirst));
  EXPECT_EQ(clock.FlagFallTime(), 2 * kMinuteMs + own);

  // Once the shared period is over, adjusting it does nothing.
  clock.Adjust(-1, 5 * kMinuteMs, 3 * kMinuteMs);
  EXPECT_EQ(clock.Read(3 * kMinuteMs),
            MakeReading(own - kMinuteMs, own, 0, kFirst));

  // Without a shared period too.
  GameClock plain(Control("600"), kFirst, 0);
  plain.Adjust(-1, kMinuteMs, 0);
  EXPECT_EQ(plain.Read(0),
            MakeReading(600 * kSecondMs, 600 * kSecondMs, 0, kFirst));
}

TEST(GameClockTest, IndividualAtZeroFallsWhenSharedPeriodEnds) {
  GameClock clock(Control("S60:60"), kFirst, 0);
  clock.Adjust(kFirst, -kMinuteMs, 0);
  EXPECT_FALSE(clock.Flagged(kMinuteMs - 1));  // the shared clock still runs
  EXPECT_EQ(clock.FlagFallTime(), kMinuteMs);
  EXPECT_TRUE(clock.Flagged(kMinuteMs));
}

TEST(GameClockTest, StopFreezes) {
  GameClock clock(Control("600+5"), kFirst, 0);
  clock.Stop(10 * kSecondMs);
  EXPECT_TRUE(clock.stopped());
  Reading frozen = MakeReading(590 * kSecondMs, 600 * kSecondMs, 0, kFirst);
  frozen.stopped = true;
  EXPECT_EQ(clock.Read(10'000 * kSecondMs), frozen);
  EXPECT_EQ(clock.FlagFallTime(), std::nullopt);
  EXPECT_FALSE(clock.Flagged(10'000 * kSecondMs));
  EXPECT_FALSE(clock.CompleteMove(20 * kSecondMs));
  clock.Pause(30 * kSecondMs);
  clock.Resume(40 * kSecondMs);
  clock.Adjust(kFirst, kMinuteMs, 50 * kSecondMs);
  clock.Stop(60 * kSecondMs);
  EXPECT_EQ(clock.Read(10'000 * kSecondMs), frozen);
}

TEST(GameClockTest, RestoreDoesNotChargeTheGap) {
  GameClock clock(Control("S1200:600+5"), kFirst, 0);
  ASSERT_TRUE(clock.CompleteMove(100 * kSecondMs));
  const Reading saved = clock.Read(150 * kSecondMs);
  EXPECT_EQ(saved, MakeReading(600 * kSecondMs, 600 * kSecondMs,
                               1050 * kSecondMs, kSecond));

  GameClock restored =
      GameClock::Restore(clock.control(), saved, 10'000 * kSecondMs);
  EXPECT_EQ(restored.Read(10'000 * kSecondMs), saved);
  EXPECT_EQ(restored.to_move(), kSecond);
  EXPECT_EQ(restored.FlagFallTime(),
            10'000 * kSecondMs + 1050 * kSecondMs + 600 * kSecondMs);
  ASSERT_TRUE(restored.CompleteMove(10'010 * kSecondMs));
  EXPECT_EQ(restored.Read(10'010 * kSecondMs).shared_remaining_ms,
            1040 * kSecondMs);
}

TEST(GameClockTest, RestoreCarriesPausedAndStopped) {
  const TimeControl control = Control("600+5");
  Reading paused = MakeReading(500 * kSecondMs, 400 * kSecondMs, 0, kSecond);
  paused.paused = true;
  GameClock clock = GameClock::Restore(control, paused, 1000);
  EXPECT_TRUE(clock.paused());
  EXPECT_EQ(clock.FlagFallTime(), std::nullopt);
  EXPECT_EQ(clock.Read(99'000), paused);
  clock.Resume(5000);
  EXPECT_EQ(clock.FlagFallTime(), 5000 + 400 * kSecondMs);

  Reading stopped = MakeReading(500 * kSecondMs, 400 * kSecondMs, 0, kFirst);
  stopped.stopped = true;
  GameClock over = GameClock::Restore(control, stopped, 1000);
  EXPECT_TRUE(over.stopped());
  EXPECT_EQ(over.Read(99'000), stopped);
  EXPECT_FALSE(over.CompleteMove(2000));

  // A flag that had already fallen stays fallen.
  GameClock flagged = GameClock::Restore(
      control, MakeReading(0, 400 * kSecondMs, 0, kFirst), 1000);
  EXPECT_TRUE(flagged.Flagged(1000));
}

TEST(GameClockTest, Untimed) {
  GameClock clock(Control("none"), kFirst, 0);
  EXPECT_EQ(clock.Read(1'000'000'000), MakeReading(0, 0, 0, kFirst));
  EXPECT_FALSE(clock.Flagged(1'000'000'000));
  EXPECT_EQ(clock.FlagFallTime(), std::nullopt);
  ASSERT_TRUE(clock.CompleteMove(1'000'000'000));
  EXPECT_EQ(clock.to_move(), kSecond);
  clock.Adjust(kSecond, -kMinuteMs, 1'000'000'001);
  EXPECT_EQ(clock.Read(2'000'000'000), MakeReading(0, 0, 0, kSecond));
  EXPECT_FALSE(clock.Flagged(2'000'000'000));
}

TEST(GameClockTest, EarlierTimesChargeNothing) {
  GameClock clock(Control("600+5"), kFirst, 100 * kSecondMs);
  EXPECT_EQ(clock.Read(50 * kSecondMs).remaining_ms[kFirst], 600 * kSecondMs);
  ASSERT_TRUE(clock.CompleteMove(110 * kSecondMs));
  // A call from before the last one neither refunds nor charges time, and
  // the later interval is still charged once.
  ASSERT_TRUE(clock.CompleteMove(105 * kSecondMs));
  EXPECT_EQ(clock.Read(120 * kSecondMs),
            MakeReading(585 * kSecondMs, 605 * kSecondMs, 0, kFirst));
}

TEST(GameClockTest, ReadDoesNotChangeTheClock) {
  GameClock clock(Control("600+5"), kFirst, 0);
  clock.Read(500 * kSecondMs);
  ASSERT_TRUE(clock.CompleteMove(10 * kSecondMs));
  EXPECT_EQ(clock.Read(10 * kSecondMs).remaining_ms[kFirst], 595 * kSecondMs);
}

TEST(GameClockTest, ExtremeValuesSaturate) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  GameClock clock(Control("S604800:604800+604800"), kFirst, kMin);
  EXPECT_TRUE(clock.Flagged(kMax));
  EXPECT_LT(clock.Read(kMax).remaining_ms[kFirst], 0);
  clock.Adjust(kSecond, kMax, 0);
  clock.Adjust(kSecond, kMax, 0);
  EXPECT_EQ(clock.Read(0).remaining_ms[kSecond], kMax);

  GameClock late(Control("600"), kFirst, kMax - 1);
  EXPECT_EQ(late.FlagFallTime(), kMax);
}

}  // namespace
}  // namespace caipan::clock
