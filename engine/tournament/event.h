// A tournament as pairing and standings read it: the players with their
// start numbers, and each player's entry for every round played (opponent,
// colour, result), the way a TRF file records them.
//
// Example:
//   Event event;
//   event.players = {{.number = 1, .name = "张三"}, {.number = 2, .name =
//   "李四"}}; event.players[0].rounds = {{.opponent = 2, .side = Side::kRed,
//                               .result = RoundResult::kWin}};
//   event.players[1].rounds = {{.opponent = 1, .side = Side::kBlack,
//                               .result = RoundResult::kLoss}};
//   double points = PointsAfter(event, event.players[0], 1);  // 2
#ifndef CAIPAN_ENGINE_TOURNAMENT_EVENT_H_
#define CAIPAN_ENGINE_TOURNAMENT_EVENT_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace caipan::tournament {

struct Date {
  int year = 0;
  int month = 0;
  int day = 0;
  friend bool operator==(const Date&, const Date&) = default;
  friend auto operator<=>(const Date&, const Date&) = default;
};

enum class Sex { kUnknown, kMale, kFemale };

// The colour a player had in a game. Gomoku: kRed is the side that moves
// first (black stones), as TRF's "w" is the side that moves first.
enum class Side { kRed, kBlack };

// One player's result in one round (TRF result codes in brackets).
enum class RoundResult {
  // 1
  kWin,
  // =
  kDraw,
  // 0
  kLoss,
  // + (the opponent did not play)
  kForfeitWin,
  // - (did not play)
  kForfeitLoss,
  // U: the bye the pairing gave (odd field)
  kPairingBye,
  // H: a requested bye worth a draw.
  kHalfBye,
  // F: a bye worth a win.
  kFullBye,
  // Z: not paired (absent, withdrawn): nothing.
  kZeroBye,
  // The round is paired but the game has no result yet.
  kUnplayed,
};

// What a player did in one round.
struct RoundEntry {
  // The opponent's start number; 0 for a bye or no game.
  int opponent = 0;
  // The colour played; nullopt for a bye or no game.
  std::optional<Side> side;
  RoundResult result = RoundResult::kZeroBye;
};

struct Player {
  // Start number (drawn by lot), 1..n; players[i].number == i + 1.
  int number = 0;
  std::string name;
  // FIDE id or a national id; free text.
  std::string id;
  // The unit: team, school, city.
  std::string unit;
  Sex sex = Sex::kUnknown;
  std::optional<Date> birth_date;
  int rating = 0;
  // The rank column of the TRF 001 line (a knockout seeds by it); 0: none.
  int rank = 0;
  // Fouls recorded over the event (fewer ranks higher: 犯规).
  int fouls = 0;
  // Withdrawn players are not paired again.
  bool withdrawn = false;
  // Entry r-1 is round r; rounds not yet played are absent.
  std::vector<RoundEntry> rounds;
};

// Points for each result; the Chinese events score 2/1/0, a forfeit as a
// win, a pairing bye as a win (TRF record 162).
struct Scoring {
  double win = 2;
  double draw = 1;
  double loss = 0;
  double forfeit_win = 2;
  double forfeit_loss = 0;
  double pairing_bye = 2;
  double half_bye = 1;
  double full_bye = 2;
  double zero_bye = 0;
};

struct Event {
  std::string name;
  Scoring scoring;
  // Rounds the event has (TRF 062 / XXR); 0: unknown.
  int total_rounds = 0;
  // TRF-2026 222 notation ("1200+5").
  std::string time_control;
  std::vector<Player> players;
  // Pairs of start numbers that must not meet (TRF 260).
  std::vector<std::pair<int, int>> forbidden_pairs;
};

// The points `result` scores under `scoring`.
double PointsFor(const Scoring& scoring, RoundResult result);

// Whether `mine` and `theirs` can be the two sides of one game: a win
// against a loss, a draw against a draw, a forfeit against a forfeit (both
// absent: a double forfeit), unplayed against unplayed. Byes are never games.
bool ResultsAgree(RoundResult mine, RoundResult theirs);

// A player's points after the first `rounds` rounds.
double PointsAfter(const Event& event, const Player& player, int rounds);

// One game (or bye) of a round's pairing. Tables count from 1; a bye has
// black == 0 and the player in `red`.
struct Pairing {
  int table = 0;
  int red = 0;
  int black = 0;
  bool is_bye() const { return black == 0; }
  friend bool operator==(const Pairing&, const Pairing&) = default;
};

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_EVENT_H_
