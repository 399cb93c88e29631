// Move-by-move adjudication: legality, position counts since the last capture
// and the natural limit per ply (cheap), a full repetition ruling only where a
// position recurs enough (automatic), at a claim, or after an order to vary.
#include "engine/xiangqi/game_adjudicator.h"

#include <algorithm>
#include <utility>

#include "engine/common/debug_check.h"

namespace caipan::xiangqi {
namespace {

VerdictReason ReasonFor(Conduct c) {
  switch (c) {
    case Conduct::kPerpetualCheck:
      return VerdictReason::kPerpetualCheck;
    case Conduct::kPerpetualChase:
      return VerdictReason::kPerpetualChase;
    case Conduct::kPerpetualMateThreat:
      return VerdictReason::kPerpetualMateThreat;
    case Conduct::kAllowed:
      return VerdictReason::kRepetitionDraw;
    case Conduct::kCheckAndChase:
    case Conduct::kCheckAndMateThreat:
    case Conduct::kMateThreatAndChase:
    case Conduct::kCheckMateThreatAndChase:
      return VerdictReason::kMixedForbiddenCycle;
  }
  return VerdictReason::kMixedForbiddenCycle;
}

GameResult WinFor(Color c) {
  return c == Color::kRed ? GameResult::kRedWins : GameResult::kBlackWins;
}

}  // namespace

GameAdjudicator::GameAdjudicator(const Position& start,
                                 const RuleOptions& options, int expected_plies)
    : options_(options),
      automatic_(options.mode == AdjudicationMode::kAutomatic),
      start_(start),
      pos_(start),
      limit_(options, start.HalfmoveClock()),
      // Positions are counted since the last capture only: the table starts
      // with room for a typical capture-free stretch (growing costs a rehash)
      // and grows when a longer one needs it.
      table_(std::clamp(expected_plies, 16, 64)),
      since_order_(16),
      since_capture_(start) {
  in_check_ = pos_.InCheck();
  moves_.reserve(expected_plies);
  occurrence_ = table_.Insert(pos_.Hash(), 0);
}

void GameAdjudicator::Decide(int ply) { decided_ply_ = ply; }

// If the side to move has no legal move, ends the game at `ply`.
bool GameAdjudicator::DecideIfNoMoves(int ply) {
  if (no_mate_at_ == ply) return false;
  const GameState state = pos_.State();
  if (state != GameState::kCheckmate && state != GameState::kStalemate) {
    no_mate_at_ = ply;
    return false;
  }
  v_.result = WinFor(Opponent(pos_.SideToMove()));
  v_.reason = state == GameState::kCheckmate ? VerdictReason::kCheckmate
                                             : VerdictReason::kStalemate;
  Decide(ply);
  return true;
}

void GameAdjudicator::Play(Move m) {
  last_ruling_.reset();
  if (decided()) {
    ++trailing_;
    return;
  }
  const int ply = plies() + 1;
  // Piece rules first, then own-king safety on the board after the move.
  bool legal = pos_.IsPseudoLegal(m);
  const Color mover = pos_.SideToMove();
  const bool capture = legal && pos_.PieceAt(m.to) != kNoPiece;
  bool gives_check = false;
  if (legal) {
    // Out of check, only what the move touches around the king is looked at.
    legal = in_check_ ? pos_.LeavesKingSafe(m)
                      : pos_.LeavesKingSafeWhenNotInCheck(m);
    if (legal) {
      gives_check = pos_.GivesCheck(m);
      pos_.MakeMove(m);
    }
  }
  if (!legal) {
    // Mate is found lazily: a record that runs on after one has no legal move
    // left, and its next move trails the finished game.
    if (DecideIfNoMoves(ply - 1)) {
      ++trailing_;
      return;
    }
    // The mover loses (2017 regulations: an illegal move loses at once).
    v_.result = WinFor(Opponent(mover));
    v_.reason = VerdictReason::kIllegalMove;
    v_.illegal = IllegalMove{ply, m, std::string(pos_.CheckLegal(m).message())};
    illegal_ = true;
    Decide(ply);
    return;
  }
  moves_.push_back(m);
  in_check_ = gives_check;
  limit_.OnPly(ply, mover, capture, gives_check);
  if (capture) {
    since_capture_ = pos_;
    since_capture_ply_ = ply;
    table_.Reset();
    since_order_.Reset();
    occurrence_ = table_.Insert(pos_.Hash(), ply);
    OrderBroken(ply);  // starts the count afresh
    return;
  }
  occurrence_ = table_.Insert(pos_.Hash(), ply);
  if (automatic_) {
    // Most plies neither repeat a position often enough nor near the limit.
    if (occurrence_.count >= options_.repetitions || limit_.MayBeReached()) {
      AutomaticRulings(ply);
    }
    return;
  }
  if (OrderBroken(ply)) return;
  NoteClaimable(ply);
}

// Automatic mode: a repetition or the natural limit ends the game at once.
bool GameAdjudicator::AutomaticRulings(int ply) {
  if (occurrence_.count >= options_.repetitions) {
    RepetitionRuling ruling = JudgeSpan(occurrence_.span_start_ply, ply);
    last_ruling_ = ruling;
    // Mate and stalemate come first.
    if (DecideIfNoMoves(ply)) return true;
    const std::optional<Color> offender = ruling.MustVary();
    if (offender) {
      v_.result = WinFor(Opponent(*offender));
      v_.reason = ReasonFor(ruling.ConductOf(*offender));
    } else {
      v_.result = GameResult::kDraw;
      v_.reason = VerdictReason::kRepetitionDraw;
    }
    v_.repetition = std::move(ruling);
    Decide(ply);
    return true;
  }
  if (!limit_.MayBeReached() ||
      (!limit_.Reached(Color::kRed) && !limit_.Reached(Color::kBlack))) {
    return false;
  }
  if (DecideIfNoMoves(ply)) return true;
  v_.result = GameResult::kDraw;
  v_.reason = VerdictReason::kNaturalLimit;
  Decide(ply);
  return true;
}

// Claim mode, after an order to vary: the position recurs and the cycle since
// its last occurrence is ruled against an ordered side again.
bool GameAdjudicator::OrderBroken(int ply) {
  if (!ordered_to_vary_[0] && !ordered_to_vary_[1]) return false;
  const RepetitionTable::Occurrence occ = since_order_.Insert(pos_.Hash(), ply);
  if (occ.count < 2) return false;
  RepetitionRuling ruling = JudgeSpan(occ.previous_ply, ply);
  const std::optional<Color> offender = ruling.MustVary();
  if (!offender || !ordered_to_vary_[Index(*offender)]) return false;
  last_ruling_ = ruling;
  if (DecideIfNoMoves(ply)) return true;
  v_.result = WinFor(Opponent(*offender));
  v_.reason = ReasonFor(ruling.ConductOf(*offender));
  v_.repetition = std::move(ruling);
  Decide(ply);
  return true;
}

// Claim mode: where a draw became claimable (for the record of the game).
void GameAdjudicator::NoteClaimable(int ply) {
  if (occurrence_.count == 3) {
    v_.claimable.push_back(
        ClaimableDraw{ClaimableDraw::Kind::kRepetition, std::nullopt, ply});
  }
  for (Color c : {Color::kRed, Color::kBlack}) {
    const bool reached = limit_.MayBeReached() && limit_.Reached(c);
    if (reached && !limit_claimable_[Index(c)]) {
      v_.claimable.push_back(
          ClaimableDraw{ClaimableDraw::Kind::kNaturalLimit, c, ply});
    }
    limit_claimable_[Index(c)] = reached;
  }
}

void GameAdjudicator::Unplayable(std::string reason) {
  last_ruling_.reset();
  if (decided()) {
    ++trailing_;
    return;
  }
  const int ply = plies() + 1;
  if (DecideIfNoMoves(ply - 1)) {
    ++trailing_;
    return;
  }
  v_.result = WinFor(Opponent(pos_.SideToMove()));
  v_.reason = VerdictReason::kIllegalMove;
  v_.illegal = IllegalMove{ply, Move{}, std::move(reason)};
  illegal_ = true;
  Decide(ply);
}

std::optional<ClaimRuling> GameAdjudicator::Claim(std::optional<Color> side) {
  if (automatic_ || decided()) return std::nullopt;
  const int ply = plies();
  // A mated side has nothing to claim: the game is over.
  if (DecideIfNoMoves(ply)) return std::nullopt;
  ClaimRuling ruling = RuleOnClaim(side.value_or(pos_.SideToMove()));
  switch (ruling.outcome) {
    case ClaimRuling::Outcome::kRejected:
      break;
    case ClaimRuling::Outcome::kOrderToVary: {
      const Color offender = *ruling.repetition->MustVary();
      ordered_to_vary_[Index(offender)] = true;
      since_order_.Reset();
      since_order_.Insert(pos_.Hash(), ply);
      v_.vary_orders.push_back(VaryOrder{offender, ply, *ruling.repetition});
      break;
    }
    case ClaimRuling::Outcome::kRepetitionDraw:
    case ClaimRuling::Outcome::kNaturalLimitDraw:
      v_.result = GameResult::kDraw;
      v_.reason = ruling.outcome == ClaimRuling::Outcome::kNaturalLimitDraw
                      ? VerdictReason::kNaturalLimit
                      : VerdictReason::kRepetitionDraw;
      if (ruling.repetition) v_.repetition = ruling.repetition;
      Decide(ply);
      break;
  }
  v_.claims.push_back(ruling);
  return ruling;
}

// The arbiter's ruling on a claim by `claimant` after the moves played: the
// natural limit first (a draw outright), then a repetition.
ClaimRuling GameAdjudicator::RuleOnClaim(Color claimant) const {
  ClaimRuling ruling;
  ruling.ply = plies();
  ruling.claimant = claimant;
  ruling.limit = limit_.Status(claimant);
  ruling.occurrences = occurrence_.count;
  if (ruling.limit.reached) {
    ruling.outcome = ClaimRuling::Outcome::kNaturalLimitDraw;
    return ruling;
  }
  ruling.repetition = RuleOnCurrentRepetition();
  if (!ruling.repetition) return ruling;
  ruling.outcome = ruling.repetition->MustVary()
                       ? ClaimRuling::Outcome::kOrderToVary
                       : ClaimRuling::Outcome::kRepetitionDraw;
  return ruling;
}

std::optional<RepetitionRuling> GameAdjudicator::RuleOnCurrentRepetition()
    const {
  if (occurrence_.count < 3) return std::nullopt;
  return JudgeSpan(occurrence_.span_start_ply, plies());
}

// Judges the moves of plies first_ply + 1 .. last_ply (the position after
// first_ply recurs after last_ply), from the position after first_ply.
RepetitionRuling GameAdjudicator::JudgeSpan(int first_ply, int last_ply) const {
  CAIPAN_DCHECK(first_ply >= since_capture_ply_);
  Position cycle_start = since_capture_;
  for (int j = since_capture_ply_; j < first_ply; ++j)
    cycle_start.MakeMove(moves_[j]);
  return JudgeCycle(
      cycle_start,
      std::span<const Move>(moves_).subspan(first_ply, last_ply - first_ply),
      first_ply + 1, options_);
}

GameState GameAdjudicator::PositionState() {
  const GameState state = pos_.State();
  if (state != GameState::kCheckmate && state != GameState::kStalemate)
    no_mate_at_ = plies();
  return state;
}

Verdict GameAdjudicator::Current() const {
  Verdict v = v_;
  const int fed = plies() + (illegal_ ? 1 : 0) + trailing_;
  if (decided_ply_ < 0 && no_mate_at_ != plies()) {
    // Mate is found lazily (see Play): look now.
    const GameState state = pos_.State();
    if (state == GameState::kCheckmate || state == GameState::kStalemate) {
      v.result = WinFor(Opponent(pos_.SideToMove()));
      v.reason = state == GameState::kCheckmate ? VerdictReason::kCheckmate
                                                : VerdictReason::kStalemate;
    }
  }
  v.ply = decided_ply_ >= 0 ? decided_ply_ : fed;
  v.trailing_moves = fed - v.ply;
  v.limit_red = limit_.Status(Color::kRed);
  v.limit_black = limit_.Status(Color::kBlack);
  v.final_fen = pos_.ToFen();
  return v;
}

Verdict GameAdjudicator::Finish() {
  if (!decided()) DecideIfNoMoves(plies());
  if (!decided() && !automatic_) {
    ClaimRuling at_end = RuleOnClaim(pos_.SideToMove());
    if (at_end.outcome != ClaimRuling::Outcome::kRejected)
      v_.claim_at_end = std::move(at_end);
  }
  return Current();
}

}  // namespace caipan::xiangqi
