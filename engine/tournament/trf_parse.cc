// Reading a TRF text into a TrfDocument (trf.h): line by line into records,
// then the checks that need every player (numbers, both sides of each game)
// and the extension lines applied to the players they name.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/clock/time_control.h"
#include "engine/common/status_macros.h"
#include "engine/common/text.h"
#include "engine/tournament/event.h"
#include "engine/tournament/trf.h"
#include "engine/tournament/trf_extension.h"
#include "engine/tournament/trf_player_line.h"
#include "engine/tournament/trf_text.h"

namespace caipan::tournament {
namespace {

using trf_internal::ExtensionLine;
using trf_internal::LineError;
using trf_internal::ParseCount;
using trf_internal::ParsePointValue;
using trf_internal::ParseTrfDate;
using trf_internal::PlayerLine;
using trf_internal::Quote;
using trf_internal::RoundColumn;
using trf_internal::SplitWords;
using trf_internal::StartNumber;
using trf_internal::TrfLine;
using trf_internal::TrimBlanks;
using trf_internal::Word;

// "column 12: …" from TrfLine::Make turned into "line N column 12: …".
absl::Status AtLine(int line, const absl::Status& status) {
  return absl::InvalidArgumentError(
      absl::StrCat("line ", line, " ", status.message()));
}

// 162 in TRF-2026's meaning, from FIDE's defaults (1, 1/2, 0).
Scoring ScoringOf(const std::vector<std::pair<char, double>>& point_system) {
  Scoring scoring{.win = 1,
                  .draw = 0.5,
                  .loss = 0,
                  .forfeit_win = 1,
                  .forfeit_loss = 0,
                  .pairing_bye = 1,
                  .half_bye = 0.5,
                  .full_bye = 1,
                  .zero_bye = 0};
  bool pairing_bye_given = false;
  for (const auto& [code, points] : point_system) {
    switch (code) {
      case 'W':
        scoring.win = scoring.forfeit_win = scoring.full_bye = points;
        if (!pairing_bye_given) scoring.pairing_bye = points;
        break;
      case 'D':
        scoring.draw = scoring.half_bye = points;
        break;
      case 'L':
        scoring.loss = points;
        break;
      case 'A':
        scoring.zero_bye = scoring.forfeit_loss = points;
        break;
      case 'P':
        scoring.pairing_bye = points;
        pairing_bye_given = true;
        break;
      default:  // X: an unknown result; an unplayed game scores nothing.
        break;
    }
  }
  return scoring;
}

class Reader {
 public:
  absl::StatusOr<TrfDocument> Read(std::string_view text);

 private:
  absl::Status ReadLine(int number, std::string_view raw);
  absl::Status ReadRecord(int number, const TrfLine& line);
  absl::Status ReadPointSystem(int number, const TrfLine& line);
  // A 222 value caipan's clocks cannot run is a warning, not an error:
  // other programs write other notations, and the text is kept as it is.
  void CheckTimeControl(int number, const TrfLine& line);
  absl::Status ReadProhibition(int number, const TrfLine& line);
  // Header records that may appear once: their line, or an error.
  absl::Status Once(std::string_view code, int number);

  absl::Status CheckPlayers();
  absl::Status CheckGames();
  absl::Status Complete();
  void CheckPoints();

  TrfDocument document_;
  std::vector<PlayerLine> players_;
  std::vector<ExtensionLine> extensions_;
  std::map<std::string, int, std::less<>> seen_;
  // 162 read: code and points, in the order written.
  std::vector<std::pair<char, double>> point_system_;
  std::optional<int> rounds_142_;
  std::optional<int> rounds_xxr_;
  std::optional<std::pair<int, int>> players_062_;  // value, line
  std::vector<int> prohibition_lines_;
};

absl::StatusOr<TrfDocument> Reader::Read(std::string_view text) {
  if (text.size() > kMaxTrfBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("the TRF text has ", text.size(), " bytes, more than ",
                     kMaxTrfBytes, " (8 MiB)"));
  }
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  int number = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    // CR, LF and CRLF all end a line (TRF's own remark asks for CR).
    size_t end = text.find_first_of("\r\n", pos);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    CAIPAN_RETURN_IF_ERROR(ReadLine(number, text.substr(pos, end - pos)));
    pos = end;
    if (pos < text.size()) {
      const bool crlf =
          text[pos] == '\r' && pos + 1 < text.size() && text[pos + 1] == '\n';
      pos += crlf ? 2 : 1;
    }
  }
  CAIPAN_RETURN_IF_ERROR(CheckPlayers());
  CAIPAN_RETURN_IF_ERROR(CheckGames());
  CAIPAN_RETURN_IF_ERROR(Complete());
  CheckPoints();
  return std::move(document_);
}

absl::Status Reader::ReadLine(int number, std::string_view raw) {
  while (!raw.empty() && raw.back() == ' ') raw.remove_suffix(1);
  if (raw.empty()) return absl::OkStatus();
  const bool extension = trf_internal::IsExtensionLine(raw);
  // An ordinary comment may hold anything.
  if (raw.substr(0, 3) == "###" && !extension) return absl::OkStatus();
  absl::StatusOr<TrfLine> line = TrfLine::Make(raw);
  if (!line.ok()) return AtLine(number, line.status());
  if (extension) {
    absl::StatusOr<ExtensionLine> ext =
        trf_internal::ReadExtensionLine(number, *line);
    if (!ext.ok()) return ext.status();
    extensions_.push_back(*std::move(ext));
    return absl::OkStatus();
  }
  return ReadRecord(number, *line);
}

absl::Status Reader::Once(std::string_view code, int number) {
  auto [it, inserted] = seen_.emplace(std::string(code), number);
  if (!inserted) {
    return LineError(
        number, 1,
        absl::StrCat("record ", std::string(code),
                     " is given again (first on line ", it->second, ")"));
  }
  return absl::OkStatus();
}

absl::Status Reader::ReadRecord(int number, const TrfLine& line) {
  const std::string_view code = line.Columns(1, 3);
  bool code_ok = line.size() >= 3 && (line.size() == 3 || line.At(4) == " ");
  for (char c : code) {
    if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
          (c >= 'a' && c <= 'z'))) {
      code_ok = false;
    }
  }
  if (!code_ok) {
    return LineError(
        number, 1,
        absl::StrCat("not a TRF record: expected a 3-character record "
                     "code and a blank (such as \"001 \"), got ",
                     Quote(line.Columns(1, 4))));
  }
  const std::string value(TrimBlanks(line.From(5)));
  TrfHeader& header = document_.header;
  if (code == "001") {
    absl::StatusOr<PlayerLine> player =
        trf_internal::ReadPlayerLine(number, line);
    if (!player.ok()) return player.status();
    players_.push_back(*std::move(player));
    return absl::OkStatus();
  }
  if (code == "162") return ReadPointSystem(number, line);
  if (code == "260") return ReadProhibition(number, line);
  if (code == "112") {
    header.deputy_arbiters.push_back(value);
    return absl::OkStatus();
  }
  std::string* text_field = nullptr;
  if (code == "012") text_field = &document_.event.name;
  if (code == "022") text_field = &header.city;
  if (code == "032") text_field = &header.federation;
  if (code == "092") text_field = &header.type;
  if (code == "102") text_field = &header.chief_arbiter;
  if (code == "122") text_field = &header.allotted_times;
  if (code == "222") text_field = &document_.event.time_control;
  if (text_field != nullptr) {
    CAIPAN_RETURN_IF_ERROR(Once(code, number));
    *text_field = value;
    if (code == "222") CheckTimeControl(number, line);
    return absl::OkStatus();
  }
  if (code == "042" || code == "052") {
    CAIPAN_RETURN_IF_ERROR(Once(code, number));
    if (value.empty()) return absl::OkStatus();
    absl::StatusOr<Date> date = ParseTrfDate(value);
    if (!date.ok())
      return LineError(number, 5, std::string(date.status().message()));
    (code == "042" ? header.start_date : header.end_date) = *date;
    return absl::OkStatus();
  }
  if (code == "062" || code == "142" || code == "XXR") {
    CAIPAN_RETURN_IF_ERROR(Once(code, number));
    const int max = code == "062" ? kMaxTrfPlayers : kMaxTrfRounds;
    absl::StatusOr<int> count = ParseCount(value, code == "062" ? 0 : 1, max);
    if (!count.ok()) {
      return LineError(number, 5,
                       absl::StrCat(code == "062" ? "number of players: "
                                                  : "number of rounds: ",
                                    count.status().message()));
    }
    if (code == "062") players_062_ = {*count, number};
    if (code == "142") rounds_142_ = *count;
    if (code == "XXR") rounds_xxr_ = *count;
    if (rounds_142_ && rounds_xxr_ && *rounds_142_ != *rounds_xxr_) {
      return LineError(
          number, 5,
          absl::StrCat("number of rounds ", *count,
                       " differs from the other record's (142 says ",
                       *rounds_142_, ", XXR ", *rounds_xxr_, ")"));
    }
    if (code != "062") document_.event.total_rounds = *count;
    return absl::OkStatus();
  }
  document_.other_records.emplace_back(line.text());
  return absl::OkStatus();
}

void Reader::CheckTimeControl(int number, const TrfLine& line) {
  int column = 5;
  while (column <= line.size() && line.At(column) == " ") ++column;
  const std::string& text = document_.event.time_control;
  if (text.empty()) return;
  absl::StatusOr<clock::TimeControl> control = clock::ParseTimeControl(text);
  if (control.ok()) return;
  document_.warnings.push_back(
      absl::StrCat("line ", number, " column ", column,
                   ": time control not understood by caipan's clocks (kept "
                   "as written): ",
                   control.status().message()));
}

absl::Status Reader::ReadPointSystem(int number, const TrfLine& line) {
  CAIPAN_RETURN_IF_ERROR(Once("162", number));
  int column = 5;
  while (true) {
    while (column <= line.size() && line.At(column) == " ") ++column;
    if (column > line.size()) break;
    const std::string_view code = line.At(column);
    const char c = code.size() == 1 ? code[0] : '?';
    if (std::string_view("WDLAPX").find(c) == std::string_view::npos) {
      return LineError(
          number, column,
          absl::StrCat("point system: expected a result code W, D, L, "
                       "A, P or X, got ",
                       Quote(code)));
    }
    for (const auto& [seen, points] : point_system_) {
      if (seen == c) {
        return LineError(number, column,
                         absl::StrCat("point system: ", std::string(1, c),
                                      " is given twice"));
      }
    }
    ++column;
    while (column <= line.size() && line.At(column) == " ") ++column;
    const int start = column;
    while (column <= line.size() &&
           std::string_view("0123456789.-").find(line.At(column)[0]) !=
               std::string_view::npos) {
      ++column;
    }
    absl::StatusOr<double> points =
        ParsePointValue(line.Columns(start, column - 1));
    if (!points.ok()) {
      return LineError(number, start,
                       absl::StrCat("point system: ", std::string(1, c), ": ",
                                    points.status().message()));
    }
    point_system_.emplace_back(c, *points);
  }
  if (point_system_.empty()) {
    return LineError(number, 5,
                     "point system: no codes (such as W 2.0 D 1.0 L 0.0)");
  }
  return absl::OkStatus();
}

absl::Status Reader::ReadProhibition(int number, const TrfLine& line) {
  const std::vector<Word> words = SplitWords(line, 5);
  if (words.size() < 4) {
    return LineError(
        number, 5,
        "prohibited pairing: expected the first and last round and "
        "two or more start numbers");
  }
  TrfProhibition prohibition;
  absl::StatusOr<int> first = ParseCount(words[0].text, 1, kMaxTrfRounds);
  absl::StatusOr<int> last = ParseCount(words[1].text, 1, kMaxTrfRounds);
  if (!first.ok() || !last.ok()) {
    const bool bad_first = !first.ok();
    return LineError(
        number, words[bad_first ? 0 : 1].column,
        absl::StrCat("prohibited pairing: ",
                     bad_first ? "first round: " : "last round: ",
                     (bad_first ? first : last).status().message()));
  }
  if (*last < *first) {
    return LineError(number, words[1].column,
                     absl::StrCat("prohibited pairing: last round ", *last,
                                  " before the first, ", *first));
  }
  prohibition.first_round = *first;
  prohibition.last_round = *last;
  for (size_t i = 2; i < words.size(); ++i) {
    absl::StatusOr<int> player = ParseCount(words[i].text, 1, kMaxTrfPlayers);
    if (!player.ok()) {
      return LineError(number, words[i].column,
                       absl::StrCat("prohibited pairing: start number: ",
                                    player.status().message()));
    }
    if (std::find(prohibition.players.begin(), prohibition.players.end(),
                  *player) != prohibition.players.end()) {
      return LineError(number, words[i].column,
                       absl::StrCat("prohibited pairing: ",
                                    StartNumber(*player), " is listed twice"));
    }
    prohibition.players.push_back(*player);
  }
  document_.prohibitions.push_back(std::move(prohibition));
  prohibition_lines_.push_back(number);
  return absl::OkStatus();
}

absl::Status Reader::CheckPlayers() {
  std::sort(players_.begin(), players_.end(),
            [](const PlayerLine& a, const PlayerLine& b) {
              return a.player.number < b.player.number;
            });
  for (size_t i = 0; i < players_.size(); ++i) {
    const PlayerLine& p = players_[i];
    if (i > 0 && players_[i - 1].player.number == p.player.number) {
      const PlayerLine& q = players_[i - 1];
      return LineError(
          std::max(p.line, q.line), 5,
          absl::StrCat("start number ", StartNumber(p.player.number),
                       " is given again (also on line ",
                       std::min(p.line, q.line), ")"));
    }
    if (p.player.number != static_cast<int>(i) + 1) {
      return LineError(p.line, 5,
                       absl::StrCat("start numbers must run 1, 2, 3, …: ",
                                    StartNumber(static_cast<int>(i) + 1),
                                    " is missing (the next is ",
                                    StartNumber(p.player.number), ")"));
    }
  }
  const int n = static_cast<int>(players_.size());
  if (players_062_ && players_062_->first != n) {
    document_.warnings.push_back(absl::StrCat(
        "line ", players_062_->second, " column 5: record 062 says ",
        players_062_->first, " players, the file has ", n, " 001 lines"));
  }
  size_t rounds = 0;
  for (const PlayerLine& p : players_) {
    rounds = std::max(rounds, p.player.rounds.size());
  }
  if (document_.event.total_rounds > 0 &&
      static_cast<int>(rounds) > document_.event.total_rounds) {
    for (const PlayerLine& p : players_) {
      if (p.player.rounds.size() == rounds) {
        return LineError(p.line, RoundColumn(document_.event.total_rounds),
                         absl::StrCat("round ", rounds, " but the event has ",
                                      document_.event.total_rounds,
                                      " rounds (record 142 or XXR)"));
      }
    }
  }
  // A line that stops before the last paired round (one where someone has
  // an opponent or the pairing-allocated bye) was not paired in the rounds
  // it lacks: Z, as blanks read. Blocks after that round can only be byes
  // asked for the round to come; the players without one are to be paired,
  // and get no entry.
  size_t paired = 0;
  for (const PlayerLine& p : players_) {
    const std::vector<RoundEntry>& entries = p.player.rounds;
    for (size_t r = paired; r < entries.size(); ++r) {
      if (entries[r].opponent != 0 ||
          entries[r].result == RoundResult::kPairingBye) {
        paired = r + 1;
      }
    }
  }
  if (players_.size() * paired > kMaxTrfRoundEntries) {
    return LineError(
        players_.back().line, 0,
        absl::StrCat(n, " players and ", paired, " rounds: more than ",
                     kMaxTrfRoundEntries, " round entries"));
  }
  for (PlayerLine& p : players_) {
    if (p.player.rounds.size() < paired) p.player.rounds.resize(paired);
  }
  for (size_t k = 0; k < document_.prohibitions.size(); ++k) {
    for (int player : document_.prohibitions[k].players) {
      if (player > n) {
        return LineError(
            prohibition_lines_[k], 0,
            absl::StrCat("prohibited pairing: ", StartNumber(player),
                         " is not a player (start numbers run 1 to ", n, ")"));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status Reader::CheckGames() {
  const int n = static_cast<int>(players_.size());
  for (const PlayerLine& p : players_) {
    for (size_t r = 0; r < p.player.rounds.size(); ++r) {
      const RoundEntry& entry = p.player.rounds[r];
      if (entry.opponent == 0) continue;
      const int column = RoundColumn(static_cast<int>(r));
      const std::string round = absl::StrCat("round ", r + 1, ": ");
      if (entry.opponent > n) {
        return LineError(
            p.line, column,
            absl::StrCat(round, "opponent ", StartNumber(entry.opponent),
                         " is not a player (start numbers run 1 to ", n, ")"));
      }
      const PlayerLine& q = players_[entry.opponent - 1];
      const RoundEntry& other = q.player.rounds[r];
      const std::string both = absl::StrCat(
          StartNumber(p.player.number), " (line ", p.line, ") and ",
          StartNumber(q.player.number), " (line ", q.line, ")");
      if (other.opponent != p.player.number) {
        return LineError(
            p.line, column,
            absl::StrCat(round, StartNumber(p.player.number), " meets ",
                         StartNumber(q.player.number), ", but line ", q.line,
                         " gives ", StartNumber(q.player.number), " ",
                         other.opponent == 0 ? std::string("no opponent")
                                             : StartNumber(other.opponent)));
      }
      if (entry.side.has_value() && other.side.has_value() &&
          *entry.side == *other.side) {
        return LineError(p.line, column + 5,
                         absl::StrCat(round, both, " both have ",
                                      *entry.side == Side::kRed ? "w" : "b"));
      }
      if (!ResultsAgree(entry.result, other.result)) {
        return LineError(
            p.line, column + 7,
            absl::StrCat(round, "the results of ", both, " disagree: \"",
                         std::string(1, trf_internal::ResultCode(entry.result)),
                         "\" and \"",
                         std::string(1, trf_internal::ResultCode(other.result)),
                         "\""));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status Reader::Complete() {
  Event& event = document_.event;
  for (PlayerLine& p : players_) {
    event.players.push_back(std::move(p.player));
    document_.players_info.push_back(std::move(p.info));
  }
  // 162 first; then the extension's exact fields.
  event.scoring = ScoringOf(point_system_);
  CAIPAN_RETURN_IF_ERROR(
      trf_internal::ApplyExtensionLines(extensions_, document_));
  // Every pair of every 260 record, each once.
  std::set<std::pair<int, int>> pairs;
  for (const TrfProhibition& prohibition : document_.prohibitions) {
    for (size_t i = 0; i < prohibition.players.size(); ++i) {
      for (size_t j = i + 1; j < prohibition.players.size(); ++j) {
        const std::pair<int, int> pair =
            std::minmax(prohibition.players[i], prohibition.players[j]);
        if (pairs.insert(pair).second) event.forbidden_pairs.push_back(pair);
      }
    }
  }
  return absl::OkStatus();
}

void Reader::CheckPoints() {
  const Event& event = document_.event;
  for (size_t i = 0; i < players_.size(); ++i) {
    if (!players_[i].points_column) continue;
    const Player& player = event.players[i];
    const double points =
        PointsAfter(event, player, static_cast<int>(player.rounds.size()));
    // The column has room for one decimal.
    if (std::fabs(points - *players_[i].points_column) > 0.051) {
      document_.warnings.push_back(absl::StrCat(
          "line ", players_[i].line, " column 81: points ",
          trf_internal::FormatPointValue(*players_[i].points_column),
          ", but the results give ", trf_internal::FormatPointValue(points),
          point_system_.empty()
              ? " under FIDE's default point system (no record 162)"
              : " under the point system of record 162"));
    }
  }
}

}  // namespace

absl::StatusOr<TrfDocument> ParseTrfDocument(std::string_view text) {
  return Reader().Read(text);
}

absl::StatusOr<Event> ParseTrf(std::string_view text) {
  absl::StatusOr<TrfDocument> document = ParseTrfDocument(text);
  if (!document.ok()) return document.status();
  return std::move(document->event);
}

}  // namespace caipan::tournament
