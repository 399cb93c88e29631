// Names and default chains of the tie-breaks (see tiebreak.h).
#include "engine/tournament/tiebreak.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"

namespace caipan::tournament {
namespace {

struct Names {
  TieBreak tb;
  std::string_view english;
  std::string_view chinese;
};

constexpr std::array<Names, 10> kNames = {{
    {TieBreak::kOpponentScores, "opp", "对手分"},
    {TieBreak::kMedianOpponentScores, "median", "中间对手分"},
    {TieBreak::kCumulativeScores, "cumulative", "累进分"},
    {TieBreak::kWins, "wins", "胜局"},
    {TieBreak::kWinsAsBlack, "black-wins", "后走胜局"},
    {TieBreak::kGamesAsBlack, "black-games", "后走局数"},
    {TieBreak::kFouls, "fouls", "犯规"},
    {TieBreak::kDirectEncounter, "direct", "直胜"},
    {TieBreak::kMiniPoints, "mini", "小分"},
    {TieBreak::kPreviousRounds, "previous", "前轮比较"},
}};

const Names& NamesOf(TieBreak tb) {
  for (const Names& names : kNames) {
    if (names.tb == tb) return names;
  }
  // Every enumerator is in kNames (a test checks the round trip).
  return kNames[0];
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

}  // namespace

absl::StatusOr<TieBreak> ParseTieBreak(std::string_view name) {
  for (const Names& names : kNames) {
    if (name == names.english || name == names.chinese) return names.tb;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown tie-break ", QuoteToken(name),
      " (expected opp, median, cumulative, wins, black-wins, black-games, "
      "fouls, direct, mini or previous)"));
}

std::string_view TieBreakName(TieBreak tb) { return NamesOf(tb).english; }

std::string_view TieBreakChineseName(TieBreak tb) {
  return NamesOf(tb).chinese;
}

absl::StatusOr<std::vector<TieBreak>> ParseTieBreakChain(
    std::string_view text) {
  std::vector<TieBreak> chain;
  if (Trim(text).empty()) return chain;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    const std::string_view item = Trim(text.substr(
        start, comma == std::string_view::npos ? comma : comma - start));
    absl::StatusOr<TieBreak> tb = ParseTieBreak(item);
    if (!tb.ok()) return tb.status();
    for (TieBreak seen : chain) {
      if (seen == *tb) {
        return absl::InvalidArgumentError(
            absl::StrCat("tie-break ", QuoteToken(item), " is listed twice in ",
                         QuoteToken(text)));
      }
    }
    chain.push_back(*tb);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return chain;
}

std::vector<TieBreak> DefaultTieBreaks(EventFormat format) {
  switch (format) {
    case EventFormat::kXiangqiSwiss:
      return {TieBreak::kOpponentScores, TieBreak::kWins,
              TieBreak::kFouls,          TieBreak::kDirectEncounter,
              TieBreak::kGamesAsBlack,   TieBreak::kPreviousRounds};
    case EventFormat::kGomokuSwiss:
      return {TieBreak::kOpponentScores, TieBreak::kMedianOpponentScores,
              TieBreak::kWins};
    case EventFormat::kRoundRobin:
      return {TieBreak::kMiniPoints, TieBreak::kWins, TieBreak::kWinsAsBlack,
              TieBreak::kFouls};
    case EventFormat::kGomokuRoundRobin:
      return {TieBreak::kMiniPoints, TieBreak::kWins};
    case EventFormat::kKnockout:
      return {TieBreak::kDirectEncounter, TieBreak::kPreviousRounds};
  }
  return {};
}

}  // namespace caipan::tournament
