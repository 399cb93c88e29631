// Time controls of the regulations and their text form: TRF-2026 field 222
// where it has one, plus two documented extensions.
//
//   none | -                   no clocks
//   BASE[+INC]                 both sides: BASE seconds, INC seconds added
//                              after each move (Fischer); 1200+5, 1800
//   WBASE[+INC]-BBASE[+INC]    W: the side that moves first (red in
//                              xiangqi, black in gomoku), B: the other;
//                              W360+3-B240+3
//   extension: SSHARED:INDIVIDUAL
//                              one game clock of SHARED seconds runs for
//                              both sides first; when it runs out each side
//                              gets INDIVIDUAL (either form above):
//                              S3600:1800, S1200:600+5
//   extension: …;armageddon   a draw counts as a win for B (the second
//                              mover): W360+3-B240+3;armageddon
#ifndef CAIPAN_ENGINE_CLOCK_TIME_CONTROL_H_
#define CAIPAN_ENGINE_CLOCK_TIME_CONTROL_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace caipan::clock {

// Index of a side in clock arrays: the first mover, then the second.
inline constexpr int kFirst = 0;
inline constexpr int kSecond = 1;

struct Period {
  // > 0 when timed.
  int64_t base_ms = 0;
  // >= 0
  int64_t increment_ms = 0;
  bool operator==(const Period&) const = default;
};

struct TimeControl {
  // False: no clocks (and no flag fall)
  bool timed = false;
  // A shared game clock that runs first for both sides (0: none).
  int64_t shared_ms = 0;
  // [kFirst], [kSecond]
  Period individual[2];
  // A draw counts as a win for kSecond.
  bool armageddon = false;
  bool operator==(const TimeControl&) const = default;
};

// Largest base, shared or increment accepted, in seconds (one week).
inline constexpr int64_t kMaxSeconds = 7 * 24 * 3600;

// Parses the text form above; INVALID_ARGUMENT quoting the text and saying
// what is wrong. Seconds are whole numbers, 0 < BASE <= kMaxSeconds,
// 0 <= INC <= kMaxSeconds, 0 < SHARED <= kMaxSeconds; at most 64 bytes.
absl::StatusOr<TimeControl> ParseTimeControl(std::string_view text);

// The canonical text form: "none", "1200+5", "1800", "W360+3-B240+3",
// "S3600:1800", "W360+3-B240+3;armageddon" (equal periods are written once;
// a zero increment is left out).
std::string FormatTimeControl(const TimeControl& control);

}  // namespace caipan::clock

#endif  // CAIPAN_ENGINE_CLOCK_TIME_CONTROL_H_
