// The game as a state machine under a rule set: the opening protocol
// (designated opening, swap after move 3, W4, fifth move with N
// alternatives, White's choice), then normal play with passes; wins, black's
// forbidden moves, and draws by two passes or a full board. Says who acts
// next and which actions are allowed, and rejects any other with a reason.
//
// Example:
//
//   Game game(RuleOptionsFor(RuleSet::kChinese));
//   for (std::string_view token : {"h8", "h9", "h10", "noswap"}) {
//     absl::StatusOr<Action> action = ParseAction(token);
//     if (!action.ok()) return action.status();
//     if (std::optional<Rejection> r = game.Apply(*action)) {
//       return absl::InvalidArgumentError(r->message);
//     }
//   }
//   // game.to_act() == Color::kWhite; game.AllowedActions() == {kPlace}.
//   // Once over, game.status() is the GameResult and game.reason() says why.
#ifndef CAIPAN_ENGINE_GOMOKU_GAME_H_
#define CAIPAN_ENGINE_GOMOKU_GAME_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/gomoku/action.h"
#include "engine/gomoku/board.h"
#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/openings.h"
#include "engine/gomoku/rules.h"

namespace caipan::gomoku {

enum class Phase : uint8_t {
  // Moves 1-3, which must form a designated opening.
  kOpeningMove = 0,
  // After move 3: the player with White swaps or not.
  kSwapDecision,
  // White plays move 4 anywhere.
  kFourthMove,
  // Black proposes N candidates for move 5
  kFifthProposal,
  // White chooses one; it is played as move 5
  kFifthChoice,
  // Normal play: place or pass.
  kPlay,
  kOver,
};
const char* PhaseName(Phase phase);

// Who won, if anyone. Stable: values are never renumbered.
enum class GameResult : uint8_t { kOngoing = 0, kBlackWins, kWhiteWins, kDraw };
// "ongoing", "black", "white", "draw".
const char* GameResultName(GameResult result);

// Why a game ended. Stable names: "none", "five", "forbidden-move",
// "full-board", "two-passes", "agreement".
enum class ResultReason : uint8_t {
  kNone = 0,
  // Five (exact five for black under renju rules)
  kFive,
  // Black played a forbidden point and loses.
  kForbiddenMove,
  // Draw.
  kFullBoard,
  // Draw.
  kTwoPasses,
  // Draw agreed by both players.
  kAgreement,
};
const char* ResultReasonName(ResultReason reason);

// Why an action was rejected. Stable names in IllegalReasonName.
enum class IllegalReason : uint8_t {
  // "occupied"
  kOccupied = 0,
  // "off-board"
  kOffBoard,
  // "not-designated-opening"
  kNotDesignatedOpening,
  // "not-allowed-now": wrong kind of action here.
  kNotAllowedNow,
  // "pass-in-opening"
  kPassInOpening,
  // "wrong-candidate-count"
  kWrongCandidateCount,
  // "duplicate-candidate"
  kDuplicateCandidate,
  // "equivalent-candidates"
  kEquivalentCandidates,
  // "not-a-candidate"
  kNotACandidate,
  // "game-over": an action after the result.
  kGameOver,
};
const char* IllegalReasonName(IllegalReason reason);

// Why an action was rejected.
struct Rejection {
  IllegalReason reason;
  // Says what was wrong, naming the point(s)
  std::string message;
};

class Game {
 public:
  // With implied_opening_actions, a record may leave out the opening
  // decisions: a stone played when the swap decision is due means "noswap",
  // and a stone played when the fifth-move proposal is due is taken as move 5
  // (its alternatives unknown, so not checked). Without it they are required.
  explicit Game(const RuleOptions& options,
                bool implied_opening_actions = false);

  // Applies an action; on a rejection the game is left unchanged.
  std::optional<Rejection> Apply(const Action& action);

  Phase phase() const { return phase_; }
  // The colour whose player acts next.
  Color to_act() const;
  // The kinds of action the protocol expects now (empty once over).
  std::vector<ActionType> AllowedActions() const;

  GameResult status() const { return status_; }
  ResultReason reason() const { return reason_; }
  // The kind of the forbidden point black played (kForbiddenMove only).
  PointKind forbidden_kind() const { return forbidden_kind_; }
  // Stones placed plus passes.
  int moves() const { return moves_; }
  // Point of the last stone placed (valid once a stone is on the board).
  Point last_point() const { return last_point_; }

  const Board& board() const { return board_; }
  const RuleOptions& options() const { return options_; }
  // True if the players swapped colours after move 3 (the player who began
  // as Black now plays White).
  bool swapped() const { return swapped_; }
  // The designated opening, once move 3 is played under such rules.
  const std::optional<OpeningMatch>& opening() const { return opening_; }
  // The pending fifth-move candidates (kFifthChoice only).
  const std::vector<Point>& candidates() const { return candidates_; }

 private:
  std::optional<Rejection> ApplyPlace(const Action& action);
  std::optional<Rejection> ApplyPropose(const Action& action);
  std::optional<Rejection> ApplyChoose(const Action& action);
  std::optional<Rejection> CheckOpeningStone(Point p) const;
  // Puts the mover's stone on p and rules on wins, forbidden moves and a
  // full board.
  void PlayStone(Point p);

  RuleOptions options_;
  bool implied_;
  Board board_;
  Phase phase_;
  // In kPlay and for opening stones.
  Color to_move_ = Color::kBlack;
  GameResult status_ = GameResult::kOngoing;
  ResultReason reason_ = ResultReason::kNone;
  PointKind forbidden_kind_ = PointKind::kNone;
  int moves_ = 0;
  int consecutive_passes_ = 0;
  Point last_point_;
  bool swapped_ = false;
  std::optional<OpeningMatch> opening_;
  std::vector<Point> candidates_;
  Point opening_points_[3];
};

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_GAME_H_
