// Knockout stages seeded from a first stage: the bracket of the regulations
// (16: 1-16, 8-9, 5-12, 4-13 | 3-14, 6-11, 7-10, 2-15; 8: 1-8, 4-5 | 3-6,
// 2-7; a crossed final of 4: 1-4, 2-3), later rounds from the winners in
// bracket order, deciders for drawn games, and the places of the losers.
//
// The event holds the knockout stage alone: its round 1 is the first
// knockout round, one game per match and round (the RoundEntry of both
// players). A drawn game is settled by a decider played outside the rounds
// (one Armageddon game, or rapid games until one is decisive); its outcome is
// given as a MatchDecision, which ArmageddonWinner / RapidPlayoffWinner
// compute. Withdrawn players keep their place in the bracket (the arbiter
// records the forfeit).
#ifndef CAIPAN_ENGINE_TOURNAMENT_KNOCKOUT_H_
#define CAIPAN_ENGINE_TOURNAMENT_KNOCKOUT_H_

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/tournament/event.h"

namespace caipan::tournament {

// Who went through from a match whose game did not decide it (a draw, or no
// game at all such as a double forfeit).
struct MatchDecision {
  // The knockout round of the match.
  int round = 0;
  // Start number of the player who goes through.
  int winner = 0;
};

struct KnockoutOptions {
  // The bracket takes the best `field` seeds; 0: every player of the event.
  // A field short of a power of two gives the top seeds a bye in round 1.
  int field = 0;
  // Matches settled by deciders.
  std::vector<MatchDecision> decisions = {};
  // Colours by lot (Yulin: the top 8 draw colours by lot each round): when
  // set, rounds with at most `colour_lot_players` players draw red for each
  // match from LotSeed(*colour_lot_seed, round, table); otherwise, and by
  // default, the better seed plays red.
  std::optional<uint64_t> colour_lot_seed = std::nullopt;
  int colour_lot_players = 8;
};

// The matches of round 1 of a bracket of `size` (a power of two, >= 2) as
// seed pairs in bracket order, the better seed first: for 16,
// {1,16} {8,9} {5,12} {4,13} {3,14} {6,11} {7,10} {2,15}. Built by halving:
// the bracket of 2m places each seed s of the bracket of m, in order, next to
// 2m+1-s, s first at even positions and second at odd ones. Empty for any
// other size.
std::vector<std::pair<int, int>> BracketSeeds(int size);

// Start numbers in seeding order: players with a rank (Player::rank > 0, the
// TRF 001 rank column) by rank, then the others by start number.
std::vector<int> KnockoutSeeding(const Event& event);

// Round 1 of a 16-player (also 8, 4, 2) knockout seeded by Player::rank
// (TRF 001 rank column; players without a rank seeded after, by number):
// 1-16, 8-9, 5-12, 4-13 | 3-14, 6-11, 7-10, 2-15, red to the smaller seed in
// game 1; later rounds: winners of the previous round's matches in bracket
// order (crossed semi-finals 1-4, 2-3 for a 4-player final stage). Byes
// last. A drawn game with no decider recorded: FailedPrecondition naming the
// match. InvalidArgument: round outside the bracket's rounds, a field of
// fewer than 2 or more than the event's players.
absl::StatusOr<std::vector<Pairing>> PairKnockoutRound(
    const Event& event, int round, const KnockoutOptions& options = {});

// One decider game: who had red and black, and the result for red.
struct DeciderGame {
  int red = 0;
  int black = 0;
  RoundResult red_result = RoundResult::kUnplayed;
};

// Armageddon: the winner of the lot chooses the colour; the start number of
// that player, from `lot_seed` (e.g. LotSeed(event seed, round, table)).
int ArmageddonChooser(int player_a, int player_b, uint64_t lot_seed);

// Armageddon (red 6′+3″, black 4′+3″): a red win sends red through, a black
// win or a draw sends black. InvalidArgument for a result that is no game
// outcome (byes, unplayed).
absl::StatusOr<int> ArmageddonWinner(const DeciderGame& game);

// Rapid playoff game `game` (1-based) of two players (Daqing): colours of
// game 1 by lot from `lot_seed`, then swapping each game.
DeciderGame RapidPlayoffGame(int player_a, int player_b, int game,
                             uint64_t lot_seed);

// The player the first decisive game of a rapid playoff sends through;
// nullopt while every game so far is drawn (or unplayed).
std::optional<int> RapidPlayoffWinner(const std::vector<DeciderGame>& games);

// `players` ordered by their place in `first_stage_order` (start numbers,
// best first); players it does not list come after, by start number.
std::vector<int> RankByFirstStage(std::vector<int> players,
                                  const std::vector<int>& first_stage_order);

// Final places of a finished knockout, start numbers best first: the final's
// winner and loser, then the losers of each earlier round, the later round
// first (semi-finals 3–4, quarter-finals 5–8, round of 16 9–16), each round's
// losers ranked by `first_stage_order` (empty: the seeding order).
// FailedPrecondition when a round is not finished.
absl::StatusOr<std::vector<int>> KnockoutPlaces(
    const Event& event, const std::vector<int>& first_stage_order,
    const KnockoutOptions& options = {});

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_KNOCKOUT_H_
