// A xiangqi game's board (see xiangqi_board.h).
#include "domain/xiangqi_board.h"

#include <variant>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/xiangqi/explain.h"

namespace caipan::domain {

using xiangqi::Color;

XiangqiBoard::XiangqiBoard(const xiangqi::Position& start,
                           const xiangqi::RuleOptions& rules)
    : game_(start, rules), first_mover_(start.SideToMove()) {}

bool XiangqiBoard::Play(const TypedMove& move) {
  const xiangqi::Move* m = std::get_if<xiangqi::Move>(&move);
  if (m == nullptr || game_.over() || !game_.position().IsLegal(*m))
    return false;
  game_.Play(*m);
  return true;
}

Side XiangqiBoard::SideToAct() const {
  if (game_.over()) return Side::kNone;
  return game_.position().SideToMove() == Color::kRed ? Side::kRed
                                                      : Side::kBlack;
}

void XiangqiBoard::LegalMoves(xiangqi::MoveList* moves) const {
  if (!game_.decided()) game_.position().GenerateLegalMoves(moves);
}

// The arbiter rules on the claim as on any other (the engine's claim rules):
// the natural limit reached for the claimant, or a repetition no side must
// vary, is a draw; a forbidden cycle is none, its offender must vary.
absl::StatusOr<DrawClaimRuling> XiangqiBoard::RuleOnDrawClaim(
    Side claimant, Language lang) const {
  if (game_.over()) {
    return absl::FailedPreconditionError(lang == Language::kChinese
                                             ? "对局已结束，无和可提"
                                             : "the game is over: nothing to "
                                               "claim");
  }
  if (claimant != Side::kRed && claimant != Side::kBlack)
    return absl::InvalidArgumentError("side: expected red or black");
  const xiangqi::ClaimRuling ruling =
      game_.RuleOnClaim(claimant == Side::kRed ? Color::kRed : Color::kBlack);
  using Grant = DrawClaimRuling::Grant;
  using Outcome = xiangqi::ClaimRuling::Outcome;
  switch (ruling.outcome) {
    case Outcome::kNaturalLimitDraw:
      return DrawClaimRuling{Grant::kNaturalLimit, "natural move limit reached",
                             "已达自然限着，判和"};
    case Outcome::kRepetitionDraw:
      return DrawClaimRuling{Grant::kRepetition, "repetition ruled a draw",
                             "循环重复，判和"};
    case Outcome::kOrderToVary:
      return DrawClaimRuling{
          Grant::kNone,
          absl::StrCat("no draw: ",
                       xiangqi::ClaimRulingText(ruling, Language::kEnglish)),
          absl::StrCat("不予判和：",
                       xiangqi::ClaimRulingText(ruling, Language::kChinese))};
    case Outcome::kRejected:
      break;
  }
  return DrawClaimRuling{
      Grant::kNone,
      "nothing to claim: no permitted repetition ends the game here and the "
      "natural move limit is not reached for the claimant",
      "无和棋可提：此处没有可判和的循环，提和一方也未达自然限着"};
}

}  // namespace caipan::domain
