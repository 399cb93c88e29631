// Exports of a tournament (see tournament_export.h).
#include "services/tournament/tournament_export.h"

#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "engine/common/text.h"
#include "engine/tournament/export_text.h"
#include "engine/tournament/trf.h"
#include "services/tournament/tournament_state.h"

namespace caipan::services::tournament {
namespace tn = caipan::tournament;
namespace {

// PGN's limit on a string token.
constexpr size_t kMaxPgnStringBytes = 255;

// A PGN tag value: one line (PGN strings hold no control characters), cut to
// PGN's limit on a character boundary, backslashes and quotes escaped.
std::string PgnValue(const std::string& text) {
  const std::string line = tn::OneLine(text);
  const std::string_view cut = Utf8Prefix(line, kMaxPgnStringBytes);
  return absl::StrReplaceAll(absl::string_view(cut.data(), cut.size()),
                             {{"\\", "\\\\"}, {"\"", "\\\""}});
}

const char* PgnResult(v1::TableResult result) {
  switch (result) {
    case v1::TABLE_RESULT_RED_WINS:
    case v1::TABLE_RESULT_RED_WINS_BY_FORFEIT:
      return "1-0";
    case v1::TABLE_RESULT_BLACK_WINS:
    case v1::TABLE_RESULT_BLACK_WINS_BY_FORFEIT:
      return "0-1";
    case v1::TABLE_RESULT_DRAW:
      return "1/2-1/2";
    case v1::TABLE_RESULT_DOUBLE_FORFEIT:
    case v1::TABLE_RESULT_BYE:
    case v1::TABLE_RESULT_HALF_BYE:
    case v1::TABLE_RESULT_FULL_BYE:
    case v1::TABLE_RESULT_PENDING:
    case v1::TABLE_RESULT_UNSPECIFIED:
    case v1::TableResult_INT_MIN_SENTINEL_DO_NOT_USE_:
    case v1::TableResult_INT_MAX_SENTINEL_DO_NOT_USE_:
      break;
  }
  return "*";
}

void AddTag(std::string* out, const char* tag, const std::string& value) {
  absl::StrAppend(out, "[", tag, " \"", PgnValue(value), "\"]\n");
}

}  // namespace

std::string ExportTrf(const v1::StoredTournament& state) {
  tn::TrfDocument document;
  document.event = ToEngineEvent(state);
  document.header.tiebreaks = state.tournament().tie_breaks();
  for (const v1::Round& round : state.rounds()) {
    for (const v1::TablePairing& table : round.pairings()) {
      if (table.decider_winner() != 0)
        document.deciders.push_back({round.number(), table.decider_winner()});
    }
  }
  return tn::WriteTrfDocument(document);
}

std::string ExportCsv(const v1::StoredTournament& state) {
  std::string out = "number,name,id,unit,sex,birth_date,rating\n";
  for (const v1::TournamentPlayer& p : state.tournament().players()) {
    const v1::Entrant& e = p.entrant();
    // Every text cell is guarded against spreadsheets that would run it as a
    // formula (ParseEntryCsv takes the guards away).
    absl::StrAppend(&out, p.number(), ",", tn::CsvTextField(e.name()), ",",
                    tn::CsvTextField(e.id()), ",", tn::CsvTextField(e.unit()),
                    ",", tn::CsvTextField(e.sex()), ",",
                    tn::CsvTextField(e.birth_date()), ",", e.rating(), "\n");
  }
  return out;
}

std::string ExportPgnRound(const v1::StoredTournament& state, int round,
                           const std::vector<v1::Game>& games) {
  const v1::Tournament& t = state.tournament();
  const bool gomoku = t.kind() == v1::GAME_KIND_GOMOKU;
  const v1::Round& r = state.rounds(round - 1);
  std::string out;
  for (int i = 0; i < r.pairings_size(); ++i) {
    const v1::TablePairing& table = r.pairings(i);
    if (table.black() == 0) continue;
    const v1::Game& game =
        i < static_cast<int>(games.size()) ? games[i] : v1::Game();
    auto player = [&](int number) {
      return absl::StrCat(t.players(number - 1).entrant().name(), " (", number,
                          ")");
    };
    AddTag(&out, "Game", gomoku ? "Gomoku" : "Chinese Chess");
    AddTag(&out, "Event", t.title());
    AddTag(&out, "Round", absl::StrCat(round));
    AddTag(&out, "Table", absl::StrCat(table.table()));
    // Gomoku: the table's red is the player who started with black stones.
    AddTag(&out, gomoku ? "Black" : "Red", player(table.red()));
    AddTag(&out, gomoku ? "White" : "Black", player(table.black()));
    AddTag(&out, "Result", PgnResult(table.result()));
    if (!game.name().empty()) AddTag(&out, "Site", game.name());
    if (!game.time_control().empty())
      AddTag(&out, "TimeControl", game.time_control());
    if (!gomoku && !game.start_fen().empty())
      AddTag(&out, "FEN", game.start_fen());
    if (!gomoku) AddTag(&out, "Format", "ICCS");
    if (!table.arbiter_reason().empty())
      AddTag(&out, "Annotator",
             absl::StrCat("arbiter: ", table.arbiter_reason()));
    out += "\n";
    std::string line;
    for (int ply = 0; ply < game.moves_size(); ++ply) {
      std::string token = ply % 2 == 0
                              ? absl::StrCat(ply / 2 + 1, ". ", game.moves(ply))
                              : game.moves(ply);
      if (line.size() + token.size() + 1 > 79) {
        absl::StrAppend(&out, line, "\n");
        line.clear();
      }
      absl::StrAppend(&line, line.empty() ? "" : " ", token);
    }
    const char* result = PgnResult(table.result());
    if (line.size() + 4 > 79) {
      absl::StrAppend(&out, line, "\n");
      line.clear();
    }
    absl::StrAppend(&out, line, line.empty() ? "" : " ", result, "\n\n");
  }
  return out;
}

}  // namespace caipan::services::tournament
