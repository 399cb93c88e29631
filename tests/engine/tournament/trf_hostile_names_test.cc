// TRF written for players whose names, ids and units hold line breaks,
// control characters, quotes, brackets, long CJK text or bytes that are not
// UTF-8: every record stays on its line, the fixed columns stay in place
// (counted in characters) and the file reads back.
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_split.h"
#include "engine/tournament/event.h"
#include "engine/tournament/trf.h"
#include "engine/tournament/trf_text.h"
#include "gtest/gtest.h"

namespace caipan::tournament {
namespace {

using trf_internal::TrfLine;

std::string Repeat(std::string_view text, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += text;
  return out;
}

std::vector<std::string> Lines(const std::string& text) {
  return absl::StrSplit(text, '\n');
}

struct Hostile {
  std::string name;
  std::string expected;  // as read back
};

std::vector<Hostile> HostileNames() {
  const std::string long_cjk = Repeat("王天一", 14);           // 42 characters
  const std::string mahjong = Repeat("\xF0\x9F\x80\x84", 40);  // U+1F004
  return {
      {"Wang\nTianyi", "Wang Tianyi"},
      {"a\r\n001    9 m    Fake", "a  001    9 m    Fake"},
      {"tab\there", "tab here"},
      {"\"quoted\" \\back\\ [bracket] {brace} ;",
       "\"quoted\" \\back\\ "
       "[bracket] {brace} ;"},
      {long_cjk, long_cjk},
      {mahjong, mahjong},
      {"line\xE2\x80\xA8sep\xC2\x85nel", "line sep nel"},
      {"  padded  ", "padded"},
      {"bad\xFF\xFE", "bad\xEF\xBF\xBD\xEF\xBF\xBD"},
      {"### caipan withdrawn 0001", "### caipan withdrawn 0001"},
  };
}

Event HostileEvent() {
  Event event;
  event.name = "Open\n012 Injected\r\n### caipan withdrawn 0001";
  event.total_rounds = 1;
  const std::vector<Hostile> names = HostileNames();
  for (size_t i = 0; i < names.size(); ++i) {
    Player player;
    player.number = static_cast<int>(i) + 1;
    player.name = names[i].name;
    player.id = i == 0 ? "ID\n42" : "";
    player.unit = i == 1 ? "Unit\r\n### caipan withdrawn 0002" : "";
    player.rating = 1500 + static_cast<int>(i);
    event.players.push_back(player);
  }
  // One game, so that round columns follow the name.
  event.players[0].rounds.push_back({2, Side::kRed, RoundResult::kWin});
  event.players[1].rounds.push_back({1, Side::kBlack, RoundResult::kLoss});
  return event;
}

TEST(TrfHostileNamesTest, EveryRecordStaysOneCleanLine) {
  const std::string text = WriteTrf(HostileEvent());
  for (const std::string& line : Lines(text)) {
    // TrfLine refuses control characters and bytes that are not UTF-8.
    EXPECT_TRUE(TrfLine::Make(line).ok()) << line;
    EXPECT_EQ(line.find("\xE2\x80\xA8"), std::string::npos) << line;
    EXPECT_EQ(line.find("\xC2\x85"), std::string::npos) << line;
  }
  int injected = 0;
  for (const std::string& line : Lines(text)) {
    if (line.rfind("012", 0) == 0) ++injected;
  }
  EXPECT_EQ(injected, 1) << text;
}

TEST(TrfHostileNamesTest, ColumnsStayInPlaceCountedInCharacters) {
  const std::string text = WriteTrf(HostileEvent());
  int players = 0;
  for (const std::string& line : Lines(text)) {
    if (line.rfind("001", 0) != 0) continue;
    ++players;
    absl::StatusOr<TrfLine> columns = TrfLine::Make(line);
    ASSERT_TRUE(columns.ok()) << line;
    // Rating in 49-52, with blanks on either side.
    EXPECT_EQ(columns->Columns(49, 52), std::to_string(1500 + players - 1))
        << line;
    EXPECT_EQ(columns->At(48), " ") << line;
    EXPECT_EQ(columns->At(53), " ") << line;
  }
  EXPECT_EQ(players, 10);
}

TEST(TrfHostileNamesTest, ReadsBackWithTheNamesAsOneLine) {
  const std::string text = WriteTrf(HostileEvent());
  absl::StatusOr<TrfDocument> document = ParseTrfDocument(text);
  ASSERT_TRUE(document.ok()) << document.status() << "\n" << text;
  const std::vector<Hostile> names = HostileNames();
  ASSERT_EQ(document->event.players.size(), names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    const Player& player = document->event.players[i];
    EXPECT_EQ(player.name, names[i].expected) << i;
    EXPECT_FALSE(player.withdrawn) << i;
  }
  EXPECT_EQ(document->event.players[0].id, "ID 42");
  EXPECT_EQ(document->event.players[1].unit, "Unit  ### caipan withdrawn 0002");
  EXPECT_EQ(document->event.name,
            "Open 012 Injected  ### caipan withdrawn 0001");
  // And again: the written form is stable.
  EXPECT_EQ(WriteTrfDocument(*document),
            WriteTrfDocument(*ParseTrfDocument(WriteTrfDocument(*document))));
}

TEST(TrfHostileNamesTest, BlankUnitAndIdWriteNoEmptyExtensionLine) {
  Event event;
  Player player;
  player.number = 1;
  player.name = "P";
  player.unit = "   ";
  player.id = Repeat(" ", 20);
  event.players.push_back(player);
  absl::StatusOr<Event> back = ParseTrf(WriteTrf(event));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->players[0].unit, "");
  EXPECT_EQ(back->players[0].id, "");
}

}  // namespace
}  // namespace caipan::tournament
