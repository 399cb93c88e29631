// Names of results and reasons, a whole record adjudicated through
// GameAdjudicator with its claims put in at their plies, and the ruling on the
// position a game stands in.
#include "engine/xiangqi/adjudicator.h"

#include <algorithm>
#include <vector>

#include "engine/common/debug_check.h"
#include "engine/xiangqi/game_adjudicator.h"

namespace caipan::xiangqi {

const char* GameResultName(GameResult r) {
  switch (r) {
    case GameResult::kOngoing:
      return "*";
    case GameResult::kRedWins:
      return "1-0";
    case GameResult::kBlackWins:
      return "0-1";
    case GameResult::kDraw:
      return "1/2-1/2";
  }
  return "*";
}

const char* VerdictReasonName(VerdictReason r) {
  switch (r) {
    case VerdictReason::kOngoing:
      return "ongoing";
    case VerdictReason::kCheckmate:
      return "checkmate";
    case VerdictReason::kStalemate:
      return "stalemate";
    case VerdictReason::kPerpetualCheck:
      return "perpetual-check";
    case VerdictReason::kPerpetualChase:
      return "perpetual-chase";
    case VerdictReason::kPerpetualMateThreat:
      return "perpetual-mate-threat";
    case VerdictReason::kMixedForbiddenCycle:
      return "mixed-forbidden-cycle";
    case VerdictReason::kRepetitionDraw:
      return "repetition-draw";
    case VerdictReason::kNaturalLimit:
      return "natural-limit";
    case VerdictReason::kIllegalMove:
      return "illegal-move";
  }
  return "ongoing";
}

const char* ClaimOutcomeName(ClaimRuling::Outcome o) {
  switch (o) {
    case ClaimRuling::Outcome::kRejected:
      return "rejected";
    case ClaimRuling::Outcome::kRepetitionDraw:
      return "repetition-draw";
    case ClaimRuling::Outcome::kNaturalLimitDraw:
      return "natural-limit-draw";
    case ClaimRuling::Outcome::kOrderToVary:
      return "order-to-vary";
  }
  return "rejected";
}

Verdict Adjudicate(const Position& start, std::span<const Move> moves,
                   const RuleOptions& options, std::span<const Claim> claims,
                   const std::optional<std::string>& unplayable) {
  return *AdjudicateUnlessStopped(
      start, moves, options, [] { return false; }, claims, unplayable);
}

std::optional<Verdict> AdjudicateUnlessStopped(
    const Position& start, std::span<const Move> moves,
    const RuleOptions& options, absl::FunctionRef<bool()> stop_requested,
    std::span<const Claim> claims,
    const std::optional<std::string>& unplayable) {
  std::vector<Claim> by_ply(claims.begin(), claims.end());
  std::stable_sort(
      by_ply.begin(), by_ply.end(),
      [](const Claim& a, const Claim& b) { return a.ply < b.ply; });
  const int n = static_cast<int>(moves.size());
  GameAdjudicator game(start, options, n);
  size_t next_claim = 0;
  auto claims_at = [&](int ply) {
    for (; next_claim < by_ply.size() && by_ply[next_claim].ply <= ply;
         ++next_claim) {
      if (by_ply[next_claim].ply == ply) game.Claim(by_ply[next_claim].side);
    }
  };
  claims_at(0);
  // Plies in blocks of kStopCheckPlies: the stop is asked between blocks, and
  // a game without claims skips looking for them.
  const bool any_claims = !by_ply.empty();
  bool counted_to_end = false;
  for (int block = 0; block < n && !counted_to_end; block += kStopCheckPlies) {
    if (block > 0 && stop_requested()) return std::nullopt;
    const int end = std::min(n, block + kStopCheckPlies);
    for (int i = block; i < end; ++i) {
      game.Play(moves[i]);
      if (game.decided()) {
        // Moves after the deciding ply are not examined, only counted.
        for (int j = i + 1; j < n; ++j) game.Play(moves[j]);
        counted_to_end = true;
        break;
      }
      if (any_claims) claims_at(i + 1);
    }
  }
  if (unplayable) game.Unplayable(*unplayable);
  return game.Finish();
}

FinalRepetition RuleOnFinalRepetition(const Position& start,
                                      std::span<const Move> moves,
                                      const RuleOptions& options) {
  // Claim mode: an automatic adjudicator would end the game at the first
  // repetition, and the moves after it would go uncounted.
  RuleOptions counting = options;
  counting.mode = AdjudicationMode::kClaim;
  GameAdjudicator game(start, counting, static_cast<int>(moves.size()));
  for (const Move m : moves) game.Play(m);
  CAIPAN_DCHECK(game.plies() == static_cast<int>(moves.size()));
  return {game.occurrences(), game.RuleOnCurrentRepetition(), game.position()};
}

}  // namespace caipan::xiangqi
