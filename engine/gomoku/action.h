// Game-record actions and their text syntax.
//
// A record is a list of tokens separated by whitespace (commas also separate
// plain tokens):
//   h8         place a stone on a point (a-o, 1-15, either case)
//   pass       pass (allowed once the opening is over)
//   swap       after move 3, the player with White takes Black (三手交换)
//   noswap     ... or declines to
//   propose:i10,j10   Black's N candidates for move 5 (五手N打)
//   choose:j10        White picks one; it is played as move 5. While a
//                     proposal is pending, a plain point means the same.
//   draw       both players agree a draw (allowed once the opening is over)
// Example: "h8 h9 h10 noswap i9 propose:i10,j10 choose:j10 k11".
#ifndef CAIPAN_ENGINE_GOMOKU_ACTION_H_
#define CAIPAN_ENGINE_GOMOKU_ACTION_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/gomoku/types.h"

namespace caipan::gomoku {

enum class ActionType : uint8_t {
  kPlace = 0,
  kPass,
  kSwap,
  kNoSwap,
  kPropose,
  kChoose,
  kAgreeDraw,
};
inline constexpr int kNumActionTypes = 7;

// "place", "pass", "swap", "noswap", "propose", "choose", "draw".
const char* ActionTypeName(ActionType type);

struct Action {
  ActionType type = ActionType::kPlace;
  // KPlace, kChoose.
  Point point;
  // KPropose.
  std::vector<Point> candidates;
  // A point (or candidate) was a well-formed coordinate off the board, like
  // "p8": the action is then illegal rather than unreadable.
  bool off_board = false;
  // The token as written, for messages.
  std::string text;

  static Action Place(Point p);
  static Action Pass();
  static Action Swap(bool swap);
  static Action Propose(std::vector<Point> candidates);
  static Action Choose(Point p);
  static Action AgreeDraw();
};

// Parses one token. Fails (InvalidArgument) naming the token if it is not an
// action.
absl::StatusOr<Action> ParseAction(std::string_view token);

// Parses a whole record; errors name the token and its 1-based position.
absl::StatusOr<std::vector<Action>> ParseRecord(std::string_view text);

// The token form of an action ("h8", "propose:i10,j10", ...).
std::string FormatAction(const Action& action);

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_ACTION_H_
