// Free text in exported files: one line of UTF-8, CSV cells guarded against
// spreadsheet formulas and read back unchanged.
#include "engine/tournament/export_text.h"

#include <string>

#include "engine/tournament/entry_csv.h"
#include "gtest/gtest.h"

namespace caipan::tournament {
namespace {

TEST(OneLineTest, ControlsAndLineSeparatorsBecomeSpaces) {
  EXPECT_EQ(OneLine("a\nb\rc\td\x01"
                    "e\x7f"),
            "a b c d e ");
  // NEL (C1) and U+2028 / U+2029: Python's splitlines breaks there.
  EXPECT_EQ(OneLine("x\xC2\x85y\xE2\x80\xA8z\xE2\x80\xA9"), "x y z ");
  // Characters near them are kept.
  EXPECT_EQ(OneLine("\xC2\xA0\xE2\x80\xA7王天一"),
            "\xC2\xA0\xE2\x80\xA7王天一");
}

TEST(OneLineTest, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  EXPECT_EQ(OneLine("a\xFF"
                    "b\xE7\x8E"),
            "a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(GuardCsvTextTest, FormulaStartsAreGuarded) {
  EXPECT_EQ(GuardCsvText("=HYPERLINK(\"http://x\")"),
            "'=HYPERLINK(\"http://x\")");
  EXPECT_EQ(GuardCsvText("+1"), "'+1");
  EXPECT_EQ(GuardCsvText("-2+3"), "'-2+3");
  EXPECT_EQ(GuardCsvText("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(GuardCsvText("\tx"), "'\tx");
  EXPECT_EQ(GuardCsvText("\rx"), "'\rx");
  // After blanks or quotes, and where a reader splitting on ; or , would
  // start a new cell.
  EXPECT_EQ(GuardCsvText("  =1"), "  '=1");
  EXPECT_EQ(GuardCsvText("\"=1"), "\"'=1");
  EXPECT_EQ(GuardCsvText("Wang;=cmd|' /C calc'!A0"),
            "Wang;'=cmd|' /C calc'!A0");
  EXPECT_EQ(GuardCsvText("a, -1"), "a, '-1");
  // Ordinary names are left alone, a - inside a name too.
  EXPECT_EQ(GuardCsvText("王天一"), "王天一");
  EXPECT_EQ(GuardCsvText("Jean-Luc"), "Jean-Luc");
  EXPECT_EQ(GuardCsvText(""), "");
}

TEST(GuardCsvTextTest, UnguardGivesBackTheText) {
  for (const char* text :
       {"=1", "'=1", "''", "'", "a'b", "x;'y", "x;''-y", "=a;=b,=c", " ' ",
        "\"'-\"", "@", "Jean-Luc", "O'Neil", "'abc", "-", ";", ",;,=", ""}) {
    EXPECT_EQ(UnguardCsvText(GuardCsvText(text)), text) << text;
  }
}

TEST(CsvTextFieldTest, QuotedWhenItHoldsSeparatorsQuotesOrAGuard) {
  EXPECT_EQ(CsvTextField("Wang"), "Wang");
  EXPECT_EQ(CsvTextField("=1+1"), "\"'=1+1\"");
  EXPECT_EQ(CsvTextField("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvTextField("a;b"), "\"a;b\"");
  EXPECT_EQ(CsvTextField("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(CsvTextField("line\nbreak"), "line break");
}

TEST(CsvTextFieldTest, EntryListReadsHostileNamesBack) {
  const std::string names[] = {"=cmd|' /C calc'!A0",
                               "+SUM(1)",
                               "-1",
                               "@A1",
                               "'=x",
                               "Wang;=1",
                               "a,\"b\"",
                               "王天一",
                               "O'Neil",
                               "x\\\"]\\[Result"};
  std::string csv = "name\n";
  for (const std::string& name : names) csv += CsvTextField(name) + "\n";
  absl::StatusOr<std::vector<Player>> players = ParseEntryCsv(csv);
  ASSERT_TRUE(players.ok()) << players.status();
  ASSERT_EQ(players->size(), std::size(names));
  for (size_t i = 0; i < std::size(names); ++i) {
    EXPECT_EQ((*players)[i].name, names[i]);
  }
}

}  // namespace
}  // namespace caipan::tournament
