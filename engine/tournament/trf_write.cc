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
#include "engine/tournament/export_text.h"
#include "engine/tournament/trf.h"
#include "engine/tournament/trf_extension.h"
#include "engine/tournament/trf_player_line.h"
#include "engine/tournament/trf_text.h"

namespace caipan::tournament {
namespace {

using trf_internal::CharCount;
using trf_internal::FormatPointValue;
using trf_internal::FormatTrfDate;
using trf_internal::PadLeft;
using trf_internal::PadRight;

// A header record; its value is free text, kept to one line.
void Line(std::string& out, std::string_view code, std::string_view value) {
  absl::StrAppend(&out, std::string(code), " ", OneLine(value), "\n");
}

// "162  W 2.0    D 1.0 …": codes at columns 6, 15, 24, … (TRF-2026).
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
    absl::StrAppend(
        &out, trf_internal::WritePlayerLine(event, event.players[i], info),
        "\n");
  }
  for (const std::string& record : document.other_records) {
    absl::StrAppend(&out, OneLine(record), "\n");
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

  out += trf_internal::WriteExtensionLines(document);
  return out;
}

std::string WriteTrf(const Event& event) {
  TrfDocument document;
  document.event = event;
  return WriteTrfDocument(document);
}

}  // namespace caipan::tournament
