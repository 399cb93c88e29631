// The board a game is played on, whatever the game: the position after the
// moves so far, who acts next, whether the rules have decided the game, and
// how a draw claim would be ruled. Live games (a tournament's tables among
// them) play, store and replay typed moves on one.
//
// Kind-specific parts (the xiangqi adjudicator, the gomoku protocol state)
// are read through XiangqiBoard / GomokuBoard by the code that describes them
// to clients; the rest of the code sees this interface only.
#ifndef CAIPAN_DOMAIN_GAME_BOARD_H_
#define CAIPAN_DOMAIN_GAME_BOARD_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "domain/typed_move.h"
#include "engine/common/language.h"

namespace caipan::domain {

enum class GameKind : uint8_t { kXiangqi, kGomoku };

// The colours of both games; kNone once the game is over.
enum class Side : uint8_t { kNone, kRed, kBlack, kWhite };

// The arbiter's ruling on a draw claimed now.
struct DrawClaimRuling {
  enum class Grant : uint8_t { kNone, kNaturalLimit, kRepetition };
  Grant granted = Grant::kNone;
  // Why the draw is granted, or why not, in English and in Chinese (a live
  // game keeps both, and answers the claimant in the language asked for).
  std::string english;
  std::string chinese;
};

class GameBoard {
 public:
  virtual ~GameBoard() = default;

  virtual GameKind kind() const = 0;
  // Moves (gomoku: actions) played so far.
  virtual int plies() const = 0;
  // Whether the rules have ended the game (mate, five, repetition, ...).
  virtual bool over() const = 0;
  // Plays `move` if it is allowed now; otherwise (and once over) changes
  // nothing and returns false.
  virtual bool Play(const TypedMove& move) = 0;
  // Who acts next; kNone once over.
  virtual Side SideToAct() const = 0;
  // Gomoku: whether the players swapped colours after move 3.
  virtual bool Swapped() const { return false; }
  // Xiangqi: the position's FEN ("" for gomoku).
  virtual std::string Fen() const { return {}; }
  // A draw claimed now by `claimant` (its ruling decides and records
  // nothing). FailedPrecondition when the game is over or its rules have no
  // draw to claim, InvalidArgument for a side not in the game (these errors
  // in `lang`).
  virtual absl::StatusOr<DrawClaimRuling> RuleOnDrawClaim(
      Side claimant, Language lang) const = 0;
};

}  // namespace caipan::domain

#endif  // CAIPAN_DOMAIN_GAME_BOARD_H_
