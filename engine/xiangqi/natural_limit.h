// The natural move limit (自然限着): N rounds without a capture draw, with the
// claimant's checks counted by the regulation's policy (none, the first K,
// all).
#ifndef CAIPAN_ENGINE_XIANGQI_NATURAL_LIMIT_H_
#define CAIPAN_ENGINE_XIANGQI_NATURAL_LIMIT_H_

#include <span>

#include "absl/status/statusor.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/rule_options.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// The limit as seen by one claimant at one ply. With P plies since the last
// capture (or since the start of the record plus the start FEN's halfmove
// clock: plies without capture before the record, whose checks are unknown
// and all count) and E of the
// claimant's checks the policy does not count, the limit is reached when P >= 2
// * (N + E).
struct NaturalLimitStatus {
  Color claimant = Color::kRed;
  int limit_rounds = 60;
  // P.
  int plies_since_capture = 0;
  // The claimant's checking moves among those plies (tracked only where the
  // policy needs them: the adjudicator skips it under "all").
  int claimant_checks = 0;
  // E.
  int uncounted_checks = 0;
  // floor(max(0, P - 2E) / 2)
  int rounds_counted = 0;
  // max(0, N - rounds_counted)
  int rounds_remaining = 0;
  // P >= 2 * (N + E) now.
  bool reached = false;
  // 1-based ply where it was first reached since the last capture; 0 if never.
  int first_reached_ply = 0;
};

// Follows a game ply by ply; O(1) per ply.
class NaturalLimitCounter {
 public:
  // `plies_before` plies without capture came before the first one recorded
  // (a start FEN's halfmove clock).
  NaturalLimitCounter(const RuleOptions& options, int plies_before)
      : limit_(options.natural_limit_rounds),
        policy_(options.limit_checks),
        plies_(plies_before) {}

  // Records ply `ply` (1-based) by `mover`. Inline: it runs every ply, and
  // almost always only counts.
  void OnPly(int ply, Color mover, bool capture, bool gives_check) {
    if (capture) {
      // A capturing check starts the count afresh but is itself not among
      // the plies counted.
      plies_ = 0;
      checks_[0] = checks_[1] = 0;
      first_reached_[0] = first_reached_[1] = 0;
    } else {
      ++plies_;
      if (gives_check) ++checks_[Index(mover)];
    }
    if (MayBeReached()) NoteFirstReached(ply);
  }

  NaturalLimitStatus Status(Color claimant) const;
  bool Reached(Color claimant) const;
  // False while no claimant can have reached the limit (P < 2N): lets callers
  // skip the per-claimant test on most plies.
  bool MayBeReached() const { return plies_ >= 2 * limit_; }

 private:
  int Uncounted(Color claimant) const;
  // Remembers `ply` for each claimant that reaches the limit there first.
  void NoteFirstReached(int ply);

  int limit_;
  CheckCountPolicy policy_;
  int plies_ = 0;
  int checks_[2] = {0, 0};
  int first_reached_[2] = {0, 0};
};

// Replays `moves` from `start` and reports the limit for `claimant` after the
// last move. Any illegal move is an InvalidArgument error naming its ply.
absl::StatusOr<NaturalLimitStatus> ComputeNaturalLimit(
    const Position& start, std::span<const Move> moves, Color claimant,
    const RuleOptions& options);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_NATURAL_LIMIT_H_
