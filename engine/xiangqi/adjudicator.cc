// Walks a game once: legality, position counting and the natural limit per ply
// (cheap), and a full repetition ruling only where a position occurs for the
// third time.
#include "engine/xiangqi/adjudicator.h"

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

Verdict Adjudicate(const Position& start, std::span<const Move> moves,
                   const RuleOptions& options) {
  return *AdjudicateUnlessStopped(start, moves, options, [] { return false; });
}

std::optional<Verdict> AdjudicateUnlessStopped(
    const Position& start, std::span<const Move> moves,
    const RuleOptions& options, absl::FunctionRef<bool()> stop_requested) {
  Verdict v;
  const int n = static_cast<int>(moves.size());
  const bool automatic = options.mode == AdjudicationMode::kAutomatic;
  Position pos = start;
  NaturalLimitCounter limit(options);
  // One table per thread, reused from game to game (no allocation per call).
  thread_local RepetitionTable table(0);
  table.Clear(n + 1);
  table.Insert(pos.Hash(), 0);
  // What each ply's move needs to be taken back: a cycle's first position is
  // rebuilt by unmaking from the current one.
  thread_local std::vector<Position::Undo> undos;
  undos.resize(n);
  bool ordered_to_vary[2] = {false, false};
  bool limit_claimable[2] = {false, false};
  // False only when the side to move is certainly not in check.
  bool maybe_in_check = true;

  auto finish = [&](int ply) {
    v.ply = ply;
    v.trailing_moves = n - ply;
    v.limit_red = limit.Status(Color::kRed);
    v.limit_black = limit.Status(Color::kBlack);
    v.final_fen = pos.ToFen();
    return v;
  };

  for (int i = 0; i < n; ++i) {
    if (i % kStopCheckPlies == kStopCheckPlies - 1 && stop_requested())
      return std::nullopt;
    const int ply = i + 1;
    const Move m = moves[i];
    // Piece rules first, then own-king safety on the board after the move.
    bool legal = pos.IsPseudoLegal(m);
    const Color mover = pos.SideToMove();
    const bool capture = legal && pos.PieceAt(m.to) != kNoPiece;
    if (legal) {
      // Most moves cannot expose their own king: not a king move, the mover
      // not in check (the last move could not have given one), and nothing
      // touches the king's lines. Only the rest pay for the full test.
      const bool needs_test = maybe_in_check || MayExposeOwnKing(pos, m);
      undos[i] = pos.MakeMove(m);
      legal = !needs_test || LeavesOwnKingSafe(pos);
      if (!legal) pos.UnmakeMove(m, undos[i]);
    }
    if (!legal) {
      // A game that ended in mate has no legal moves left: the record just
      // runs on.
      if (DecideIfNoMoves(pos, i, &v)) return finish(i);
      v.reason = VerdictReason::kIllegalMove;
      v.illegal = IllegalMove{ply, m, std::string(pos.CheckLegal(m).message())};
      v.ply = ply;
      v.trailing_moves = n - ply;
      v.limit_red = limit.Status(Color::kRed);
      v.limit_black = limit.Status(Color::kBlack);
      v.final_fen = pos.ToFen();
      return v;
    }
    maybe_in_check = MayHaveGivenCheck(pos, m);
    limit.OnPly(ply, mover, capture,
                limit.NeedsChecks() && maybe_in_check && pos.InCheck());
    if (capture) {
      table.Reset();
      table.Insert(pos.Hash(), ply);
      continue;
    }

    const RepetitionTable::Occurrence occ = table.Insert(pos.Hash(), ply);
    if (occ.count >= 3) {
      Position cycle_start = pos;
      for (int j = i; j >= occ.span_start_ply; --j) {
        cycle_start.UnmakeMove(moves[j], undos[j]);
      }
      RepetitionRuling ruling = JudgeCycle(
          cycle_start,
          moves.subspan(occ.span_start_ply, ply - occ.span_start_ply),
          occ.span_start_ply + 1, options);
      const std::optional<Color> offender = ruling.MustVary();
      if (automatic || (offender && ordered_to_vary[Index(*offender)])) {
        if (DecideIfNoMoves(pos, ply, &v)) return finish(ply);
        if (offender) {
          v.result = WinFor(Opponent(*offender));
          v.reason = ReasonFor(ruling.ConductOf(*offender));
        } else {
          v.result = GameResult::kDraw;
          v.reason = VerdictReason::kRepetitionDraw;
        }
        v.repetition = std::move(ruling);
        return finish(ply);
      }
      if (offender) {
        ordered_to_vary[Index(*offender)] = true;
        v.vary_orders.push_back(VaryOrder{*offender, ply, std::move(ruling)});
      } else {
        v.claimable.push_back(
            ClaimableDraw{ClaimableDraw::Kind::kRepetition, std::nullopt, ply});
      }
    }

    if (!limit.MayBeReached()) {
      limit_claimable[0] = limit_claimable[1] = false;
      continue;
    }
    for (Color c : {Color::kRed, Color::kBlack}) {
      const bool reached = limit.Reached(c);
      if (!reached) {
        limit_claimable[Index(c)] = false;
        continue;
      }
      if (automatic) {
        if (DecideIfNoMoves(pos, ply, &v)) return finish(ply);
        v.result = GameResult::kDraw;
        v.reason = VerdictReason::kNaturalLimit;
        return finish(ply);
      }
      if (!limit_claimable[Index(c)]) {
        limit_claimable[Index(c)] = true;
        v.claimable.push_back(
            ClaimableDraw{ClaimableDraw::Kind::kNaturalLimit, c, ply});
      }
    }
  }
  DecideIfNoMoves(pos, n, &v);
  return finish(n);
}

}  // namespace caipan::xiangqi
