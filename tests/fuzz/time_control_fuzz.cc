// Fuzz target for time controls and clock arithmetic: any text either fails
// cleanly or parses to a control whose canonical form parses back to it; the
// rest of the input drives a GameClock through moves, pauses, adjustments and
// time, whose readings must stay consistent (a side flagged exactly when its
// time is gone, the flag-fall instant never in the past of a running clock).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/clock/game_clock.h"
#include "engine/clock/time_control.h"

namespace clk = ::caipan::clock;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t cut = input.find('\n');
  const std::string_view text = input.substr(0, cut);
  absl::StatusOr<clk::TimeControl> control = clk::ParseTimeControl(text);
  if (!control.ok()) return 0;
  absl::StatusOr<clk::TimeControl> again =
      clk::ParseTimeControl(clk::FormatTimeControl(*control));
  if (!again.ok() || !(*again == *control)) __builtin_trap();
  if (cut == std::string_view::npos) return 0;
  int64_t now = 1000;
  clk::GameClock clock(*control, clk::kFirst, now);
  for (size_t i = cut + 1; i + 1 < size; i += 2) {
    const uint8_t op = data[i] % 6;
    const int64_t amount = static_cast<int64_t>(data[i + 1]) * 997;
    switch (op) {
      case 0:
        now += amount;
        break;
      case 1: {
        const bool flagged = clock.Flagged(now);
        const bool stopped = clock.stopped();
        if (clock.CompleteMove(now) == (flagged || stopped)) __builtin_trap();
        break;
      }
      case 2:
        clock.Pause(now);
        break;
      case 3:
        clock.Resume(now);
        break;
      case 4:
        clock.Adjust(static_cast<int>(data[i + 1] % 3) - 1,
                     (data[i + 1] & 1) ? amount : -amount, now);
        break;
      default:
        clock = clk::GameClock::Restore(*control, clock.Read(now), now);
        break;
    }
    if (std::optional<int64_t> due = clock.FlagFallTime()) {
      if (clock.Flagged(now) != (*due <= now)) __builtin_trap();
    }
  }
  return 0;
}
