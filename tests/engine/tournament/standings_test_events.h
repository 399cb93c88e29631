// Builds small events with known results for the standings, tie-break,
// team and award tests: games are written as (round, red, black, red's
// result) and the black player's entry is derived.
#ifndef CAIPAN_TESTS_ENGINE_TOURNAMENT_STANDINGS_TEST_EVENTS_H_
#define CAIPAN_TESTS_ENGINE_TOURNAMENT_STANDINGS_TEST_EVENTS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/tournament/event.h"

namespace caipan::tournament::test_events {

// The result the opponent records for `result`.
inline RoundResult Mirror(RoundResult result) {
  switch (result) {
    case RoundResult::kWin:
      return RoundResult::kLoss;
    case RoundResult::kLoss:
      return RoundResult::kWin;
    case RoundResult::kForfeitWin:
      return RoundResult::kForfeitLoss;
    case RoundResult::kForfeitLoss:
      return RoundResult::kForfeitWin;
    case RoundResult::kDraw:
    case RoundResult::kPairingBye:
    case RoundResult::kHalfBye:
    case RoundResult::kFullBye:
    case RoundResult::kZeroBye:
    case RoundResult::kUnplayed:
      return result;
  }
  return result;
}

class EventBuilder {
 public:
  // Players 1..n named "P1".."Pn".
  explicit EventBuilder(int players) {
    for (int i = 1; i <= players; ++i) {
      Player player;
      player.number = i;
      player.name = absl::StrCat("P", i);
      event_.players.push_back(std::move(player));
    }
  }

  // Red's result as TRF writes it: '1' red wins, '=' draw, '0' black wins,
  // '+' red wins by forfeit, '-' black wins by forfeit, '*' unplayed.
  EventBuilder& Game(int round, int red, int black, char red_result) {
    RoundResult result = RoundResult::kUnplayed;
    switch (red_result) {
      case '1':
        result = RoundResult::kWin;
        break;
      case '=':
        result = RoundResult::kDraw;
        break;
      case '0':
        result = RoundResult::kLoss;
        break;
      case '+':
        result = RoundResult::kForfeitWin;
        break;
      case '-':
        result = RoundResult::kForfeitLoss;
        break;
      default:
        break;
    }
    Entry(red, round) = {
        .opponent = black, .side = Side::kRed, .result = result};
    Entry(black, round) = {
        .opponent = red, .side = Side::kBlack, .result = Mirror(result)};
    return *this;
  }

  EventBuilder& Bye(int round, int player,
                    RoundResult result = RoundResult::kPairingBye) {
    Entry(player, round) = {.opponent = 0, .side = {}, .result = result};
    return *this;
  }

  EventBuilder& Fouls(int player, int fouls) {
    event_.players[player - 1].fouls = fouls;
    return *this;
  }

  EventBuilder& Unit(int player, std::string unit, Sex sex = Sex::kUnknown) {
    event_.players[player - 1].unit = std::move(unit);
    event_.players[player - 1].sex = sex;
    return *this;
  }

  const Event& event() const { return event_; }

 private:
  RoundEntry& Entry(int player, int round) {
    std::vector<RoundEntry>& rounds = event_.players[player - 1].rounds;
    if (static_cast<int>(rounds.size()) < round) rounds.resize(round);
    return rounds[round - 1];
  }

  Event event_;
};

}  // namespace caipan::tournament::test_events

#endif  // CAIPAN_TESTS_ENGINE_TOURNAMENT_STANDINGS_TEST_EVENTS_H_
