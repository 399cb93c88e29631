#include "engine/tournament/trf.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "engine/tournament/event.h"
#include "engine/tournament/trf_compare.h"

namespace caipan::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

std::string ReadData(const std::string& name) {
  std::ifstream in(std::string(CAIPAN_TEST_DATA_DIR) + "/tournament/" + name,
                   std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The message of a parse that must fail.
std::string ErrorOf(std::string_view text) {
  absl::StatusOr<TrfDocument> document = ParseTrfDocument(text);
  if (document.ok()) return "(parsed)";
  EXPECT_EQ(document.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(document.status().message());
}

// A 001 line laid out in its columns (rounds as "  OOOO C R" blocks).
std::string PlayerLine(int number, std::string_view name,
                       std::string_view rounds = "") {
  std::string line = absl::StrFormat("001 %4d m    %-33s", number, name);
  line += std::string(91 - line.size(), ' ');
  line += rounds.empty() ? "" : std::string(rounds).substr(2);
  return line;
}

Player NewPlayer(int number, const std::string& name) {
  Player player;
  player.number = number;
  player.name = name;
  return player;
}

RoundEntry Game(int opponent, Side side, RoundResult result) {
  RoundEntry entry;
  entry.opponent = opponent;
  entry.side = side;
  entry.result = result;
  return entry;
}

RoundEntry Bye(RoundResult result) {
  RoundEntry entry;
  entry.result = result;
  return entry;
}

TEST(TrfTest, ReadsTheHandWrittenSwiss) {
  absl::StatusOr<TrfDocument> document =
      ParseTrfDocument(ReadData("swiss7_round3.trf"));
  ASSERT_TRUE(document.ok()) << document.status();
  EXPECT_THAT(document->warnings, ::testing::IsEmpty());
  const Event& event = document->event;
  EXPECT_EQ(event.name, "Test Open 2017");
  EXPECT_EQ(event.total_rounds, 5);
  EXPECT_EQ(event.time_control, "1200+5");
  EXPECT_EQ(event.scoring.win, 2);
  EXPECT_EQ(event.scoring.draw, 1);
  EXPECT_EQ(event.scoring.loss, 0);
  // 162's W covers forfeit wins and byes worth a win; P defaults to W.
  EXPECT_EQ(event.scoring.forfeit_win, 2);
  EXPECT_EQ(event.scoring.full_bye, 2);
  EXPECT_EQ(event.scoring.pairing_bye, 2);
  EXPECT_EQ(event.scoring.half_bye, 1);
  // No A in 162: FIDE's default 0.
  EXPECT_EQ(event.scoring.forfeit_loss, 0);
  EXPECT_EQ(event.scoring.zero_bye, 0);

  const TrfHeader& header = document->header;
  EXPECT_EQ(header.city, "Yulin");
  EXPECT_EQ(header.start_date, (Date{2017, 8, 19}));
  EXPECT_EQ(header.end_date, (Date{2017, 8, 20}));
  EXPECT_EQ(header.type, "Individual: Swiss-System");
  EXPECT_EQ(header.chief_arbiter, "Chen Arbiter");
  EXPECT_EQ(header.allotted_times, "20'+5\"");
  EXPECT_EQ(header.tiebreaks, "opp,wins,fouls");

  ASSERT_EQ(event.players.size(), 7u);
  const Player& zhang = event.players[0];
  EXPECT_EQ(zhang.number, 1);
  EXPECT_EQ(zhang.name, "Zhang, San");
  EXPECT_EQ(zhang.sex, Sex::kMale);
  EXPECT_EQ(zhang.rating, 1850);
  EXPECT_EQ(zhang.id, "1001");
  EXPECT_EQ(zhang.birth_date, (Date{1990, 5, 17}));
  EXPECT_EQ(zhang.unit, "Yulin");
  EXPECT_EQ(document->players_info[0].federation, "CHN");
  EXPECT_EQ(event.players[1].sex, Sex::kFemale);
  EXPECT_EQ(event.players[2].unit, "Yulin");
  EXPECT_EQ(event.players[3].birth_date, (Date{2008, 0, 0}));
  EXPECT_EQ(event.players[5].sex, Sex::kUnknown);
  EXPECT_EQ(event.players[5].fouls, 1);
  EXPECT_TRUE(event.players[6].withdrawn);
  EXPECT_FALSE(event.players[5].withdrawn);

  // Zhang: won with red against 5, won with black against 6, paired with red
  // against 4 in round 3.
  ASSERT_EQ(zhang.rounds.size(), 3u);
  EXPECT_EQ(zhang.rounds[0].opponent, 5);
  EXPECT_EQ(zhang.rounds[0].side, Side::kRed);
  EXPECT_EQ(zhang.rounds[0].result, RoundResult::kWin);
  EXPECT_EQ(zhang.rounds[1].side, Side::kBlack);
  EXPECT_EQ(zhang.rounds[2].opponent, 4);
  EXPECT_EQ(zhang.rounds[2].result, RoundResult::kUnplayed);
  // The forfeit, the pairing bye, the half-point bye, the zero bye.
  EXPECT_EQ(event.players[2].rounds[0].result, RoundResult::kForfeitWin);
  EXPECT_EQ(event.players[6].rounds[0].result, RoundResult::kForfeitLoss);
  EXPECT_EQ(event.players[6].rounds[0].opponent, 3);
  EXPECT_EQ(event.players[3].rounds[0].opponent, 0);
  EXPECT_EQ(event.players[3].rounds[0].side, std::nullopt);
  EXPECT_EQ(event.players[3].rounds[0].result, RoundResult::kPairingBye);
  EXPECT_EQ(event.players[6].rounds[1].result, RoundResult::kHalfBye);
  EXPECT_EQ(event.players[6].rounds[2].result, RoundResult::kZeroBye);
  EXPECT_EQ(event.players[2].rounds[1].result, RoundResult::kDraw);

  // The points column agrees with the results under 2/1/0 (no warning), and
  // by hand: 4, 3, 3, 3, 0, 1, 1.
  const double want[] = {4, 3, 3, 3, 0, 1, 1};
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(PointsAfter(event, event.players[i], 3), want[i]) << i + 1;
  }
  EXPECT_THAT(event.forbidden_pairs, ElementsAre(Pair(1, 3)));
  ASSERT_EQ(document->prohibitions.size(), 1u);
  EXPECT_EQ(document->prohibitions[0].first_round, 1);
  EXPECT_EQ(document->prohibitions[0].last_round, 5);
}

TEST(TrfTest, HandWrittenSwissRoundTrips) {
  absl::StatusOr<TrfDocument> first =
      ParseTrfDocument(ReadData("swiss7_round3.trf"));
  ASSERT_TRUE(first.ok()) << first.status();
  const std::string written = WriteTrfDocument(*first);
  absl::StatusOr<TrfDocument> second = ParseTrfDocument(written);
  ASSERT_TRUE(second.ok()) << second.status() << "\n" << written;
  EXPECT_EQ(TrfDocumentDifference(*first, *second), "") << written;
  EXPECT_THAT(second->warnings, ::testing::IsEmpty());
  // Written again, the text is the same.
  EXPECT_EQ(WriteTrfDocument(*second), written);
}

TEST(TrfTest, WritesTheColumnsOfTrf2026) {
  Event event;
  event.name = "小组赛";
  event.total_rounds = 3;
  event.time_control = "W360+3-B240+3";
  event.players = {NewPlayer(1, "张三"), NewPlayer(2, "Li"),
                   NewPlayer(3, "Wu")};
  Player& zhang = event.players[0];
  zhang.id = "CXA-1";
  zhang.unit = "北京";
  zhang.sex = Sex::kMale;
  zhang.birth_date = Date{2005, 3, 9};
  zhang.rating = 1500;
  zhang.rank = 1;
  event.players[1].sex = Sex::kFemale;
  event.players[2].fouls = 2;
  event.players[2].withdrawn = true;
  zhang.rounds = {Game(2, Side::kRed, RoundResult::kWin)};
  event.players[1].rounds = {Game(1, Side::kBlack, RoundResult::kLoss)};
  event.players[2].rounds = {Bye(RoundResult::kPairingBye)};
  event.forbidden_pairs = {{2, 3}};
  event.scoring.forfeit_win = 1;  // 162 cannot say it: the extension does
  const std::string want =
      "012 小组赛\n"
      "062 3\n"
      "142 3\n"
      "XXR 3\n"
      "162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0\n"
      "222 W360+3-B240+3\n"
      // Columns count characters: 张三 takes two of the 33 name columns.
      "001    1 m    张三                                1500           CXA-1 "
      "2005/03/09  2.0    1     2 w 1\n"
      "001    2 w    Li                                                      "
      "           0.0          1 b 0\n"
      "001    3      Wu                                                      "
      "           2.0       0000 - U\n"
      "260 001 003    2    3\n"
      "### caipan points forfeit_win 1.0\n"
      "### caipan unit 0001 北京\n"
      "### caipan fouls 0003 2\n"
      "### caipan withdrawn 0003\n";
  EXPECT_EQ(WriteTrf(event), want);
  absl::StatusOr<Event> back = ParseTrf(want);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(EventDifference(event, *back), "");
}

TEST(TrfTest, PointSystemInFixedColumnsAndCompact) {
  const std::string players = PlayerLine(1, "A", "     2 w 1") + "\n" +
                              PlayerLine(2, "B", "     1 b 0") + "\n";
  // TRF-2026's columns: codes at 6, 15, 24, …
  absl::StatusOr<Event> fixed =
      ParseTrf("162  W 3.0    D 1.0    L 0.0    A-1.0    P 1.5\n" + players);
  ASSERT_TRUE(fixed.ok()) << fixed.status();
  EXPECT_EQ(fixed->scoring.win, 3);
  EXPECT_EQ(fixed->scoring.forfeit_win, 3);
  EXPECT_EQ(fixed->scoring.full_bye, 3);
  EXPECT_EQ(fixed->scoring.draw, 1);
  EXPECT_EQ(fixed->scoring.half_bye, 1);
  EXPECT_EQ(fixed->scoring.zero_bye, -1);
  EXPECT_EQ(fixed->scoring.forfeit_loss, -1);
  EXPECT_EQ(fixed->scoring.pairing_bye, 1.5);
  // A value filling its four columns touches its code.
  absl::StatusOr<Event> wide = ParseTrf("162  W11.5    D 5.0\n" + players);
  ASSERT_TRUE(wide.ok()) << wide.status();
  EXPECT_EQ(wide->scoring.win, 11.5);
  EXPECT_EQ(wide->scoring.pairing_bye, 11.5);
  EXPECT_EQ(wide->scoring.draw, 5);
  // X (unknown result) is read and has no field.
  EXPECT_TRUE(ParseTrf("162 W 2 D 1 L 0 X 1\n" + players).ok());
}

TEST(TrfTest, WithoutPointSystemFideDefaultsAndAWarning) {
  const std::string text =
      PlayerLine(1, "A", "     2 w 1").replace(80, 4, " 2.0") + "\n" +
      PlayerLine(2, "B", "     1 b 0") + "\n";
  absl::StatusOr<TrfDocument> document = ParseTrfDocument(text);
  ASSERT_TRUE(document.ok()) << document.status();
  EXPECT_EQ(document->event.scoring.win, 1);
  EXPECT_EQ(document->event.scoring.draw, 0.5);
  EXPECT_EQ(document->event.scoring.pairing_bye, 1);
  EXPECT_THAT(document->warnings,
              ElementsAre("line 1 column 81: points 2.0, but the results give "
                          "1.0 under FIDE's default point system (no record "
                          "162)"));
}

TEST(TrfTest, TimeControlsTheClocksRunAreNotWarnedAbout) {
  for (const char* control :
       {"1200+5", "1800", "W360+3-B240+3", "S3600:1800", "S1200:600+5",
        "W360+3-B240+3;armageddon", "none"}) {
    absl::StatusOr<TrfDocument> document =
        ParseTrfDocument(absl::StrCat("012 Open\n222 ", control, "\n"));
    ASSERT_TRUE(document.ok()) << control << ": " << document.status();
    EXPECT_EQ(document->event.time_control, control);
    EXPECT_THAT(document->warnings, ::testing::IsEmpty()) << control;
  }
}

TEST(TrfTest, TimeControlTheClocksCannotRunIsAWarningNamingLineAndColumn) {
  // FIDE's classical notation, as other programs write it: kept as written,
  // warned about (column 5 where the value starts, later after blanks).
  const std::string text =
      "012 Open\n"
      "222    40/5400+30:1800+30\n" +
      PlayerLine(1, "A", "     2 w 1") + "\n" +
      PlayerLine(2, "B", "     1 b 0") + "\n";
  absl::StatusOr<TrfDocument> document = ParseTrfDocument(text);
  ASSERT_TRUE(document.ok()) << document.status();
  EXPECT_EQ(document->event.time_control, "40/5400+30:1800+30");
  ASSERT_THAT(document->warnings, ::testing::SizeIs(1));
  EXPECT_THAT(document->warnings[0],
              ::testing::StartsWith("line 2 column 8: time control not "
                                    "understood by caipan's clocks"));
  EXPECT_THAT(document->warnings[0], HasSubstr("40/5400+30:1800+30"));
  // Written back as it was; read again, the same warning.
  const std::string written = WriteTrfDocument(*document);
  EXPECT_THAT(written, HasSubstr("\n222 40/5400+30:1800+30\n"));
  absl::StatusOr<TrfDocument> again = ParseTrfDocument(written);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->event.time_control, "40/5400+30:1800+30");
  EXPECT_THAT(again->warnings,
              ::testing::Contains(HasSubstr("time control not understood")));

  absl::StatusOr<TrfDocument> minutes = ParseTrfDocument("222 90'+30\"\n");
  ASSERT_TRUE(minutes.ok()) << minutes.status();
  EXPECT_THAT(minutes->warnings,
              ElementsAre(::testing::StartsWith("line 1 column 5: ")));
  // An empty 222 says nothing: no warning.
  absl::StatusOr<TrfDocument> empty = ParseTrfDocument("222\n");
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_THAT(empty->warnings, ::testing::IsEmpty());
}

TEST(TrfTest, ExtensionPointsOverride162) {
  const std::string text =
      "### caipan points full_bye 1.0 forfeit_loss -1.0\n"
      "162 W 2.0 D 1.0 L 0.0\n";
  absl::StatusOr<Event> event = ParseTrf(text);
  ASSERT_TRUE(event.ok()) << event.status();
  EXPECT_EQ(event->scoring.win, 2);
  EXPECT_EQ(event->scoring.full_bye, 1);
  EXPECT_EQ(event->scoring.forfeit_loss, -1);
  EXPECT_EQ(event->scoring.zero_bye, 0);
}

TEST(TrfTest, BlankResultsAndShortLines) {
  const std::string text = PlayerLine(1, "A", "     2 w 1     3 b") + "\n" +
                           PlayerLine(2, "B", "     1 b 0") +
                           "\n" +  // stops after round 1
                           PlayerLine(3, "C", "  0000 - F     1 w") + "\n";
  absl::StatusOr<Event> event = ParseTrf(text);
  ASSERT_TRUE(event.ok()) << event.status();
  EXPECT_EQ(event->players[0].rounds[1].result, RoundResult::kUnplayed);
  EXPECT_EQ(event->players[2].rounds[1].result, RoundResult::kUnplayed);
  EXPECT_EQ(event->players[2].rounds[0].result, RoundResult::kFullBye);
  // Round 2 of player 2: not paired, as if written 0000 - Z.
  ASSERT_EQ(event->players[1].rounds.size(), 2u);
  EXPECT_EQ(event->players[1].rounds[1].opponent, 0);
  EXPECT_EQ(event->players[1].rounds[1].result, RoundResult::kZeroBye);
  // Four blanks and a blank result: no opponent, Z.
  absl::StatusOr<Event> blank =
      ParseTrf(PlayerLine(1, "A", "            0000 - U") + "\n");
  ASSERT_TRUE(blank.ok()) << blank.status();
  EXPECT_EQ(blank->players[0].rounds[0].result, RoundResult::kZeroBye);
  EXPECT_EQ(blank->players[0].rounds[1].result, RoundResult::kPairingBye);
}

TEST(TrfTest, ByesAskedForTheRoundToCome) {
  // Round 1 played; 3 asks for a half-point bye in round 2, which nobody
  // else has an entry for yet: they are to be paired.
  const std::string text = PlayerLine(1, "A", "     2 w 1") + "\n" +
                           PlayerLine(2, "B", "     1 b 0") + "\n" +
                           PlayerLine(3, "C", "  0000 - U  0000 - H") + "\n" +
                           PlayerLine(4, "D") + "\n";
  absl::StatusOr<Event> event = ParseTrf(text);
  ASSERT_TRUE(event.ok()) << event.status();
  EXPECT_EQ(event->players[0].rounds.size(), 1u);
  EXPECT_EQ(event->players[1].rounds.size(), 1u);
  ASSERT_EQ(event->players[2].rounds.size(), 2u);
  EXPECT_EQ(event->players[2].rounds[1].result, RoundResult::kHalfBye);
  // 4 has no block: not paired in round 1 (Z), nothing for round 2.
  ASSERT_EQ(event->players[3].rounds.size(), 1u);
  EXPECT_EQ(event->players[3].rounds[0].result, RoundResult::kZeroBye);
  absl::StatusOr<Event> back = ParseTrf(WriteTrf(*event));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(EventDifference(*event, *back), "");
}

TEST(TrfTest, RefusesMillionsOfRoundEntries) {
  // One line of 999 rounds among 9999 players would make ten million.
  std::string text;
  std::string rounds;
  for (int r = 0; r < 999; ++r) rounds += "  0000 - U";
  text += PlayerLine(1, "A", rounds) + "\n";
  for (int i = 2; i <= 9999; ++i) text += absl::StrFormat("001 %4d\n", i);
  EXPECT_THAT(ErrorOf(text),
              HasSubstr("line 9999: 9999 players and 999 rounds: more than "
                        "2000000 round entries"));
}

TEST(TrfTest, LetterResultsAndDoubleForfeit) {
  const std::string text = PlayerLine(1, "A", "     2 W W     3 - -") + "\n" +
                           PlayerLine(2, "B", "     1 B L  0000   z") + "\n" +
                           PlayerLine(3, "C", "  0000 - h     1 - -") + "\n";
  absl::StatusOr<Event> event = ParseTrf(text);
  ASSERT_TRUE(event.ok()) << event.status();
  EXPECT_EQ(event->players[0].rounds[0].result, RoundResult::kWin);
  EXPECT_EQ(event->players[1].rounds[0].result, RoundResult::kLoss);
  EXPECT_EQ(event->players[1].rounds[1].result, RoundResult::kZeroBye);
  EXPECT_EQ(event->players[2].rounds[0].result, RoundResult::kHalfBye);
  EXPECT_EQ(event->players[0].rounds[1].result, RoundResult::kForfeitLoss);
  EXPECT_EQ(event->players[2].rounds[1].result, RoundResult::kForfeitLoss);
}

TEST(TrfTest, ChineseNamesCountCharacters) {
  // 欧阳明月 is four characters (12 bytes) of the 33 name columns.
  const std::string line =
      absl::StrCat("001    1 w    欧阳明月", std::string(29, ' '),
                   " 1800 CHN    12345678 ", "2009/01/02  0.0    1");
  absl::StatusOr<Event> event = ParseTrf(line + "\n");
  ASSERT_TRUE(event.ok()) << event.status();
  EXPECT_EQ(event->players[0].name, "欧阳明月");
  EXPECT_EQ(event->players[0].rating, 1800);
  EXPECT_EQ(event->players[0].id, "12345678");
  EXPECT_EQ(event->players[0].birth_date, (Date{2009, 1, 2}));
  EXPECT_EQ(event->players[0].rank, 1);
}

TEST(TrfTest, LongFieldsGoToTheExtension) {
  Event event;
  event.players = {NewPlayer(1, std::string(40, 'x') + " 长名字")};
  event.players[0].id = "CXA-2017-000123";
  event.players[0].rating = -5;
  event.players[0].rank = 12345;
  const std::string text = WriteTrf(event);
  EXPECT_THAT(text, HasSubstr("### caipan name 0001 " + event.players[0].name));
  EXPECT_THAT(text, HasSubstr("### caipan id 0001 CXA-2017-000123\n"));
  EXPECT_THAT(text, HasSubstr("### caipan rating 0001 -5\n"));
  EXPECT_THAT(text, HasSubstr("### caipan rank 0001 12345\n"));
  absl::StatusOr<Event> back = ParseTrf(text);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(EventDifference(event, *back), "");
}

TEST(TrfTest, DecidersOfKnockoutMatches) {
  const std::string text = PlayerLine(1, "A", "     2 w =") + "\n" +
                           PlayerLine(2, "B", "     1 b =") + "\n" +
                           "### caipan decider 001 0002\n";
  absl::StatusOr<TrfDocument> document = ParseTrfDocument(text);
  ASSERT_TRUE(document.ok()) << document.status();
  ASSERT_EQ(document->deciders.size(), 1u);
  EXPECT_EQ(document->deciders[0].round, 1);
  EXPECT_EQ(document->deciders[0].winner, 2);
  const std::string written = WriteTrfDocument(*document);
  EXPECT_THAT(written, HasSubstr("\n### caipan decider 001 0002\n"));
  absl::StatusOr<TrfDocument> again = ParseTrfDocument(written);
  ASSERT_TRUE(again.ok()) << again.status();
  ASSERT_EQ(again->deciders.size(), 1u);
  EXPECT_EQ(again->deciders[0].winner, 2);
  EXPECT_THAT(ErrorOf(text + "### caipan decider 1 2\n"),
              HasSubstr("line 4: caipan extension: decider of round 1 for "
                        "0002 is given again (first on line 3)"));
  EXPECT_THAT(ErrorOf("### caipan decider 1\n"),
              HasSubstr("line 1: caipan extension: decider: expected a round "
                        "and the winner's start number"));
  EXPECT_THAT(ErrorOf(text + "### caipan decider 1 3\n"),
              HasSubstr("line 4: caipan extension: decider: 0003 is not a "
                        "player"));
}

TEST(TrfTest, LineEndsAndByteOrderMark) {
  const std::string lf =
      "012 Ends\n" + PlayerLine(1, "A") + "\n" + PlayerLine(2, "B") + "\n";
  for (const std::string& text :
       {lf, "\xEF\xBB\xBF" + lf, absl::StrReplaceAll(lf, {{"\n", "\r\n"}}),
        absl::StrReplaceAll(lf, {{"\n", "\r"}})}) {
    absl::StatusOr<Event> event = ParseTrf(text);
    ASSERT_TRUE(event.ok()) << event.status();
    EXPECT_EQ(event->name, "Ends");
    EXPECT_EQ(event->players.size(), 2u);
  }
  // Line numbers count CRLF once.
  EXPECT_THAT(ErrorOf("012 x\r\n\r\n001 x\r\n"), HasSubstr("line 3 column"));
}

TEST(TrfTest, OtherRecordsAreKept) {
  const std::string text =
      "012 Kept\n"
      "132                                                                    "
      "                       17/08/19  17/08/19\n"
      "BBU 1.0\n" +
      PlayerLine(1, "A") + "\nDAT 0001 EMAIL a@example.org\n";
  absl::StatusOr<TrfDocument> document = ParseTrfDocument(text);
  ASSERT_TRUE(document.ok()) << document.status();
  ASSERT_EQ(document->other_records.size(), 3u);
  EXPECT_EQ(document->other_records[1], "BBU 1.0");
  absl::StatusOr<TrfDocument> again =
      ParseTrfDocument(WriteTrfDocument(*document));
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(TrfDocumentDifference(*document, *again), "");
}

TEST(TrfTest, ForbiddenPairsByRound) {
  std::string text;
  for (int i = 1; i <= 6; ++i) text += PlayerLine(i, "P") + "\n";
  text +=
      "260 001 001    5    2    4\n"  // same unit: round 1 only
      "260 002 005    1    6\n"
      "260 001 005    4    2\n";
  absl::StatusOr<TrfDocument> document = ParseTrfDocument(text);
  ASSERT_TRUE(document.ok()) << document.status();
  EXPECT_THAT(document->event.forbidden_pairs,
              ElementsAre(Pair(2, 5), Pair(4, 5), Pair(2, 4), Pair(1, 6)));
  EXPECT_THAT(ForbiddenPairsInRound(*document, 1),
              ElementsAre(Pair(2, 5), Pair(4, 5), Pair(2, 4)));
  EXPECT_THAT(ForbiddenPairsInRound(*document, 3),
              ElementsAre(Pair(1, 6), Pair(2, 4)));
  EXPECT_THAT(ForbiddenPairsInRound(*document, 6), ::testing::IsEmpty());
  // A pair set on the event without a record holds in every round.
  document->event.forbidden_pairs.emplace_back(6, 3);
  EXPECT_THAT(ForbiddenPairsInRound(*document, 6), ElementsAre(Pair(3, 6)));
}

TEST(TrfTest, ErrorsNameLineAndColumn) {
  const std::string a1 = PlayerLine(1, "A", "     2 w 1");
  const std::string b1 = PlayerLine(2, "B", "     1 b 0");
  struct Case {
    std::string text;
    std::string message;
  };
  const Case cases[] = {
      {"012 x\n001 abcd\n",
       "line 2 column 5: start number: expected a number 1..9999, got "
       "\"abcd\""},
      {"001    1 m    Name shifted one column to the right  1800\n",
       "line 1 column 48: expected a blank between fields"},
      {PlayerLine(1, "A", "     2 w 7") + "\n" + b1 + "\n",
       "line 1 column 99: round 1: result: expected one of 1 = 0 + - U H F Z "
       "(or W D L), got \"7\""},
      {PlayerLine(1, "A", "     2 r 1") + "\n" + b1 + "\n",
       "line 1 column 97: round 1: colour: expected w, b or -, got \"r\""},
      {PlayerLine(1, "A", "     2 - 1") + "\n" + b1 + "\n",
       "line 1 column 97: round 1: a game needs a colour, w or b"},
      {PlayerLine(1, "A", "     0 w 1") + "\n",
       "line 1 column 92: round 1: a game needs an opponent"},
      {PlayerLine(1, "A", "     2 - U") + "\n",
       "line 1 column 92: round 1: a bye (U) is written against 0000, not "
       "0002"},
      {PlayerLine(1, "A", "     1 w 1") + "\n",
       "line 1 column 92: round 1: a player cannot meet itself"},
      {a1 + "\n" + PlayerLine(2, "B", "     1 w 0") + "\n",
       "line 1 column 97: round 1: 0001 (line 1) and 0002 (line 2) both have "
       "w"},
      {a1 + "\n" + PlayerLine(2, "B", "     1 b =") + "\n",
       "line 1 column 99: round 1: the results of 0001 (line 1) and 0002 "
       "(line 2) disagree: \"1\" and \"=\""},
      {a1 + "\n" + PlayerLine(2, "B", "  0000 - U") + "\n",
       "line 1 column 92: round 1: 0001 meets 0002, but line 2 gives 0002 no "
       "opponent"},
      {PlayerLine(1, "A", "     3 w 1") + "\n" + b1 + "\n",
       "line 1 column 92: round 1: opponent 0003 is not a player (start "
       "numbers run 1 to 2)"},
      {PlayerLine(1, "A") + "\n" + PlayerLine(3, "C") + "\n",
       "line 2 column 5: start numbers must run 1, 2, 3, …: 0002 is missing"},
      {PlayerLine(1, "A") + "\n" + PlayerLine(1, "C") + "\n",
       "line 2 column 5: start number 0001 is given again (also on line 1)"},
      {"XXR 1\n" + PlayerLine(1, "A", "  0000 - U  0000 - U") + "\n",
       "line 2 column 102: round 2 but the event has 1 rounds"},
      {"012 a\n012 b\n", "line 2 column 1: record 012 is given again"},
      {"142 5\nXXR 7\n", "line 2 column 5: number of rounds 7 differs"},
      {"XXR seven\n",
       "line 1 column 5: number of rounds: expected a number 1..999"},
      {"042 2017/02/30\n", "line 1 column 5: no such date \"2017/02/30\""},
      {"052 20.8.2017\n", "line 1 column 5: expected a date YYYY/MM/DD"},
      {"162 W 2.0 Q 1.0\n",
       "line 1 column 11: point system: expected a result code W, D, L, A, P "
       "or X, got \"Q\""},
      {"162 W 2.0 W 1.0\n", "line 1 column 11: point system: W is given twice"},
      {"162 W two\n", "line 1 column 7: point system: W: expected points"},
      {"162\n", "line 1 column 5: point system: no codes"},
      {PlayerLine(1, "A") + "\n260 001 002    1    4\n",
       "line 2: prohibited pairing: 0004 is not a player"},
      {"260 001 002    1\n",
       "line 1 column 5: prohibited pairing: expected the first and last "
       "round and two or more start numbers"},
      {"260 003 002    1    2\n",
       "line 1 column 9: prohibited pairing: last round 2 before the first"},
      {"260 001 002    1    1\n",
       "line 1 column 21: prohibited pairing: 0001 is listed twice"},
      {"### caipan foul 0001 2\n",
       "line 1 column 12: caipan extension: unknown key \"foul\""},
      {"### caipan fouls 0001 two\n",
       "line 1 column 23: caipan extension: fouls: expected a number"},
      {"### caipan unit 0001\n", "line 1: caipan extension: unit: no value"},
      {"### caipan withdrawn 0001 yes\n",
       "line 1 column 27: caipan extension: withdrawn: nothing may follow the "
       "start number"},
      {PlayerLine(1, "A") + "\n### caipan unit 0002 X\n",
       "line 2: caipan extension: unit: 0002 is not a player"},
      {"### caipan points win\n",
       "line 1: caipan extension: points: win has no value"},
      {"### caipan points bye 2.0\n",
       "line 1 column 19: caipan extension: points: unknown field \"bye\""},
      {PlayerLine(1, "A") + "\n### caipan unit 1 X\n### caipan unit 1 Y\n",
       "line 3: caipan extension: unit of 0001 is given again (first on line "
       "2)"},
      {"012 a\tb\n", "line 1 column 6: a tab"},
      {"012 a\x01"
       "b\n",
       "line 1 column 6: control character \\x01"},
      {"012 \xD5\xC5\xC8\xFD\n",
       "line 1 column 5: byte \\xd5 is not UTF-8 (convert the file to UTF-8)"},
      {"hello\n", "line 1 column 1: not a TRF record"},
      {" 001    1\n", "line 1 column 1: not a TRF record"},
      {"001    1 x\n", "line 1 column 10: sex: expected m, w or a blank"},
      {PlayerLine(1, "A").replace(48, 4, "12a4") + "\n",
       "line 1 column 49: rating: expected a number 0..9999"},
      {PlayerLine(1, "A").replace(69, 10, "1990/13/01") + "\n",
       "line 1 column 70: birth date: no such date"},
      {PlayerLine(1, "A").replace(80, 4, "four") + "\n",
       "line 1 column 81: points: expected points"},
      {PlayerLine(1, "A", "  0000 - U").replace(95, 1, "x") + "\n",
       "line 1 column 96: round 1: expected a blank between opponent"},
  };
  for (const Case& c : cases) {
    EXPECT_THAT(ErrorOf(c.text), HasSubstr(c.message)) << c.text;
  }
}

TEST(TrfTest, RefusesOversizedInputBeforeReading) {
  const std::string big(kMaxTrfBytes + 1, '#');
  EXPECT_THAT(ErrorOf(big), HasSubstr("more than 8388608 (8 MiB)"));
}

TEST(TrfTest, OrdinaryCommentsMayHoldAnything) {
  absl::StatusOr<Event> event =
      ParseTrf("### \xFF\t\x01 anything\n###caipan is not the extension\n");
  EXPECT_TRUE(event.ok()) << event.status();
}

// Random valid events: every field the model has, games paired both ways.
Event RandomEvent(std::mt19937& rng) {
  auto pick = [&rng](int n) { return static_cast<int>(rng() % n); };
  static const char* const kNames[] = {"张三",     "李四", "Wang, Wu",
                                       "欧阳明月", "A",    "Ivanov, Ivan"};
  Event event;
  if (pick(2)) event.name = "公开赛 " + std::to_string(pick(100));
  const int n = pick(14);
  const int rounds = n == 0 ? 0 : pick(8);
  event.total_rounds = pick(3) == 0 ? 0 : rounds + pick(3);
  if (event.total_rounds == 0 && rounds > 0 && pick(2)) {
    event.total_rounds = rounds;
  }
  if (pick(2)) event.time_control = pick(2) ? "1200+5" : "W360+3-B240+3";
  auto points = [&pick]() { return (pick(9) - 2) * 0.5; };
  if (pick(2)) {
    event.scoring = {points(), points(), points(), points(), points(),
                     points(), points(), points(), points()};
  }
  for (int i = 1; i <= n; ++i) {
    Player p;
    p.number = i;
    p.name = kNames[pick(6)];
    if (pick(8) == 0) p.name = std::string(30 + pick(10), 'y') + "名";
    if (pick(2)) p.id = std::to_string(rng() % 100000000);
    if (pick(8) == 0) p.id = "ID with more than eleven";
    if (pick(2)) p.unit = pick(2) ? "榆林" : "Nanning school";
    p.sex = static_cast<Sex>(pick(3));
    if (pick(2)) p.birth_date = Date{1950 + pick(70), pick(13), 0};
    if (p.birth_date && p.birth_date->month > 0) {
      p.birth_date->day = 1 + pick(28);
    }
    p.rating = pick(3) == 0 ? 0 : pick(3000);
    if (pick(20) == 0) p.rating = -pick(100);
    p.rank = pick(2) ? 0 : 1 + pick(n);
    p.fouls = pick(3) == 0 ? pick(4) : 0;
    p.withdrawn = pick(6) == 0;
    event.players.push_back(p);
  }
  for (int r = 0; r < rounds; ++r) {
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    const int paired = 2 * pick(n / 2 + 1);
    for (int k = 0; k + 1 < paired; k += 2) {
      Player& a = event.players[order[k]];
      Player& b = event.players[order[k + 1]];
      RoundEntry ea = Game(b.number, Side::kRed, RoundResult::kWin);
      RoundEntry eb = Game(a.number, Side::kBlack, RoundResult::kLoss);
      switch (pick(8)) {
        case 0:
          ea.result = RoundResult::kDraw;
          eb.result = RoundResult::kDraw;
          break;
        case 1:
          ea.result = RoundResult::kForfeitWin;
          eb.result = RoundResult::kForfeitLoss;
          if (pick(2)) ea.side = eb.side = std::nullopt;
          break;
        case 2:
          ea.result = eb.result = RoundResult::kUnplayed;
          break;
        case 3:
          ea.result = RoundResult::kLoss;
          eb.result = RoundResult::kWin;
          break;
        default:
          ea.result = RoundResult::kWin;
          eb.result = RoundResult::kLoss;
      }
      a.rounds.push_back(ea);
      b.rounds.push_back(eb);
    }
    static const RoundResult kByes[] = {
        RoundResult::kPairingBye, RoundResult::kHalfBye, RoundResult::kFullBye,
        RoundResult::kZeroBye, RoundResult::kForfeitLoss};
    for (int k = paired; k < n; ++k) {
      event.players[order[k]].rounds.push_back(Bye(kByes[pick(5)]));
    }
  }
  for (int k = pick(4); k > 0 && n >= 2; --k) {
    const int a = 1 + pick(n);
    const int b = 1 + pick(n);
    if (a == b) continue;
    const std::pair<int, int> pair = std::minmax(a, b);
    if (std::find(event.forbidden_pairs.begin(), event.forbidden_pairs.end(),
                  pair) == event.forbidden_pairs.end()) {
      event.forbidden_pairs.push_back(pair);
    }
  }
  return event;
}

TEST(TrfTest, RandomEventsRoundTrip) {
  std::mt19937 rng(2017);
  for (int i = 0; i < 3000; ++i) {
    const Event event = RandomEvent(rng);
    const std::string text = WriteTrf(event);
    absl::StatusOr<TrfDocument> back = ParseTrfDocument(text);
    ASSERT_TRUE(back.ok()) << "event " << i << ": " << back.status() << "\n"
                           << text;
    ASSERT_EQ(EventDifference(event, back->event), "") << "event " << i << "\n"
                                                       << text;
    // The points column the writer fills agrees with the results.
    ASSERT_THAT(back->warnings, ::testing::IsEmpty()) << text;
    ASSERT_EQ(WriteTrfDocument(*back), text) << "event " << i;
  }
}

}  // namespace
}  // namespace caipan::tournament
