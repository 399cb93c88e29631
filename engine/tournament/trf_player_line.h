// The 001 record of a TRF file (trf.h): one player's fixed columns and one
// 10-column block per round, read and written. Internal to the tournament
// library.
#ifndef CAIPAN_ENGINE_TOURNAMENT_TRF_PLAYER_LINE_H_
#define CAIPAN_ENGINE_TOURNAMENT_TRF_PLAYER_LINE_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "engine/tournament/event.h"
#include "engine/tournament/trf.h"
#include "engine/tournament/trf_text.h"

namespace caipan::tournament::trf_internal {

// Columns of the name and id fields (15-47, 58-68).
inline constexpr int kNameColumns = 33;
inline constexpr int kIdColumns = 11;

// A 001 line read, with where it was for later messages.
struct PlayerLine {
  Player player;
  TrfPlayerInfo info;
  int line = 0;
  // The points column (81-84), when not blank.
  std::optional<double> points_column;
};

// The column where round `round_index` (0-based) starts: 92, 102, …
int RoundColumn(int round_index);

// Reads a 001 line: the fields, then each round's opponent, colour and
// result, checked on their own (a game needs an opponent and a colour, a bye
// is written against 0000, separator columns are blank). Whether the
// opponents agree is checked when every line is read.
absl::StatusOr<PlayerLine> ReadPlayerLine(int line_number, const TrfLine& line);

// The 001 line of `player` (no line end, trailing blanks removed): points
// from the results under event.scoring; the name cut to its columns, an id,
// rating or rank that does not fit left blank (the extension carries them).
std::string WritePlayerLine(const Event& event, const Player& player,
                            const TrfPlayerInfo& info);

// Whether a number shows in a 4-column field (0 is written blank).
bool FitsFourColumns(int value);

}  // namespace caipan::tournament::trf_internal

#endif  // CAIPAN_ENGINE_TOURNAMENT_TRF_PLAYER_LINE_H_
