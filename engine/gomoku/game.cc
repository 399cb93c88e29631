// The opening protocol and play rules as transitions of Game.
#include "engine/gomoku/game.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/gomoku/symmetry.h"

namespace caipan::gomoku {
namespace {

// Actions built in code (not parsed) may carry any coordinates.
bool OnBoard(Point p) { return Point::OnBoard(p.col, p.row); }

Rejection Reject(IllegalReason reason, std::string message) {
  return Rejection{reason, std::move(message)};
}

}  // namespace

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kOpeningMove:
      return "opening-move";
    case Phase::kSwapDecision:
      return "swap-decision";
    case Phase::kFourthMove:
      return "fourth-move";
    case Phase::kFifthProposal:
      return "fifth-proposal";
    case Phase::kFifthChoice:
      return "fifth-choice";
    case Phase::kPlay:
      return "play";
    case Phase::kOver:
      return "over";
  }
  return "play";
}

const char* GameResultName(GameResult result) {
  switch (result) {
    case GameResult::kOngoing:
      return "ongoing";
    case GameResult::kBlackWins:
      return "black";
    case GameResult::kWhiteWins:
      return "white";
    case GameResult::kDraw:
      return "draw";
  }
  return "ongoing";
}

const char* ResultReasonName(ResultReason reason) {
  switch (reason) {
    case ResultReason::kNone:
      return "none";
    case ResultReason::kFive:
      return "five";
    case ResultReason::kForbiddenMove:
      return "forbidden-move";
    case ResultReason::kFullBoard:
      return "full-board";
    case ResultReason::kTwoPasses:
      return "two-passes";
    case ResultReason::kAgreement:
      return "agreement";
  }
  return "none";
}

const char* IllegalReasonName(IllegalReason reason) {
  switch (reason) {
    case IllegalReason::kOccupied:
      return "occupied";
    case IllegalReason::kOffBoard:
      return "off-board";
    case IllegalReason::kNotDesignatedOpening:
      return "not-designated-opening";
    case IllegalReason::kNotAllowedNow:
      return "not-allowed-now";
    case IllegalReason::kPassInOpening:
      return "pass-in-opening";
    case IllegalReason::kWrongCandidateCount:
      return "wrong-candidate-count";
    case IllegalReason::kDuplicateCandidate:
      return "duplicate-candidate";
    case IllegalReason::kEquivalentCandidates:
      return "equivalent-candidates";
    case IllegalReason::kNotACandidate:
      return "not-a-candidate";
    case IllegalReason::kGameOver:
      return "game-over";
  }
  return "not-allowed-now";
}

Game::Game(const RuleOptions& options, bool implied_opening_actions)
    : options_(options),
      implied_(implied_opening_actions),
      phase_(options.opening == OpeningRule::kDesignatedOpenings
                 ? Phase::kOpeningMove
                 : Phase::kPlay) {}

Color Game::to_act() const {
  switch (phase_) {
    case Phase::kSwapDecision:
    case Phase::kFourthMove:
    case Phase::kFifthChoice:
      return Color::kWhite;
    case Phase::kFifthProposal:
      return Color::kBlack;
    case Phase::kOpeningMove:
    case Phase::kPlay:
    case Phase::kOver:
      return to_move_;
  }
  return to_move_;
}

std::vector<ActionType> Game::AllowedActions() const {
  switch (phase_) {
    case Phase::kOpeningMove:
    case Phase::kFourthMove:
      return {ActionType::kPlace};
    case Phase::kSwapDecision:
      return {ActionType::kSwap, ActionType::kNoSwap};
    case Phase::kFifthProposal:
      return {ActionType::kPropose};
    case Phase::kFifthChoice:
      return {ActionType::kChoose};
    case Phase::kPlay:
      return {ActionType::kPlace, ActionType::kPass, ActionType::kAgreeDraw};
    case Phase::kOver:
      return {};
  }
  return {};
}

std::optional<Rejection> Game::Apply(const Action& action) {
  if (phase_ == Phase::kOver) {
    return Reject(
        IllegalReason::kGameOver,
        absl::StrCat("the game is already over (", GameResultName(status_),
                     ", ", ResultReasonName(reason_), ")"));
  }
  switch (action.type) {
    case ActionType::kPlace:
      return ApplyPlace(action);
    case ActionType::kPass:
      if (phase_ != Phase::kPlay) {
        return Reject(IllegalReason::kPassInOpening,
                      "passes are not allowed during the opening");
      }
      ++moves_;
      to_move_ = Opponent(to_move_);
      if (++consecutive_passes_ >= 2) {
        status_ = GameResult::kDraw;
        reason_ = ResultReason::kTwoPasses;
        phase_ = Phase::kOver;
      }
      return std::nullopt;
    case ActionType::kAgreeDraw:
      if (phase_ != Phase::kPlay) {
        return Reject(IllegalReason::kNotAllowedNow,
                      "a draw may only be agreed once the opening is over");
      }
      status_ = GameResult::kDraw;
      reason_ = ResultReason::kAgreement;
      phase_ = Phase::kOver;
      return std::nullopt;
    case ActionType::kSwap:
    case ActionType::kNoSwap:
      if (phase_ != Phase::kSwapDecision) {
        return Reject(
            IllegalReason::kNotAllowedNow,
            options_.opening == OpeningRule::kFree
                ? absl::StrCat("no swap under ", RuleSetName(options_.rule_set),
                               " rules")
                : std::string("a swap decision is only allowed after move 3"));
      }
      if (action.type == ActionType::kSwap) swapped_ = !swapped_;
      phase_ = Phase::kFourthMove;
      return std::nullopt;
    case ActionType::kPropose:
      return ApplyPropose(action);
    case ActionType::kChoose:
      return ApplyChoose(action);
  }
  return Reject(IllegalReason::kNotAllowedNow, "unknown action");
}

std::optional<Rejection> Game::ApplyPlace(const Action& action) {
  switch (phase_) {
    case Phase::kFifthChoice: {
      // While a proposal is pending, a plain point is White's choice.
      Action choose = action;
      choose.type = ActionType::kChoose;
      return ApplyChoose(choose);
    }
    case Phase::kSwapDecision:
      if (!implied_) {
        return Reject(IllegalReason::kNotAllowedNow,
                      "after move 3 White must first decide: swap or noswap");
      }
      break;
    case Phase::kFifthProposal:
      if (!implied_) {
        return Reject(IllegalReason::kNotAllowedNow,
                      absl::StrCat("Black must first propose ",
                                   options_.fifth_move_alternatives,
                                   " candidates for move 5 (propose:p1,p2)"));
      }
      break;
    case Phase::kOpeningMove:
    case Phase::kFourthMove:
    case Phase::kPlay:
    case Phase::kOver:
      break;
  }
  if (action.off_board || !OnBoard(action.point)) {
    return Reject(IllegalReason::kOffBoard,
                  absl::StrCat(QuoteToken(action.text), " is off the board"));
  }
  const Point p = action.point;
  if (!board_.IsEmpty(p)) {
    return Reject(IllegalReason::kOccupied,
                  absl::StrCat(PointName(p), " is already occupied"));
  }
  if (phase_ == Phase::kOpeningMove) {
    if (auto r = CheckOpeningStone(p)) return r;
  }
  // Stones played where a decision was due imply it (see the constructor).
  if (phase_ == Phase::kSwapDecision) phase_ = Phase::kFourthMove;
  PlayStone(p);
  return std::nullopt;
}

std::optional<Rejection> Game::CheckOpeningStone(Point p) const {
  const int move = moves_ + 1;
  if (move == 1 && !(p == kCentre)) {
    return Reject(IllegalReason::kNotDesignatedOpening,
                  absl::StrCat("move 1 must be h8, not ", PointName(p)));
  }
  if (move == 2 && (std::abs(p.col - kCentre.col) > 1 ||
                    std::abs(p.row - kCentre.row) > 1)) {
    return Reject(IllegalReason::kNotDesignatedOpening,
                  absl::StrCat("move 2 must be next to h8 (directly or "
                               "diagonally), not ",
                               PointName(p)));
  }
  if (move == 3 &&
      !RecognizeOpening(opening_points_[0], opening_points_[1], p)) {
    return Reject(
        IllegalReason::kNotDesignatedOpening,
        absl::StrCat("h8 ", PointName(opening_points_[1]), " ", PointName(p),
                     " is not one of the 26 designated openings "
                     "(move 3 must be in the central 5x5)"));
  }
  return std::nullopt;
}

std::optional<Rejection> Game::ApplyPropose(const Action& action) {
  if (phase_ != Phase::kFifthProposal) {
    return Reject(IllegalReason::kNotAllowedNow,
                  options_.opening == OpeningRule::kFree
                      ? absl::StrCat("no fifth-move proposal under ",
                                     RuleSetName(options_.rule_set), " rules")
                      : std::string("a proposal is only allowed for move 5"));
  }
  const std::vector<Point>& c = action.candidates;
  bool off_board = action.off_board;
  for (Point p : c) off_board = off_board || !OnBoard(p);
  if (off_board) {
    return Reject(IllegalReason::kOffBoard,
                  absl::StrCat(QuoteToken(action.text),
                               " has a candidate off the board"));
  }
  if (static_cast<int>(c.size()) != options_.fifth_move_alternatives) {
    return Reject(
        IllegalReason::kWrongCandidateCount,
        absl::StrCat("move 5 needs exactly ", options_.fifth_move_alternatives,
                     " candidates, got ", c.size()));
  }
  for (Point p : c) {
    if (!board_.IsEmpty(p)) {
      return Reject(
          IllegalReason::kOccupied,
          absl::StrCat("candidate ", PointName(p), " is already occupied"));
    }
  }
  const uint8_t symmetries = PositionSymmetries(board_);
  for (size_t i = 0; i < c.size(); ++i) {
    for (size_t j = i + 1; j < c.size(); ++j) {
      if (c[i] == c[j]) {
        return Reject(
            IllegalReason::kDuplicateCandidate,
            absl::StrCat("candidate ", PointName(c[i]), " is given twice"));
      }
      if (EquivalentUnder(symmetries, c[i], c[j])) {
        return Reject(IllegalReason::kEquivalentCandidates,
                      absl::StrCat("candidates ", PointName(c[i]), " and ",
                                   PointName(c[j]),
                                   " are equivalent under a symmetry of the "
                                   "position"));
      }
    }
  }
  candidates_ = c;
  phase_ = Phase::kFifthChoice;
  return std::nullopt;
}

std::optional<Rejection> Game::ApplyChoose(const Action& action) {
  if (phase_ != Phase::kFifthChoice) {
    return Reject(IllegalReason::kNotAllowedNow,
                  "a choice is only allowed after Black's fifth-move proposal");
  }
  if (action.off_board || !OnBoard(action.point)) {
    return Reject(IllegalReason::kOffBoard,
                  absl::StrCat(QuoteToken(action.text), " is off the board"));
  }
  bool found = false;
  for (Point p : candidates_) found = found || p == action.point;
  if (!found) {
    std::string list;
    for (Point p : candidates_) absl::StrAppend(&list, " ", PointName(p));
    return Reject(
        IllegalReason::kNotACandidate,
        absl::StrCat(PointName(action.point),
                     " is not one of the proposed candidates:", list));
  }
  candidates_.clear();
  PlayStone(action.point);
  return std::nullopt;
}

void Game::PlayStone(Point p) {
  const Color c = to_move_;
  ++moves_;
  consecutive_passes_ = 0;
  last_point_ = p;
  if (moves_ <= 3) opening_points_[moves_ - 1] = p;

  PointKind kind = PointKind::kNone;
  if (c == Color::kBlack && options_.black_forbidden) {
    kind = ClassifyBlackMove(board_, p);
  }
  board_.Place(p, c);
  to_move_ = Opponent(c);

  bool wins = false;
  for (int d = 0; d < kNumDirections && !wins; ++d) {
    wins = WinsWithRun(options_, c, board_.RunThrough(p, d, c));
  }
  if (wins) {
    status_ =
        c == Color::kBlack ? GameResult::kBlackWins : GameResult::kWhiteWins;
    reason_ = ResultReason::kFive;
  } else if (IsForbiddenKind(kind)) {
    status_ = GameResult::kWhiteWins;
    reason_ = ResultReason::kForbiddenMove;
    forbidden_kind_ = kind;
  } else if (board_.Full()) {
    status_ = GameResult::kDraw;
    reason_ = ResultReason::kFullBoard;
  }
  if (status_ != GameResult::kOngoing) {
    phase_ = Phase::kOver;
    return;
  }

  if (options_.opening == OpeningRule::kDesignatedOpenings) {
    if (moves_ == 3) {
      opening_ = RecognizeOpening(opening_points_[0], opening_points_[1],
                                  opening_points_[2]);
      phase_ = Phase::kSwapDecision;
    } else if (moves_ == 4) {
      phase_ = Phase::kFifthProposal;
    } else if (moves_ >= 5) {
      phase_ = Phase::kPlay;
    }
  }
}

}  // namespace caipan::gomoku
