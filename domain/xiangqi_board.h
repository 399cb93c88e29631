// A xiangqi game's board: its moves are played through the engine's
// GameAdjudicator, the one place repetitions and the natural limit are ruled.
#ifndef CAIPAN_DOMAIN_XIANGQI_BOARD_H_
#define CAIPAN_DOMAIN_XIANGQI_BOARD_H_

#include <optional>
#include <string>

#include "domain/game_board.h"
#include "engine/xiangqi/game_adjudicator.h"
#include "engine/xiangqi/move_list.h"

namespace caipan::domain {

class XiangqiBoard : public GameBoard {
 public:
  XiangqiBoard(const xiangqi::Position& start,
               const xiangqi::RuleOptions& rules);

  GameKind kind() const override { return GameKind::kXiangqi; }
  int plies() const override { return game_.plies(); }
  bool over() const override { return game_.over(); }
  // An illegal move is refused here (the adjudicator, which rules records,
  // would decide the game against its mover).
  bool Play(const TypedMove& move) override;
  Side SideToAct() const override;
  std::string Fen() const override { return game_.position().ToFen(); }
  absl::StatusOr<DrawClaimRuling> RuleOnDrawClaim(Side claimant,
                                                  Language lang) const override;
  // A move of a record being replayed, already read as legal where it stands
  // (a PlayGame stream's history): played without Play's second legality
  // test, as the adjudicator plays records, so a move after a decision is
  // counted in the verdict as trailing where Play would refuse it.
  void PlayRecorded(xiangqi::Move move) { game_.Play(move); }
  // A record's claim (claim mode, as a PlayGame stream makes one): ruled and
  // recorded, so a granted draw ends the game. `claimant` unset: the side to
  // move. Nullopt in automatic mode or once decided.
  std::optional<xiangqi::ClaimRuling> Claim(
      std::optional<xiangqi::Color> claimant) {
    return game_.Claim(claimant);
  }

  // Every legal move now (none once over), in generation order.
  void LegalMoves(xiangqi::MoveList* moves) const;

  // The adjudicator's reads, for checking text against the position and
  // describing a move's effect and the verdict to clients.
  const xiangqi::Position& position() const { return game_.position(); }
  bool decided() const { return game_.decided(); }
  xiangqi::Verdict Current() const { return game_.Current(); }
  // Check, mate or stalemate now (remembered by the adjudicator).
  xiangqi::GameState PositionState() { return game_.PositionState(); }

  // For describing the game to clients (verdicts, repetition rulings).
  const xiangqi::GameAdjudicator& game() const { return game_; }
  xiangqi::Color first_mover() const { return first_mover_; }

 private:
  xiangqi::GameAdjudicator game_;
  xiangqi::Color first_mover_;
};

}  // namespace caipan::domain

#endif  // CAIPAN_DOMAIN_XIANGQI_BOARD_H_
