// The exports of a tournament whose entrants have hostile names: CSV cells a
// spreadsheet cannot run as formulas and that read back unchanged, PGN tags
// that stay well-formed (one line each, quotes and backslashes escaped), and
// TRF that reads back.
#include "services/tournament/tournament_export.h"

#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/tournament/entry_csv.h"
#include "engine/tournament/trf.h"
#include "engine/xiangqi/record_lexer.h"
#include "gtest/gtest.h"
#include "services/tournament/tournament_state.h"

namespace caipan::services::tournament {
namespace {

namespace tn = caipan::tournament;
namespace xr = caipan::xiangqi::record_internal;

// What the API accepts (no C0 controls) and spreadsheets or PGN readers
// choke on.
const std::vector<std::string>& ApiNames() {
  static const std::vector<std::string> names = {
      "=HYPERLINK(\"http://evil.example\",\"x\")",
      "+1+1",
      "-2+3",
      "@SUM(A1)",
      "Wang;=1+1",
      "'=already guarded",
      "x\"] [Result \"0-1",
      "back\\slash\\",
      "王天一王天一王天一王天一王天一王天一王天一王天一王天一王天一王天一王天"
      "一",
      "line\xE2\x80\xA8separator\xC2\x85nel",
  };
  return names;
}

v1::StoredTournament HostileTournament() {
  v1::CreateTournamentRequest create;
  create.set_title("Open [\"x\"] \\");
  create.set_kind(v1::GAME_KIND_XIANGQI);
  create.set_system(v1::PAIRING_SYSTEM_ROUND_ROBIN);
  create.set_time_control("1200+5");
  absl::StatusOr<v1::StoredTournament> state =
      NewTournament(create, "tournaments/t1", 1000);
  EXPECT_TRUE(state.ok()) << state.status();
  v1::AddPlayersRequest add;
  for (const std::string& name : ApiNames()) {
    v1::Entrant* entrant = add.add_players();
    entrant->set_name(name);
    entrant->set_unit("-unit,=x");
    entrant->set_id("@id");
  }
  absl::Status added = AddPlayers(add, &*state);
  EXPECT_TRUE(added.ok()) << added;
  return *state;
}

TEST(ExportCsvTest, NoCellStartsAFormula) {
  const std::string csv = ExportCsv(HostileTournament());
  const std::vector<std::string> lines =
      absl::StrSplit(csv, '\n', absl::SkipEmpty());
  for (const std::string& line : lines) {
    // Every cell, split as a comma- or semicolon-separated reader would
    // (quotes ignored), starts with none of = + - @ after blanks and quotes.
    const std::vector<std::string> cells =
        absl::StrSplit(line, absl::ByAnyChar(",;"));
    for (const std::string& cell : cells) {
      const size_t start = cell.find_first_not_of(" \"");
      if (start == std::string::npos) continue;
      EXPECT_EQ(std::string_view("=+-@\t\r").find(cell[start]),
                std::string_view::npos)
          << "cell " << cell << " of line " << line;
    }
  }
}

TEST(ExportCsvTest, ReadsBackUnchanged) {
  const v1::StoredTournament state = HostileTournament();
  absl::StatusOr<std::vector<tn::Player>> players =
      tn::ParseEntryCsv(ExportCsv(state));
  ASSERT_TRUE(players.ok()) << players.status();
  ASSERT_EQ(players->size(), ApiNames().size());
  for (size_t i = 0; i < players->size(); ++i) {
    // U+2028 and NEL become spaces: a CSV row is one line.
    const std::string want =
        i + 1 == players->size() ? "line separator nel" : ApiNames()[i];
    EXPECT_EQ((*players)[i].name, want);
    EXPECT_EQ((*players)[i].unit, "-unit,=x");
    EXPECT_EQ((*players)[i].id, "@id");
  }
}

// A PGN tag pair by the standard: [Name "value"] alone on its line, the value
// printable with \" and \\ its only escapes. Returns the value unescaped.
std::string StrictTagValue(const std::string& line) {
  static const std::regex kTag(
      R"re(^\[[A-Za-z0-9_]+ "((?:[^"\\]|\\["\\])*)"\]$)re");
  std::smatch match;
  EXPECT_TRUE(std::regex_match(line, match, kTag)) << line;
  std::string value;
  const std::string escaped = match.size() > 1 ? match[1].str() : "";
  for (size_t i = 0; i < escaped.size(); ++i) {
    if (escaped[i] == '\\') ++i;
    if (i < escaped.size()) value += escaped[i];
  }
  return value;
}

TEST(ExportPgnTest, TagsStayWellFormed) {
  v1::StoredTournament state = HostileTournament();
  // Names the API would refuse, as older stored data may hold them.
  state.mutable_tournament()->mutable_players(1)->mutable_entrant()->set_name(
      "tab\there\r\n[Result \"0-1\"]");
  absl::StatusOr<std::vector<tn::Pairing>> pairings = PairNextRound(state, 1);
  ASSERT_TRUE(pairings.ok()) << pairings.status();
  AddRound(NewRound(state, 1, *pairings), &state);
  v1::TablePairing* first = state.mutable_rounds(0)->mutable_pairings(0);
  first->set_arbiter_reason(std::string(600, 'r') + "\n\"]");
  const std::string pgn = ExportPgnRound(state, 1, {});

  std::vector<std::string> players;
  int results = 0;
  const std::vector<std::string> lines = absl::StrSplit(pgn, '\n');
  for (const std::string& line : lines) {
    EXPECT_EQ(line.find('\r'), std::string::npos);
    EXPECT_EQ(line.find('\t'), std::string::npos);
    EXPECT_EQ(line.find("\xE2\x80\xA8"), std::string::npos);
    EXPECT_EQ(line.find("\xC2\x85"), std::string::npos);
    if (line.empty() || line[0] != '[') continue;
    const std::string value = StrictTagValue(line);
    EXPECT_LE(value.size(), 255u) << line;
    if (line.rfind("[Red ", 0) == 0 || line.rfind("[Black ", 0) == 0)
      players.push_back(value);
    if (line.rfind("[Result ", 0) == 0) ++results;
  }
  const int tables = state.rounds(0).pairings_size();
  EXPECT_EQ(results, tables);
  EXPECT_EQ(players.size(), static_cast<size_t>(2 * tables));
  // Each name comes back whole, as one line.
  const auto has = [&players](const std::string& name) {
    for (const std::string& p : players)
      if (p.rfind(name + " (", 0) == 0) return true;
    return false;
  };
  EXPECT_TRUE(has("x\"] [Result \"0-1"));
  EXPECT_TRUE(has("back\\slash\\"));
  EXPECT_TRUE(has("tab here  [Result \"0-1\"]"));
  EXPECT_TRUE(has("line separator nel"));

  // caipan's own reader agrees, tag by tag.
  absl::StatusOr<std::vector<xr::RecordToken>> tokens = xr::LexRecord(pgn);
  ASSERT_TRUE(tokens.ok()) << tokens.status();
  int tags = 0;
  for (const xr::RecordToken& token : *tokens) {
    if (token.kind != xr::RecordToken::Kind::kTag) continue;
    ++tags;
    EXPECT_TRUE(token.warning.empty()) << token.warning;
  }
  EXPECT_GE(tags, 6 * tables);
}

TEST(ExportTrfTest, ReadsBackWithTheNames) {
  const v1::StoredTournament state = HostileTournament();
  absl::StatusOr<tn::Event> event = tn::ParseTrf(ExportTrf(state));
  ASSERT_TRUE(event.ok()) << event.status();
  ASSERT_EQ(event->players.size(), ApiNames().size());
  for (size_t i = 0; i + 1 < ApiNames().size(); ++i) {
    EXPECT_EQ(event->players[i].name, ApiNames()[i]);
  }
  EXPECT_EQ(event->players.back().name, "line separator nel");
}

}  // namespace
}  // namespace caipan::services::tournament
