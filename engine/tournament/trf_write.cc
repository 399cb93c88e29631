// Writing a TrfDocument or an Event as TRF text (trf.h): fixed columns where
// TRF has a field, the caipan extension lines where it has none.
#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/tournament/event.h"
#include "engine/tournament/trf.h"
#include "engine/tournament/trf_text.h"

namespace caipan::tournament {
namespace {

using trf_internal::CharCount;
using trf_internal::FirstChars;
using trf_internal::FormatNumber4;
using trf_internal::FormatPointValue;
using trf_internal::FormatTrfDate;
using trf_internal::PadLeft;
using trf_internal::PadRight;

constexpr int kNameColumns = 33;
constexpr int kIdColumns = 11;

char ResultCode(RoundResult result) {
  switch (result) {
    case RoundResult::kWin:
      return '1';
    case RoundResult::kDraw:
      return '=';
    case RoundResult::kLoss:
      return '0';
    case RoundResult::kForfeitWin:
      return '+';
    case RoundResult::kForfeitLoss:
      return '-';
    case RoundResult::kPairingBye:
      return 'U';
    case RoundResult::kHalfBye:
      return 'H';
    case RoundResult::kFullBye:
      return 'F';
    case RoundResult::kZeroBye:
      return 'Z';
    case RoundResult::kUnplayed:
      return ' ';
  }
  return ' ';
}

char SexCode(Sex sex) {
  switch (sex) {
    case Sex::kMale:
      return 'm';
    case Sex::kFemale:
      return 'w';
    case Sex::kUnknown:
      return ' ';
  }
  return ' ';
}

// A field of `width` columns: text cut to fit, left-aligned.
std::string Field(std::string_view text, int width) {
  return PadRight(FirstChars(text, width), width);
}

void Line(std::string& out, std::string_view code, std::string_view value) {
  absl::StrAppend(&out, std::string(code), " ", std::string(value), "\n");
}

// Whether a number shows in a 4-column field (0 leaves it blank).
bool FitsFourColumns(int value) { return value >= 1 && value <= 9999; }

// "162  W 2.0     D 1.0 …": codes at columns 6, 15, 24, … (TRF-2026).
std::string PointSystemLine(const Scoring& s) {
  const std::pair<char, double> codes[] = {{'W', s.win},
                                           {'D', s.draw},
                                           {'L', s.loss},
                                           {'A', s.zero_bye},
                                           {'P', s.pairing_bye}};
  std::string line = "162";
  int column = 6;
  for (const auto& [code, points] : codes) {
    line = PadRight(line, column - 1);
    if (CharCount(line) >= column) line += ' ';
    line += code;
    line += PadLeft(FormatPointValue(points), 4);
    column += 9;
  }
  return line;
}

// The extension's "points" words for what 162 cannot say: 162's W also sets
// the forfeit win and the full-point bye, D the half-point bye, A the forfeit
// loss.
std::string ExtraPoints(const Scoring& s) {
  std::string words;
  auto add = [&words](std::string_view name, double value) {
    absl::StrAppend(&words, words.empty() ? "" : " ", std::string(name), " ",
                    FormatPointValue(value));
  };
  if (s.forfeit_win != s.win) add("forfeit_win", s.forfeit_win);
  if (s.full_bye != s.win) add("full_bye", s.full_bye);
  if (s.half_bye != s.draw) add("half_bye", s.half_bye);
  if (s.forfeit_loss != s.zero_bye) add("forfeit_loss", s.forfeit_loss);
  return words;
}

std::string PlayerLine(const Event& event, const Player& player,
                       const TrfPlayerInfo& info) {
  std::string line =
      absl::StrFormat("001 %4d %c", player.number, SexCode(player.sex));
  line += Field(info.title, 3);
  line += ' ';
  line += Field(player.name, kNameColumns);
  line += ' ';
  line += FitsFourColumns(player.rating) ? absl::StrFormat("%4d", player.rating)
                                         : std::string(4, ' ');
  line += ' ';
  line += Field(info.federation, 3);
  line += ' ';
  line += CharCount(player.id) <= kIdColumns ? PadLeft(player.id, kIdColumns)
                                             : std::string(kIdColumns, ' ');
  line += ' ';
  line += player.birth_date ? FormatTrfDate(*player.birth_date)
                            : std::string(10, ' ');
  line += ' ';
  const std::string points = FormatPointValue(
      PointsAfter(event, player, static_cast<int>(player.rounds.size())));
  line += CharCount(points) <= 4 ? PadLeft(points, 4) : std::string(4, ' ');
  line += ' ';
  line += FitsFourColumns(player.rank) ? absl::StrFormat("%4d", player.rank)
                                       : std::string(4, ' ');
  for (const RoundEntry& entry : player.rounds) {
    const char colour = !entry.side.has_value()     ? '-'
                        : *entry.side == Side::kRed ? 'w'
                                                    : 'b';
    absl::StrAppend(&line, "  ", FormatNumber4(entry.opponent), " ",
                    std::string(1, colour), " ",
                    std::string(1, ResultCode(entry.result)));
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

void PlayerExtensions(std::string& out, const Player& player) {
  auto add = [&](std::string_view key, const std::string& value) {
    absl::StrAppend(&out, "### caipan ", std::string(key), " ",
                    absl::StrFormat("%04d", player.number),
                    value.empty() ? "" : " ", value, "\n");
  };
  if (CharCount(player.name) > kNameColumns) add("name", player.name);
  if (CharCount(player.id) > kIdColumns) add("id", player.id);
  if (player.rating != 0 && !FitsFourColumns(player.rating)) {
    add("rating", absl::StrCat(player.rating));
  }
  if (player.rank != 0 && !FitsFourColumns(player.rank)) {
    add("rank", absl::StrCat(player.rank));
  }
  if (!player.unit.empty()) add("unit", player.unit);
  if (player.fouls != 0) add("fouls", absl::StrCat(player.fouls));
  if (player.withdrawn) add("withdrawn", "");
}

std::string ProhibitionLine(int first, int last, const std::vector<int>& who) {
  std::string line = absl::StrFormat("260 %03d %03d", first, last);
  for (int player : who)
    absl::StrAppend(&line, absl::StrFormat(" %4d", player));
  return line;
}

}  // namespace

std::string WriteTrfDocument(const TrfDocument& document) {
  const Event& event = document.event;
  const TrfHeader& header = document.header;
  std::string out;
  if (!event.name.empty()) Line(out, "012", event.name);
  if (!header.city.empty()) Line(out, "022", header.city);
  if (!header.federation.empty()) Line(out, "032", header.federation);
  if (header.start_date) Line(out, "042", FormatTrfDate(*header.start_date));
  if (header.end_date) Line(out, "052", FormatTrfDate(*header.end_date));
  Line(out, "062", absl::StrCat(event.players.size()));
  if (!header.type.empty()) Line(out, "092", header.type);
  if (!header.chief_arbiter.empty()) Line(out, "102", header.chief_arbiter);
  for (const std::string& deputy : header.deputy_arbiters) {
    Line(out, "112", deputy);
  }
  if (!header.allotted_times.empty()) Line(out, "122", header.allotted_times);
  if (event.total_rounds > 0) {
    // 142 is TRF-2026's; TRF16 programs read XXR.
    Line(out, "142", absl::StrCat(event.total_rounds));
    Line(out, "XXR", absl::StrCat(event.total_rounds));
  }
  absl::StrAppend(&out, PointSystemLine(event.scoring), "\n");
  if (!event.time_control.empty()) Line(out, "222", event.time_control);

  static const TrfPlayerInfo kNoInfo;
  for (size_t i = 0; i < event.players.size(); ++i) {
    const TrfPlayerInfo& info =
        i < document.players_info.size() ? document.players_info[i] : kNoInfo;
    absl::StrAppend(&out, PlayerLine(event, event.players[i], info), "\n");
  }
  for (const std::string& record : document.other_records) {
    absl::StrAppend(&out, record, "\n");
  }

  std::set<std::pair<int, int>> covered;
  for (const TrfProhibition& p : document.prohibitions) {
    absl::StrAppend(
        &out, ProhibitionLine(p.first_round, p.last_round, p.players), "\n");
    for (size_t i = 0; i < p.players.size(); ++i) {
      for (size_t j = i + 1; j < p.players.size(); ++j) {
        covered.insert(std::minmax(p.players[i], p.players[j]));
      }
    }
  }
  const int last_round =
      event.total_rounds > 0 ? event.total_rounds : kMaxTrfRounds;
  for (const auto& [a, b] : event.forbidden_pairs) {
    const std::pair<int, int> pair = std::minmax(a, b);
    if (!covered.insert(pair).second) continue;
    absl::StrAppend(
        &out, ProhibitionLine(1, last_round, {pair.first, pair.second}), "\n");
  }

  if (!header.tiebreaks.empty()) {
    absl::StrAppend(&out, "### caipan tiebreaks ", header.tiebreaks, "\n");
  }
  if (const std::string extra = ExtraPoints(event.scoring); !extra.empty()) {
    absl::StrAppend(&out, "### caipan points ", extra, "\n");
  }
  for (const Player& player : event.players) PlayerExtensions(out, player);
  return out;
}

std::string WriteTrf(const Event& event) {
  TrfDocument document;
  document.event = event;
  return WriteTrfDocument(document);
}

}  // namespace caipan::tournament
