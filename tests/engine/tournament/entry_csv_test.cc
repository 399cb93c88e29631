#include "engine/tournament/entry_csv.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "engine/tournament/event.h"

namespace caipan::tournament {
namespace {

using ::testing::HasSubstr;

std::string ErrorOf(std::string_view text) {
  absl::StatusOr<std::vector<Player>> players = ParseEntryCsv(text);
  if (players.ok()) return "(parsed)";
  EXPECT_EQ(players.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(players.status().message());
}

TEST(EntryCsvTest, ReadsEveryColumn) {
  const std::string text =
      "number,name,id,unit,sex,birth_date,rating\n"
      "2,李四,CXA-2,南宁,女,2005-03-09,1650\n"
      "1,\"Zhang, San\",,\"The \"\"Red\"\" Club\",m,2004/12/31,\n"
      "3,王五,, ,,,\n";
  absl::StatusOr<std::vector<Player>> players = ParseEntryCsv(text);
  ASSERT_TRUE(players.ok()) << players.status();
  ASSERT_EQ(players->size(), 3u);
  const Player& zhang = (*players)[0];
  EXPECT_EQ(zhang.number, 1);
  EXPECT_EQ(zhang.name, "Zhang, San");
  EXPECT_EQ(zhang.unit, "The \"Red\" Club");
  EXPECT_EQ(zhang.sex, Sex::kMale);
  EXPECT_EQ(zhang.birth_date, (Date{2004, 12, 31}));
  EXPECT_EQ(zhang.rating, 0);
  const Player& li = (*players)[1];
  EXPECT_EQ(li.number, 2);
  EXPECT_EQ(li.name, "李四");
  EXPECT_EQ(li.id, "CXA-2");
  EXPECT_EQ(li.unit, "南宁");
  EXPECT_EQ(li.sex, Sex::kFemale);
  EXPECT_EQ(li.birth_date, (Date{2005, 3, 9}));
  EXPECT_EQ(li.rating, 1650);
  const Player& wang = (*players)[2];
  EXPECT_EQ(wang.unit, "");
  EXPECT_EQ(wang.sex, Sex::kUnknown);
  EXPECT_EQ(wang.birth_date, std::nullopt);
  EXPECT_TRUE(wang.rounds.empty());
}

TEST(EntryCsvTest, ChineseHeaderAnyOrderRowNumbers) {
  const std::string text =
      "\xEF\xBB\xBF"
      "姓名, 单位 ,性别,出生日期,等级分,证件号\r\n"
      "张三,榆林,男,2005年3月9日,,\r\n"
      "\r\n"
      ",,,,,\r\n"
      "李四,榆林,F,20060101,1200,110\r\n";
  absl::StatusOr<std::vector<Player>> players = ParseEntryCsv(text);
  ASSERT_TRUE(players.ok()) << players.status();
  ASSERT_EQ(players->size(), 2u);
  EXPECT_EQ((*players)[0].number, 1);
  EXPECT_EQ((*players)[0].name, "张三");
  EXPECT_EQ((*players)[0].unit, "榆林");
  EXPECT_EQ((*players)[0].birth_date, (Date{2005, 3, 9}));
  EXPECT_EQ((*players)[1].number, 2);
  EXPECT_EQ((*players)[1].sex, Sex::kFemale);
  EXPECT_EQ((*players)[1].birth_date, (Date{2006, 1, 1}));
  EXPECT_EQ((*players)[1].rating, 1200);
  EXPECT_EQ((*players)[1].id, "110");
}

TEST(EntryCsvTest, DateForms) {
  const std::pair<std::string, Date> cases[] = {
      {"2005-03-09", {2005, 3, 9}},   {"2005/3/9", {2005, 3, 9}},
      {"2005.03.09", {2005, 3, 9}},   {"20050309", {2005, 3, 9}},
      {"2005年3月9日", {2005, 3, 9}}, {"2005", {2005, 0, 0}},
      {"2008-02-29", {2008, 2, 29}}};
  for (const auto& [text, date] : cases) {
    absl::StatusOr<std::vector<Player>> players =
        ParseEntryCsv("name,birth_date\nA," + text + "\n");
    ASSERT_TRUE(players.ok()) << text << ": " << players.status();
    EXPECT_EQ((*players)[0].birth_date, date) << text;
  }
}

TEST(EntryCsvTest, QuotedFields) {
  // A line break inside quotes is part of the field, and no name or unit may
  // hold one; the row after it is counted from the right line.
  EXPECT_EQ(ErrorOf("name,unit,rating\nA,\"two\nlines\",1\n"),
            "line 2: unit: a line break inside the field");
  EXPECT_EQ(ErrorOf("name,unit,rating\nA,\"x,y\",1\nB,\"\",abc\n"),
            "line 3: rating: expected a whole number 0..9999, got \"abc\"");
  // Blanks around the quotes are dropped, as spreadsheets pad columns.
  absl::StatusOr<std::vector<Player>> players =
      ParseEntryCsv("name , unit\n \"Zhang, San\" , \"\"\"x\"\"\"\n");
  ASSERT_TRUE(players.ok()) << players.status();
  EXPECT_EQ((*players)[0].name, "Zhang, San");
  EXPECT_EQ((*players)[0].unit, "\"x\"");
}

TEST(EntryCsvTest, ErrorsNameLineAndColumn) {
  const std::pair<std::string, std::string> cases[] = {
      {"", "the entry list is empty"},
      {"name,birthdate\n", "line 1: column 2: unknown column \"birthdate\""},
      {"name;id\n", "fields are separated by commas"},
      {"name,id,Name\n", "line 1: column 3: \"Name\" is given twice"},
      {"id,unit\n", "line 1: the header has no name column"},
      {"name,id\nA\n", "line 2: 1 fields, but the header has 2"},
      {"name,id\nA,1,2\n", "line 2: 3 fields, but the header has 2"},
      {"name,id\n\n,1\n", "line 3: name: empty"},
      {"name,sex\nA,x\n", "line 2: sex: expected m, f (or w), male"},
      {"name,birth_date\nA,2005-02-30\n",
       "line 2: birth_date: no such date \"2005-02-30\""},
      {"name,birth_date\nA,9 March 2005\n",
       "line 2: birth_date: expected a date such as 2005-03-09"},
      {"name,rating\nA,-5\n", "line 2: rating: expected a whole number"},
      {"number,name\n1,A\n,B\n", "line 3: number: empty, but other rows"},
      {"number,name\n1,A\n1,B\n",
       "line 3: number: 1 is given again (also on line 2)"},
      {"number,name\n1,A\n3,B\n",
       "line 3: number: 3 is more than the 2 players of the list"},
      {"number,name\n0,A\n", "line 2: number: expected a whole number 1..9999"},
      {"name\n\"A\n", "line 2: field 1: the quote opened here is never closed"},
      {"name\n\"A\"x\n", "line 2: field 1: expected a comma after the closing"},
      {"name\nA\"B\n", "line 2: field 1: a quote inside a field"},
      {"name\n\xB7\xB6\n", "line 2: name: bytes that are not UTF-8"},
      {"name\nA\x01\n", "line 2: name: a control character"},
  };
  for (const auto& [text, message] : cases) {
    EXPECT_THAT(ErrorOf(text), HasSubstr(message)) << text;
  }
}

TEST(EntryCsvTest, RefusesOversizedInput) {
  EXPECT_THAT(ErrorOf(std::string(kMaxEntryCsvBytes + 1, 'a')),
              HasSubstr("more than 8388608 (8 MiB)"));
}

// A field written as a spreadsheet would: quoted when it holds a comma, a
// quote or a blank at either end.
std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"") == std::string::npos) return text;
  return "\"" + absl::StrReplaceAll(text, {{"\"", "\"\""}}) + "\"";
}

TEST(EntryCsvTest, RandomListsReadBack) {
  std::mt19937 rng(20170819);
  static const char* const kNames[] = {"张三", "Li, Si", "O\"Brien", "欧阳",
                                       "a,b,\"c\""};
  static const char* const kSexes[] = {"", "m", "女", "Female"};
  for (int round = 0; round < 2000; ++round) {
    const int n = 1 + static_cast<int>(rng() % 12);
    const bool numbered = rng() % 2;
    std::vector<int> numbers(n);
    for (int i = 0; i < n; ++i) numbers[i] = i + 1;
    std::shuffle(numbers.begin(), numbers.end(), rng);
    std::string text =
        numbered ? "rating,number,name,unit,sex\r\n" : "name,rating,unit,sex\n";
    std::vector<std::string> names(n + 1);
    std::vector<int> ratings(n + 1);
    for (int i = 0; i < n; ++i) {
      const int number = numbered ? numbers[i] : i + 1;
      names[number] = kNames[rng() % 5];
      ratings[number] = static_cast<int>(rng() % 3000);
      const std::string unit = rng() % 2 ? "" : "Unit, " + std::to_string(i);
      const std::string sex = kSexes[rng() % 4];
      if (numbered) {
        absl::StrAppend(&text, ratings[number], ",", number, ",",
                        CsvField(names[number]), ",", CsvField(unit), ",", sex,
                        "\r\n");
      } else {
        absl::StrAppend(&text, CsvField(names[number]), ",", ratings[number],
                        ",", CsvField(unit), ",", sex, "\n");
      }
    }
    absl::StatusOr<std::vector<Player>> players = ParseEntryCsv(text);
    ASSERT_TRUE(players.ok()) << players.status() << "\n" << text;
    ASSERT_EQ(players->size(), static_cast<size_t>(n));
    for (int number = 1; number <= n; ++number) {
      const Player& p = (*players)[number - 1];
      ASSERT_EQ(p.number, number);
      ASSERT_EQ(p.name, names[number]) << text;
      ASSERT_EQ(p.rating, ratings[number]) << text;
    }
  }
}

}  // namespace
}  // namespace caipan::tournament
