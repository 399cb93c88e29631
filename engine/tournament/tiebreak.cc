// Names and default chains of the tie-breaks (see tiebreak.h).
#include "engine/tournament/tiebreak.h"

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"

namespace caipan::tournament {
namespace {

constexpr TieBreak kAll[] = {TieBreak::kOpponentScores,
                             TieBreak::kMedianOpponentScores,
                             TieBreak::kCumulativeScores,
                             TieBreak::kWins,
                             TieBreak::kWinsAsBlack,
                             TieBreak::kGamesAsBlack,
                             TieBreak::kFouls,
                             TieBreak::kDirectEncounter,
                             TieBreak::kMiniPoints,
                             TieBreak::kPreviousRounds};

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
  for (TieBreak tb : kAll) {
    if (name == TieBreakName(tb) || name == TieBreakChineseName(tb)) return tb;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown tie-break ", QuoteToken(name),
      " (expected opp, median, cumulative, wins, black-wins, black-games, "
      "fouls, direct, mini or previous)"));
}

std::string_view TieBreakName(TieBreak tb) {
  switch (tb) {
    case TieBreak::kOpponentScores:
      return "opp";
    case TieBreak::kMedianOpponentScores:
      return "median";
    case TieBreak::kCumulativeScores:
      return "cumulative";
    case TieBreak::kWins:
      return "wins";
    case TieBreak::kWinsAsBlack:
      return "black-wins";
    case TieBreak::kGamesAsBlack:
      return "black-games";
    case TieBreak::kFouls:
      return "fouls";
    case TieBreak::kDirectEncounter:
      return "direct";
    case TieBreak::kMiniPoints:
      return "mini";
    case TieBreak::kPreviousRounds:
      return "previous";
  }
  return "";
}

std::string_view TieBreakChineseName(TieBreak tb) {
  switch (tb) {
    case TieBreak::kOpponentScores:
      return "对手分";
    case TieBreak::kMedianOpponentScores:
      return "中间对手分";
    case TieBreak::kCumulativeScores:
      return "累进分";
    case TieBreak::kWins:
      return "胜局";
    case TieBreak::kWinsAsBlack:
      return "后走胜局";
    case TieBreak::kGamesAsBlack:
      return "后走局数";
    case TieBreak::kFouls:
      return "犯规";
    case TieBreak::kDirectEncounter:
      return "直胜";
    case TieBreak::kMiniPoints:
      return "小分";
    case TieBreak::kPreviousRounds:
      return "前轮比较";
  }
  return "";
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
