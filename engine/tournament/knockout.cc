// Knockout brackets, winners, deciders and places (see knockout.h).
#include "engine/tournament/knockout.h"

#include <algorithm>
#include <climits>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"
#include "engine/tournament/draw_lot.h"

namespace caipan::tournament {
namespace {

// One match by start number, the better seed first; 0 is an empty place.
struct Match {
  int better = 0;
  int other = 0;
};

struct Bracket {
  int size = 0;
  int rounds = 0;
  absl::flat_hash_map<int, int> seed_of;  // start number -> seed
  // matches[r-1]: the matches of round r, as far as results allow.
  std::vector<std::vector<Match>> matches;
  // losers[r-1]: who lost in round r (no one for a bye).
  std::vector<std::vector<int>> losers;
  int champion = 0;
};

std::string Describe(int round, int index, const Match& match) {
  return absl::StrFormat("round %d, match %d (%d vs %d)", round, index + 1,
                         match.better, match.other);
}

bool Won(RoundResult result) {
  return result == RoundResult::kWin || result == RoundResult::kForfeitWin;
}

absl::StatusOr<int> Winner(const Event& event, int round, int index,
                           const Match& match, const KnockoutOptions& options) {
  if (match.other == 0) return match.better;
  const Player& a = event.players[match.better - 1];
  const Player& b = event.players[match.other - 1];
  int decided = 0;
  bool played = false;
  if (static_cast<int>(a.rounds.size()) >= round &&
      static_cast<int>(b.rounds.size()) >= round) {
    const RoundEntry& ea = a.rounds[round - 1];
    const RoundEntry& eb = b.rounds[round - 1];
    if (ea.opponent != b.number || eb.opponent != a.number) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "%s: the round's entries show %d against %d and %d against %d",
          Describe(round, index, match), a.number, ea.opponent, b.number,
          eb.opponent));
    }
    if (Won(ea.result) && Won(eb.result)) {
      return absl::FailedPreconditionError(
          absl::StrFormat("%s: both players are recorded as winning",
                          Describe(round, index, match)));
    }
    if (Won(ea.result)) decided = a.number;
    if (Won(eb.result)) decided = b.number;
    played = ea.result != RoundResult::kUnplayed &&
             eb.result != RoundResult::kUnplayed;
  }
  int by_decider = 0;
  for (const MatchDecision& decision : options.decisions) {
    if (decision.round == round &&
        (decision.winner == a.number || decision.winner == b.number)) {
      by_decider = decision.winner;
    }
  }
  if (decided != 0) {
    if (by_decider != 0 && by_decider != decided) {
      return absl::FailedPreconditionError(
          absl::StrFormat("%s: %d won the game but a decision sends %d through",
                          Describe(round, index, match), decided, by_decider));
    }
    return decided;
  }
  if (by_decider != 0) return by_decider;
  return absl::FailedPreconditionError(absl::StrFormat(
      played ? "%s: drawn, no decider recorded" : "%s: no result recorded",
      Describe(round, index, match)));
}

// The bracket up to round `upto` (its matches known from the results of the
// rounds before it); upto == rounds + 1 also finds the champion.
absl::StatusOr<Bracket> BuildBracket(const Event& event, int upto,
                                     const KnockoutOptions& options) {
  const int n = static_cast<int>(event.players.size());
  for (int i = 0; i < n; ++i) {
    if (event.players[i].number != i + 1) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "player at position %d has start number %d, expected %d", i + 1,
          event.players[i].number, i + 1));
    }
  }
  const int field = options.field == 0 ? n : options.field;
  if (field < 2 || field > n) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "a knockout of %d players from an event of %d", field, n));
  }
  Bracket bracket;
  bracket.size = 2;
  bracket.rounds = 1;
  while (bracket.size < field) {
    bracket.size *= 2;
    ++bracket.rounds;
  }
  if (upto < 1 || upto > bracket.rounds + 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("round %d: a knockout of %d players has rounds 1..%d",
                        upto, field, bracket.rounds));
  }
  const std::vector<int> seeding = KnockoutSeeding(event);
  for (int s = 0; s < field; ++s) bracket.seed_of[seeding[s]] = s + 1;
  std::vector<Match> matches;
  for (const auto& [s, t] : BracketSeeds(bracket.size)) {
    matches.push_back({seeding[s - 1], t <= field ? seeding[t - 1] : 0});
  }
  for (int round = 1;; ++round) {
    bracket.matches.push_back(matches);
    if (round == upto) break;
    std::vector<int> winners;
    bracket.losers.emplace_back();
    for (int i = 0; i < static_cast<int>(matches.size()); ++i) {
      CAIPAN_ASSIGN_OR_RETURN(int winner,
                              Winner(event, round, i, matches[i], options));
      winners.push_back(winner);
      const int loser =
          winner == matches[i].better ? matches[i].other : matches[i].better;
      if (loser != 0) bracket.losers.back().push_back(loser);
    }
    if (winners.size() == 1) {
      bracket.champion = winners[0];
      break;
    }
    matches.clear();
    for (size_t i = 0; i + 1 < winners.size(); i += 2) {
      int a = winners[i];
      int b = winners[i + 1];
      if (bracket.seed_of[b] < bracket.seed_of[a]) std::swap(a, b);
      matches.push_back({a, b});
    }
  }
  return bracket;
}

}  // namespace

std::vector<std::pair<int, int>> BracketSeeds(int size) {
  if (size < 2 || (size & (size - 1)) != 0) return {};
  std::vector<int> order = {1, 2};
  for (int m = 2; m < size; m *= 2) {
    std::vector<int> wider;
    for (size_t i = 0; i < order.size(); ++i) {
      const int s = order[i];
      const int partner = 2 * m + 1 - s;
      if (i % 2 == 0) {
        wider.insert(wider.end(), {s, partner});
      } else {
        wider.insert(wider.end(), {partner, s});
      }
    }
    order = std::move(wider);
  }
  std::vector<std::pair<int, int>> pairs;
  for (size_t i = 0; i + 1 < order.size(); i += 2) {
    pairs.push_back(
        {std::min(order[i], order[i + 1]), std::max(order[i], order[i + 1])});
  }
  return pairs;
}

std::vector<int> KnockoutSeeding(const Event& event) {
  std::vector<const Player*> players;
  for (const Player& player : event.players) players.push_back(&player);
  std::stable_sort(players.begin(), players.end(),
                   [](const Player* a, const Player* b) {
                     const int ra = a->rank > 0 ? a->rank : INT_MAX;
                     const int rb = b->rank > 0 ? b->rank : INT_MAX;
                     if (ra != rb) return ra < rb;
                     return a->number < b->number;
                   });
  std::vector<int> numbers;
  for (const Player* player : players) numbers.push_back(player->number);
  return numbers;
}

absl::StatusOr<std::vector<Pairing>> PairKnockoutRound(
    const Event& event, int round, const KnockoutOptions& options) {
  // The bracket's size first: a round past the final is no round at all,
  // whatever the results.
  CAIPAN_ASSIGN_OR_RETURN(Bracket sized, BuildBracket(event, 1, options));
  if (round < 1 || round > sized.rounds) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "round %d: the knockout has rounds 1..%d", round, sized.rounds));
  }
  CAIPAN_ASSIGN_OR_RETURN(Bracket bracket, BuildBracket(event, round, options));
  const std::vector<Match>& matches = bracket.matches[round - 1];
  const bool by_lot =
      options.colour_lot_seed.has_value() &&
      2 * static_cast<int>(matches.size()) <= options.colour_lot_players;
  std::vector<Pairing> pairings;
  for (const Match& match : matches) {
    if (match.other == 0) continue;
    const int table = static_cast<int>(pairings.size()) + 1;
    bool better_red = true;
    if (by_lot) {
      better_red = Lot(LotSeed(*options.colour_lot_seed, round, table)).Coin();
    }
    pairings.push_back(better_red ? Pairing{table, match.better, match.other}
                                  : Pairing{table, match.other, match.better});
  }
  for (const Match& match : matches) {
    if (match.other != 0) continue;
    pairings.push_back(
        {static_cast<int>(pairings.size()) + 1, match.better, 0});
  }
  return pairings;
}

int ArmageddonChooser(int player_a, int player_b, uint64_t lot_seed) {
  return Lot(lot_seed).Coin() ? player_a : player_b;
}

absl::StatusOr<int> ArmageddonWinner(const DeciderGame& game) {
  switch (game.red_result) {
    case RoundResult::kWin:
    case RoundResult::kForfeitWin:
      return game.red;
    case RoundResult::kDraw:
    case RoundResult::kLoss:
    case RoundResult::kForfeitLoss:
      return game.black;
    case RoundResult::kPairingBye:
    case RoundResult::kHalfBye:
    case RoundResult::kFullBye:
    case RoundResult::kZeroBye:
    case RoundResult::kUnplayed:
      break;
  }
  return absl::InvalidArgumentError(absl::StrFormat(
      "Armageddon %d vs %d has no game result", game.red, game.black));
}

DeciderGame RapidPlayoffGame(int player_a, int player_b, int game,
                             uint64_t lot_seed) {
  const bool a_red_first = Lot(lot_seed).Coin();
  const bool a_red = (game % 2 == 1) == a_red_first;
  return a_red ? DeciderGame{player_a, player_b}
               : DeciderGame{player_b, player_a};
}

std::optional<int> RapidPlayoffWinner(const std::vector<DeciderGame>& games) {
  for (const DeciderGame& game : games) {
    switch (game.red_result) {
      case RoundResult::kWin:
      case RoundResult::kForfeitWin:
        return game.red;
      case RoundResult::kLoss:
      case RoundResult::kForfeitLoss:
        return game.black;
      case RoundResult::kDraw:
      case RoundResult::kPairingBye:
      case RoundResult::kHalfBye:
      case RoundResult::kFullBye:
      case RoundResult::kZeroBye:
      case RoundResult::kUnplayed:
        break;
    }
  }
  return std::nullopt;
}

std::vector<int> RankByFirstStage(std::vector<int> players,
                                  const std::vector<int>& first_stage_order) {
  absl::flat_hash_map<int, int> place;
  for (int i = 0; i < static_cast<int>(first_stage_order.size()); ++i) {
    place.try_emplace(first_stage_order[i], i);
  }
  auto place_of = [&](int number) {
    const auto it = place.find(number);
    return it == place.end() ? INT_MAX : it->second;
  };
  std::stable_sort(players.begin(), players.end(), [&](int a, int b) {
    const int pa = place_of(a);
    const int pb = place_of(b);
    if (pa != pb) return pa < pb;
    return a < b;
  });
  return players;
}

absl::StatusOr<std::vector<int>> KnockoutPlaces(
    const Event& event, const std::vector<int>& first_stage_order,
    const KnockoutOptions& options) {
  // First find the bracket's size, then play it through to the champion.
  CAIPAN_ASSIGN_OR_RETURN(Bracket sized, BuildBracket(event, 1, options));
  CAIPAN_ASSIGN_OR_RETURN(Bracket bracket,
                          BuildBracket(event, sized.rounds + 1, options));
  const std::vector<int> order =
      first_stage_order.empty() ? KnockoutSeeding(event) : first_stage_order;
  std::vector<int> places = {bracket.champion};
  for (int r = bracket.rounds; r >= 1; --r) {
    for (int loser : RankByFirstStage(bracket.losers[r - 1], order)) {
      places.push_back(loser);
    }
  }
  return places;
}

}  // namespace caipan::tournament
