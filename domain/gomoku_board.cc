// A gomoku game's board (see gomoku_board.h).
#include "domain/gomoku_board.h"

#include <variant>

#include "absl/status/status.h"

namespace caipan::domain {

GomokuBoard::GomokuBoard(const gomoku::RuleOptions& rules,
                         bool implied_opening_actions)
    : game_(rules, implied_opening_actions) {}

bool GomokuBoard::over() const {
  return game_.status() != gomoku::GameResult::kOngoing;
}

bool GomokuBoard::Play(const TypedMove& move) {
  const gomoku::Action* action = std::get_if<gomoku::Action>(&move);
  if (action == nullptr) {
    last_rejection_ = gomoku::Rejection{gomoku::IllegalReason::kNotAllowedNow,
                                        "not a gomoku action"};
    return false;
  }
  last_rejection_ = game_.Apply(*action);
  if (last_rejection_) return false;
  ++plies_;
  return true;
}

Side GomokuBoard::SideToAct() const {
  if (over()) return Side::kNone;
  return game_.to_act() == gomoku::Color::kBlack ? Side::kBlack : Side::kWhite;
}

absl::StatusOr<DrawClaimRuling> GomokuBoard::RuleOnDrawClaim(
    Side /*claimant*/, Language lang) const {
  return absl::FailedPreconditionError(
      lang == Language::kChinese ? "本棋种的规则中没有提请判和"
                                 : "draw claims are not part of this game's "
                                   "rules");
}

}  // namespace caipan::domain
