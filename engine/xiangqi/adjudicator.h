// Game adjudication: start position + moves + rule options -> the verdict
// (result, reason, deciding ply, the repetition ruling that decided it, and the
// draws either side could claim).
#ifndef CAIPAN_ENGINE_XIANGQI_ADJUDICATOR_H_
#define CAIPAN_ENGINE_XIANGQI_ADJUDICATOR_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "engine/xiangqi/claim.h"
#include "engine/xiangqi/natural_limit.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/repetition.h"
#include "engine/xiangqi/rule_options.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

enum class GameResult : uint8_t {
  kOngoing = 0,
  kRedWins = 1,
  kBlackWins = 2,
  kDraw = 3
};
// "1-0", "0-1", "1/2-1/2", "*"
const char* GameResultName(GameResult r);

// Why. Stable: values are never renumbered.
enum class VerdictReason : uint8_t {
  kOngoing = 0,
  kCheckmate = 1,
  // 困毙: the side to move has no legal move and loses.
  kStalemate = 2,
  // 长将
  kPerpetualCheck = 3,
  // 长捉
  kPerpetualChase = 4,
  // 长杀
  kPerpetualMateThreat = 5,
  // 一将一捉, 一将一杀, 一杀一捉
  kMixedForbiddenCycle = 6,
  kRepetitionDraw = 7,
  kNaturalLimit = 8,
  kIllegalMove = 9,
};
// "checkmate", "perpetual-check", ...
const char* VerdictReasonName(VerdictReason r);

// The first move that could not be played.
struct IllegalMove {
  // 1-based.
  int ply = 0;
  Move move;
  std::string reason;
};

// A draw one side may claim (claim mode, or at the end of an unfinished
// record).
struct ClaimableDraw {
  enum class Kind : uint8_t { kRepetition = 0, kNaturalLimit = 1 };
  Kind kind = Kind::kRepetition;
  // Natural limit: who may claim; repetition: either side.
  std::optional<Color> claimant;
  // Where the draw became claimable.
  int ply = 0;
};

// In claim mode: the arbiter told `side` to vary at `ply`.
struct VaryOrder {
  Color side = Color::kRed;
  int ply = 0;
  RepetitionRuling ruling;
};

// How the arbiter ruled on a claim.
struct ClaimRuling {
  enum class Outcome : uint8_t {
    // No repetition and no natural limit to claim.
    kRejected = 0,
    // The repetition is allowed (or mutual): draw.
    kRepetitionDraw = 1,
    // The claimant reached the natural limit: draw.
    kNaturalLimitDraw = 2,
    // The offender must vary (see Verdict)
    kOrderToVary = 3,
  };
  int ply = 0;
  Color claimant = Color::kRed;
  Outcome outcome = Outcome::kRejected;
  // The cycle judged (repetition draws and orders).
  std::optional<RepetitionRuling> repetition;
  // The claimant's limit at the claim.
  NaturalLimitStatus limit;
  // Occurrences of the position at the claim since the last capture.
  int occurrences = 0;
};
// "rejected", ...
const char* ClaimOutcomeName(ClaimRuling::Outcome o);

struct Verdict {
  GameResult result = GameResult::kOngoing;
  VerdictReason reason = VerdictReason::kOngoing;
  // Ply the result was decided at (1-based; 0 = the start position); for an
  // ongoing game, the number of plies played.
  int ply = 0;
  // Moves in the record after the deciding ply, not examined.
  int trailing_moves = 0;
  std::optional<IllegalMove> illegal;
  // The ruling behind a repetition verdict (a forbidden cycle, or a repetition
  // draw).
  std::optional<RepetitionRuling> repetition;
  // Claim mode.
  std::vector<VaryOrder> vary_orders;
  // Ongoing games and claim mode.
  std::vector<ClaimableDraw> claimable;
  // Claim mode: every claim examined, as ruled, in order.
  std::vector<ClaimRuling> claims;
  // Claim mode, game not decided: what a claim by the side to move after the
  // last ply would give, unless it would be rejected.
  std::optional<ClaimRuling> claim_at_end;
  // The limit at the last ply examined, red claiming.
  NaturalLimitStatus limit_red;
  NaturalLimitStatus limit_black;
  // Position after the last ply examined.
  std::string final_fen;
};

// Adjudicates `moves` played from `start` (which must be a valid position).
// Each ply: the move is checked legal (the first illegal one ends the game:
// its mover loses, kIllegalMove, with its ply and reason; a move after a mate
// is not illegal but a trailing move of a finished game), then its position is
// counted since the last capture (placement + side to move). The natural
// limit counts from the start position's halfmove clock.
//  - automatic mode (platforms): when a position occurs for the
//    options.repetitions-th time (3 by default) the span is judged and a
//    forbidden conduct loses at once, a permitted repetition draws; the
//    natural limit draws as soon as it is reached for either claimant.
//    `claims` are ignored.
//  - claim mode (over the board, and records of such games): nothing is ruled
//    unless claimed. At each claim in `claims` the arbiter rules: a draw when
//    the claimant has reached the natural limit, or when the position stands
//    for at least the third time and the cycle is allowed (or both sides
//    offend); an order to vary when one side's conduct is forbidden; else the
//    claim is rejected. A side ordered to vary loses when, afterwards, a
//    position recurs and the cycle between the two occurrences is ruled
//    against it again; varying costs nothing. A record with no claims is
//    never cut short by a repetition or the limit: `claimable` lists where a
//    claim was possible and `claim_at_end` what one after the last ply would
//    give.
// The span judged at a k-th occurrence (k >= 3) runs from the (k-2)-th
// occurrence: two full cycles, so one varied move in either makes the conduct
// allowed. Mate and stalemate take precedence over a repetition or the limit
// reached on the same ply. Moves after the deciding ply are not examined.
// `unplayable` (if set): after `moves`, a move text that named no legal move
// (see GameAdjudicator::Unplayable), ruled as an illegal move.
Verdict Adjudicate(const Position& start, std::span<const Move> moves,
                   const RuleOptions& options,
                   std::span<const Claim> claims = {},
                   const std::optional<std::string>& unplayable = {});

// How often, in plies, AdjudicateUnlessStopped asks whether to stop.
inline constexpr int kStopCheckPlies = 128;

// Adjudicate for callers with a deadline: asks `stop_requested` every
// kStopCheckPlies plies and gives up (nullopt) as soon as it answers true.
std::optional<Verdict> AdjudicateUnlessStopped(
    const Position& start, std::span<const Move> moves,
    const RuleOptions& options, absl::FunctionRef<bool()> stop_requested,
    std::span<const Claim> claims = {},
    const std::optional<std::string>& unplayable = {});

// What an arbiter asked about the position a game stands in finds (the
// RuleOnRepetition RPC, `caipan xiangqi repetition`).
struct FinalRepetition {
  // How many times the final position has occurred since the last capture.
  int occurrences = 1;
  // The ruling on the cycles that brought it back, from its third occurrence
  // on (see GameAdjudicator::RuleOnCurrentRepetition).
  std::optional<RepetitionRuling> ruling;
  // The position the moves lead to.
  Position position;
};
// `moves` must be legal from `start`. Whatever `options.mode` says, nothing is
// decided along the way: only the final position is ruled on.
FinalRepetition RuleOnFinalRepetition(const Position& start,
                                      std::span<const Move> moves,
                                      const RuleOptions& options);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_ADJUDICATOR_H_
