// The game as a state machine under a rule set: the opening protocol
// (designated opening, swap after move 3, W4, fifth move with N
// alternatives, White's choice), then normal play with passes; wins, black's
// forbidden moves, and draws by two passes or a full board. Says who acts
// next and which actions are allowed, and rejects any other with a reason.
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
  kOpeningMove = 0,  // moves 1-3, which must form a designated opening
  kSwapDecision,     // after move 3: the player with White swaps or not
  kFourthMove,       // White plays move 4 anywhere
  kFifthProposal,    // Black proposes N candidates for move 5
  kFifthChoice,      // White chooses one; it is played as move 5
  kPlay,             // normal play: place or pass
  kOver,
};
const char* PhaseName(Phase phase);

enum class GameStatus : uint8_t { kOngoing = 0, kBlackWins, kWhiteWins, kDraw };
// "ongoing", "black", "white", "draw".
const char* GameStatusName(GameStatus status);

// Why a game ended. Stable names: "none", "five", "forbidden-move",
// "full-board", "two-passes", "agreement".
enum class ResultReason : uint8_t {
  kNone = 0,
  kFive,           // five (exact five for black under renju rules)
  kForbiddenMove,  // black played a forbidden point and loses
  kFullBoard,      // draw
  kTwoPasses,      // draw
  kAgreement,      // draw agreed by both players
};
const char* ResultReasonName(ResultReason reason);

// Why an action was rejected. Stable names in IllegalReasonName.
enum class IllegalReason : uint8_t {
  kOccupied = 0,          // "occupied"
  kOffBoard,              // "off-board"
  kNotDesignatedOpening,  // "not-designated-opening"
  kNotAllowedNow,         // "not-allowed-now": wrong kind of action here
  kPassInOpening,         // "pass-in-opening"
  kWrongCandidateCount,   // "wrong-candidate-count"
  kDuplicateCandidate,    // "duplicate-candidate"
  kEquivalentCandidates,  // "equivalent-candidates"
  kNotACandidate,         // "not-a-candidate"
  kGameOver,              // "game-over": an action after the result
};
const char* IllegalReasonName(IllegalReason reason);

struct Rejection {
  IllegalReason reason;
  std::string message;  // says what was wrong, naming the point(s)
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

  GameStatus status() const { return status_; }
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
  Color to_move_ = Color::kBlack;  // in kPlay and for opening stones
  GameStatus status_ = GameStatus::kOngoing;
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
