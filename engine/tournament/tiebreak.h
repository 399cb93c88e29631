// The tie-breaks of the Chinese regulations (对手分, 胜局, 直胜, …): their
// names, and the default chain of each event format.
//
// The criteria themselves are computed in tiebreak_values.h and applied in
// order by ComputeStandings (standings.h).
#ifndef CAIPAN_ENGINE_TOURNAMENT_TIEBREAK_H_
#define CAIPAN_ENGINE_TOURNAMENT_TIEBREAK_H_

#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace caipan::tournament {

enum class TieBreak {
  // 对手分: sum of the opponents' scores. A bye counts as an opponent with
  // the lowest score in the field (WXF); forfeits count the real opponent.
  kOpponentScores,
  // 中间对手分: 对手分 minus the highest and the lowest opponent score.
  kMedianOpponentScores,
  // 累进分: sum of the running scores after each round.
  kCumulativeScores,
  // 胜局: wins (forfeit wins count by default; byes never do).
  kWins,
  // 后走胜局: wins as black.
  kWinsAsBlack,
  // 后走局数: games played as black.
  kGamesAsBlack,
  // 犯规: fewer recorded fouls ranks higher.
  kFouls,
  // 直胜: points in the games among the tied players, only when all of them
  // met each other.
  kDirectEncounter,
  // 小分: points in the games among the tied players (round robin).
  kMiniPoints,
  // The last round's result, then the one before, and so on back.
  kPreviousRounds,
};

// Parses a short name: "opp" / "对手分", "median" / "中间对手分",
// "cumulative" / "累进分", "wins" / "胜局", "black-wins" / "后走胜局",
// "black-games" / "后走局数", "fouls" / "犯规", "direct" / "直胜",
// "mini" / "小分", "previous" / "前轮比较"; INVALID_ARGUMENT naming the text
// otherwise.
absl::StatusOr<TieBreak> ParseTieBreak(std::string_view name);

// The short English name above ("opp", "median", …).
std::string_view TieBreakName(TieBreak tb);

// The Chinese name (对手分, 中间对手分, …; 前轮比较 for kPreviousRounds).
std::string_view TieBreakChineseName(TieBreak tb);

// Parses a comma-separated chain ("opp,wins,fouls"); an empty text gives an
// empty chain. INVALID_ARGUMENT names the first bad entry; a tie-break listed
// twice is an error too.
absl::StatusOr<std::vector<TieBreak>> ParseTieBreakChain(std::string_view text);

enum class EventFormat {
  kXiangqiSwiss,
  kGomokuSwiss,
  // Xiangqi round robin.
  kRoundRobin,
  kGomokuRoundRobin,
  kKnockout,
};

// The chain after points for each format:
//   xiangqi Swiss (Yulin/Nanning/Ronggui): 对手分, 胜局, 犯规, 直胜, 后走局数,
//     previous rounds;
//   gomoku Swiss: 对手分, 中间对手分, 胜局 (then a playoff or shared);
//   gomoku round robin: 小分, 胜局 (then a playoff);
//   xiangqi round robin (the digest names none; chosen): 小分, 胜局, 后走胜局,
//     犯规 — 对手分 says nothing in a complete round robin;
//   knockout (places come from the bracket; this only orders a table of the
//     knockout's own games): 直胜, previous rounds.
std::vector<TieBreak> DefaultTieBreaks(EventFormat format);

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_TIEBREAK_H_
