// Walks a game once: legality, position counting and the natural limit per ply
// (cheap), and a full repetition ruling only where a position occurs for the
// third time.
#include "engine/xiangqi/adjudicator.h"

#include <algorithm>
#include <vector>

#include "engine/xiangqi/move_legality.h"
#include "engine/xiangqi/repetition_table.h"

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
    default:
      return VerdictReason::kMixedForbiddenCycle;
  }
}

GameResult WinFor(Color c) {
  return c == Color::kRed ? GameResult::kRedWins : GameResult::kBlackWins;
}

// If the side to move in `pos` has no legal move, ends the game in `v` at
// `ply`.
bool DecideIfNoMoves(const Position& pos, int ply, Verdict* v) {
  const GameState state = pos.State();
  if (state != GameState::kCheckmate && state != GameState::kStalemate)
    return false;
  v->result = WinFor(Opponent(pos.SideToMove()));
  v->reason = state == GameState::kCheckmate ? VerdictReason::kCheckmate
                                             : VerdictReason::kStalemate;
  v->ply = ply;
  return true;
}

}  // namespace

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

namespace {

// One pass over a game: legality, position counts since the last capture, the
// natural limit, and the rulings (automatic, or on claim).
class GameWalk {
 public:
  GameWalk(const Position& start, std::span<const Move> moves,
           const RuleOptions& options, std::span<const Claim> claims)
      : moves_(moves),
        options_(options),
        claims_(claims.begin(), claims.end()),
        n_(static_cast<int>(moves.size())),
        automatic_(options.mode == AdjudicationMode::kAutomatic),
        pos_(start),
        limit_(options, start.HalfmoveClock()) {
    // One table per thread, reused from game to game (no allocation per
    // call).
    table().Clear(n_ + 1);
    occurrence_ = table().Insert(pos_.Hash(), 0);
    since_order().Reset();
    undos().resize(n_);
    std::stable_sort(
        claims_.begin(), claims_.end(),
        [](const Claim& a, const Claim& b) { return a.ply < b.ply; });
  }

  std::optional<Verdict> Run(absl::FunctionRef<bool()> stop_requested) {
    if (ClaimsAt(0)) return Finish(0);
    for (int i = 0; i < n_; ++i) {
      if (i % kStopCheckPlies == kStopCheckPlies - 1 && stop_requested())
        return std::nullopt;
      if (PlayPly(i)) return Finish(v_.ply);
    }
    DecideIfNoMoves(pos_, n_, &v_);
    if (v_.result == GameResult::kOngoing && !automatic_) {
      ClaimRuling at_end = RuleOnClaim(n_, pos_.SideToMove());
      if (at_end.outcome != ClaimRuling::Outcome::kRejected)
        v_.claim_at_end = std::move(at_end);
    }
    return Finish(n_);
  }

 private:
  static RepetitionTable& table() {
    thread_local RepetitionTable t(0);
    return t;
  }
  // Positions since the last order to vary (claim mode).
  static RepetitionTable& since_order() {
    thread_local RepetitionTable t(0);
    return t;
  }
  // What each ply's move needs to be taken back: a cycle's first position is
  // rebuilt by unmaking from the current one.
  static std::vector<Position::Undo>& undos() {
    thread_local std::vector<Position::Undo> u;
    return u;
  }

  Verdict Finish(int ply) {
    v_.ply = ply;
    v_.trailing_moves = n_ - ply;
    v_.limit_red = limit_.Status(Color::kRed);
    v_.limit_black = limit_.Status(Color::kBlack);
    v_.final_fen = pos_.ToFen();
    return std::move(v_);
  }

  // Plays ply i + 1; true when the game is decided (v_.ply set).
  bool PlayPly(int i) {
    const int ply = i + 1;
    const Move m = moves_[i];
    // Piece rules first, then own-king safety on the board after the move.
    bool legal = pos_.IsPseudoLegal(m);
    const Color mover = pos_.SideToMove();
    const bool capture = legal && pos_.PieceAt(m.to) != kNoPiece;
    if (legal) {
      // Most moves cannot expose their own king: not a king move, the mover
      // not in check (the last move could not have given one), and nothing
      // touches the king's lines. Only the rest pay for the full test.
      const bool needs_test = maybe_in_check_ || MayExposeOwnKing(pos_, m);
      undos()[i] = pos_.MakeMove(m);
      legal = !needs_test || LeavesOwnKingSafe(pos_);
      if (!legal) pos_.UnmakeMove(m, undos()[i]);
    }
    if (!legal) {
      // A game that ended in mate has no legal moves left: the record just
      // runs on.
      if (DecideIfNoMoves(pos_, i, &v_)) return true;
      v_.reason = VerdictReason::kIllegalMove;
      v_.illegal =
          IllegalMove{ply, m, std::string(pos_.CheckLegal(m).message())};
      v_.ply = ply;
      return true;
    }
    maybe_in_check_ = MayHaveGivenCheck(pos_, m);
    limit_.OnPly(ply, mover, capture,
                 limit_.NeedsChecks() && maybe_in_check_ && pos_.InCheck());
    if (capture) {
      table().Reset();
      since_order().Reset();
      occurrence_ = table().Insert(pos_.Hash(), ply);
      OrderBroken(ply);  // starts the count afresh
      return ClaimsAt(ply);
    }
    occurrence_ = table().Insert(pos_.Hash(), ply);
    if (automatic_) return AutomaticRulings(ply);
    if (OrderBroken(ply)) return true;
    NoteClaimable(ply);
    return ClaimsAt(ply);
  }

  // Automatic mode: a repetition or the natural limit ends the game at once.
  bool AutomaticRulings(int ply) {
    if (occurrence_.count >= options_.repetitions) {
      RepetitionRuling ruling = JudgeSpan(occurrence_.span_start_ply, ply);
      if (DecideIfNoMoves(pos_, ply, &v_)) return true;
      const std::optional<Color> offender = ruling.MustVary();
      if (offender) {
        v_.result = WinFor(Opponent(*offender));
        v_.reason = ReasonFor(ruling.ConductOf(*offender));
      } else {
        v_.result = GameResult::kDraw;
        v_.reason = VerdictReason::kRepetitionDraw;
      }
      v_.repetition = std::move(ruling);
      v_.ply = ply;
      return true;
    }
    if (!limit_.MayBeReached()) return false;
    if (!limit_.Reached(Color::kRed) && !limit_.Reached(Color::kBlack))
      return false;
    if (DecideIfNoMoves(pos_, ply, &v_)) return true;
    v_.result = GameResult::kDraw;
    v_.reason = VerdictReason::kNaturalLimit;
    v_.ply = ply;
    return true;
  }

  // Claim mode, after an order to vary: the position recurs and the cycle
  // since its last occurrence is ruled against an ordered side again.
  bool OrderBroken(int ply) {
    if (!ordered_to_vary_[0] && !ordered_to_vary_[1]) return false;
    const RepetitionTable::Occurrence occ =
        since_order().Insert(pos_.Hash(), ply);
    if (occ.count < 2) return false;
    RepetitionRuling ruling = JudgeSpan(occ.previous_ply, ply);
    const std::optional<Color> offender = ruling.MustVary();
    if (!offender || !ordered_to_vary_[Index(*offender)]) return false;
    if (DecideIfNoMoves(pos_, ply, &v_)) return true;
    v_.result = WinFor(Opponent(*offender));
    v_.reason = ReasonFor(ruling.ConductOf(*offender));
    v_.repetition = std::move(ruling);
    v_.ply = ply;
    return true;
  }

  // Claim mode: where a draw became claimable (for the record of the game).
  void NoteClaimable(int ply) {
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

  // Claim mode: rules on every claim made after `ply` moves; true when one
  // ends the game.
  bool ClaimsAt(int ply) {
    if (automatic_) return false;
    while (next_claim_ < claims_.size() && claims_[next_claim_].ply < ply)
      ++next_claim_;
    for (; next_claim_ < claims_.size() && claims_[next_claim_].ply == ply;
         ++next_claim_) {
      // A mated side has nothing to claim.
      if (DecideIfNoMoves(pos_, ply, &v_)) {
        v_.ply = ply;
        return true;
      }
      const Claim& claim = claims_[next_claim_];
      ClaimRuling ruling =
          RuleOnClaim(ply, claim.side.value_or(pos_.SideToMove()));
      const ClaimRuling::Outcome outcome = ruling.outcome;
      if (outcome == ClaimRuling::Outcome::kOrderToVary) {
        const Color offender = *ruling.repetition->MustVary();
        ordered_to_vary_[Index(offender)] = true;
        since_order().Reset();
        since_order().Insert(pos_.Hash(), ply);
        v_.vary_orders.push_back(VaryOrder{offender, ply, *ruling.repetition});
      } else if (outcome != ClaimRuling::Outcome::kRejected) {
        v_.result = GameResult::kDraw;
        v_.reason = outcome == ClaimRuling::Outcome::kNaturalLimitDraw
                        ? VerdictReason::kNaturalLimit
                        : VerdictReason::kRepetitionDraw;
        if (ruling.repetition) v_.repetition = ruling.repetition;
      }
      v_.claims.push_back(std::move(ruling));
      if (v_.result != GameResult::kOngoing) {
        v_.ply = ply;
        return true;
      }
    }
    return false;
  }

  // The arbiter's ruling on a claim by `claimant` after `ply` moves: the
  // natural limit first (a draw outright), then a repetition.
  ClaimRuling RuleOnClaim(int ply, Color claimant) {
    ClaimRuling ruling;
    ruling.ply = ply;
    ruling.claimant = claimant;
    ruling.limit = limit_.Status(claimant);
    ruling.occurrences = occurrence_.count;
    if (ruling.limit.reached) {
      ruling.outcome = ClaimRuling::Outcome::kNaturalLimitDraw;
      return ruling;
    }
    if (occurrence_.count < 3) return ruling;
    ruling.repetition = JudgeSpan(occurrence_.span_start_ply, ply);
    ruling.outcome = ruling.repetition->MustVary()
                         ? ClaimRuling::Outcome::kOrderToVary
                         : ClaimRuling::Outcome::kRepetitionDraw;
    return ruling;
  }

  // Judges the moves of plies first_ply + 1 .. last_ply (the position after
  // first_ply recurs after last_ply); pos_ stands after last_ply.
  RepetitionRuling JudgeSpan(int first_ply, int last_ply) {
    Position cycle_start = pos_;
    for (int j = last_ply - 1; j >= first_ply; --j)
      cycle_start.UnmakeMove(moves_[j], undos()[j]);
    return JudgeCycle(cycle_start,
                      moves_.subspan(first_ply, last_ply - first_ply),
                      first_ply + 1, options_);
  }

  std::span<const Move> moves_;
  const RuleOptions& options_;
  std::vector<Claim> claims_;  // by ply
  const int n_;
  const bool automatic_;
  Position pos_;
  NaturalLimitCounter limit_;
  Verdict v_;
  RepetitionTable::Occurrence occurrence_;
  size_t next_claim_ = 0;
  bool ordered_to_vary_[2] = {false, false};
  bool limit_claimable_[2] = {false, false};
  // False only when the side to move is certainly not in check.
  bool maybe_in_check_ = true;
};

}  // namespace

Verdict Adjudicate(const Position& start, std::span<const Move> moves,
                   const RuleOptions& options, std::span<const Claim> claims) {
  return *AdjudicateUnlessStopped(
      start, moves, options, [] { return false; }, claims);
}

std::optional<Verdict> AdjudicateUnlessStopped(
    const Position& start, std::span<const Move> moves,
    const RuleOptions& options, absl::FunctionRef<bool()> stop_requested,
    std::span<const Claim> claims) {
  return GameWalk(start, moves, options, claims).Run(stop_requested);
}

}  // namespace caipan::xiangqi
