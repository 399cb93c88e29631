// Natural move limit bookkeeping.
#include "engine/xiangqi/natural_limit.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace caipan::xiangqi {

int NaturalLimitCounter::Uncounted(Color claimant) const {
  const int checks = checks_[Index(claimant)];
  switch (policy_.kind) {
    case CheckCountPolicy::Kind::kNone:
      return checks;
    case CheckCountPolicy::Kind::kAll:
      return 0;
    case CheckCountPolicy::Kind::kAtMost:
      return std::max(0, checks - policy_.max_counted);
  }
  return 0;
}

bool NaturalLimitCounter::Reached(Color claimant) const {
  return plies_ >= 2 * (limit_ + Uncounted(claimant));
}

void NaturalLimitCounter::NoteFirstReached(int ply) {
  for (Color c : {Color::kRed, Color::kBlack}) {
    if (first_reached_[Index(c)] == 0 && Reached(c))
      first_reached_[Index(c)] = ply;
  }
}

NaturalLimitStatus NaturalLimitCounter::Status(Color claimant) const {
  NaturalLimitStatus s;
  s.claimant = claimant;
  s.limit_rounds = limit_;
  s.plies_since_capture = plies_;
  s.claimant_checks = checks_[Index(claimant)];
  s.uncounted_checks = Uncounted(claimant);
  s.rounds_counted = std::max(0, plies_ - 2 * s.uncounted_checks) / 2;
  s.rounds_remaining = std::max(0, limit_ - s.rounds_counted);
  s.reached = Reached(claimant);
  s.first_reached_ply = first_reached_[Index(claimant)];
  return s;
}

absl::StatusOr<NaturalLimitStatus> ComputeNaturalLimit(
    const Position& start, std::span<const Move> moves, Color claimant,
    const RuleOptions& options) {
  NaturalLimitCounter counter(options, start.HalfmoveClock());
  Position pos = start;
  for (size_t i = 0; i < moves.size(); ++i) {
    const int ply = static_cast<int>(i) + 1;
    absl::Status legal = pos.CheckLegal(moves[i]);
    if (!legal.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "ply ", ply, " (", ToIccs(moves[i]), "): ", legal.message()));
    }
    const Color mover = pos.SideToMove();
    const bool capture = pos.PieceAt(moves[i].to) != kNoPiece;
    pos.MakeMove(moves[i]);
    // Checks are tracked whatever the policy, so the status can report them.
    counter.OnPly(ply, mover, capture, pos.InCheck());
  }
  return counter.Status(claimant);
}

}  // namespace caipan::xiangqi
