// A gomoku game's board: the engine's gomoku::Game, which keeps the opening
// protocol (designated openings, the swap, the fifth move's alternatives) and
// black's forbidden points.
#ifndef CAIPAN_DOMAIN_GOMOKU_BOARD_H_
#define CAIPAN_DOMAIN_GOMOKU_BOARD_H_

#include <optional>

#include "domain/game_board.h"
#include "engine/gomoku/game.h"

namespace caipan::domain {

class GomokuBoard : public GameBoard {
 public:
  // A live game takes its opening decisions explicitly (swap or not, the
  // fifth move's proposal and choice); a record may leave them implied.
  GomokuBoard(const gomoku::RuleOptions& rules, bool implied_opening_actions);

  GameKind kind() const override { return GameKind::kGomoku; }
  int plies() const override { return plies_; }
  bool over() const override;
  bool Play(const TypedMove& move) override;
  Side SideToAct() const override;
  bool Swapped() const override { return game_.swapped(); }
  // Gomoku has no draw to claim (draws are agreed or come of a full board).
  absl::StatusOr<DrawClaimRuling> RuleOnDrawClaim(Side claimant,
                                                  Language lang) const override;

  // Why the last refused Play was refused (nullopt after one played).
  const std::optional<gomoku::Rejection>& last_rejection() const {
    return last_rejection_;
  }
  // For describing the game to clients (phase, verdict, forbidden points).
  const gomoku::Game& game() const { return game_; }

 private:
  gomoku::Game game_;
  int plies_ = 0;
  std::optional<gomoku::Rejection> last_rejection_;
};

}  // namespace caipan::domain

#endif  // CAIPAN_DOMAIN_GOMOKU_BOARD_H_
