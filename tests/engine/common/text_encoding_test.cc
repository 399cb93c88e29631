// Encoding names, detection of UTF-8, GB18030 and Big5 in both directions,
// conversion round trips and errors naming the byte offset.
#include "engine/common/text_encoding.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/engine/common/encode_for_test.h"

namespace caipan {
namespace {

using ::caipan::testing_util::EncodeFromUtf8;
using ::testing::HasSubstr;

TEST(TextEncodingTest, ParsesNamesInAnyCase) {
  EXPECT_EQ(*ParseTextEncoding("auto"), TextEncoding::kAuto);
  EXPECT_EQ(*ParseTextEncoding("UTF-8"), TextEncoding::kUtf8);
  EXPECT_EQ(*ParseTextEncoding("utf8"), TextEncoding::kUtf8);
  EXPECT_EQ(*ParseTextEncoding("GBK"), TextEncoding::kGb18030);
  EXPECT_EQ(*ParseTextEncoding("gb2312"), TextEncoding::kGb18030);
  EXPECT_EQ(*ParseTextEncoding("Gb18030"), TextEncoding::kGb18030);
  EXPECT_EQ(*ParseTextEncoding("BIG5"), TextEncoding::kBig5);
  absl::StatusOr<TextEncoding> bad = ParseTextEncoding("latin1");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("\"latin1\""));
  for (TextEncoding e : {TextEncoding::kAuto, TextEncoding::kUtf8,
                         TextEncoding::kGb18030, TextEncoding::kBig5}) {
    EXPECT_EQ(*ParseTextEncoding(TextEncodingName(e)), e);
  }
}

TEST(TextEncodingTest, Utf8WithAndWithoutBom) {
  EXPECT_EQ(DetectTextEncoding(""), TextEncoding::kUtf8);
  EXPECT_EQ(DetectTextEncoding("1. h2e2 h9g7"), TextEncoding::kUtf8);
  EXPECT_EQ(DetectTextEncoding("炮二平五 馬８進７"), TextEncoding::kUtf8);
  EXPECT_EQ(DetectTextEncoding("\xEF\xBB\xBF炮二平五"), TextEncoding::kUtf8);
  EXPECT_EQ(*ToUtf8("\xEF\xBB\xBF炮二平五", TextEncoding::kAuto), "炮二平五");
  EXPECT_EQ(*ToUtf8("\xEF\xBB\xBF", TextEncoding::kUtf8), "");
  EXPECT_EQ(*ToUtf8("abc", TextEncoding::kUtf8), "abc");
}

TEST(TextEncodingTest, InvalidUtf8NamesTheOffset) {
  absl::StatusOr<std::string> bad = ToUtf8(
      "\xEF\xBB\xBF"
      "ab\xC3(",
      TextEncoding::kUtf8);
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("byte offset 5"));
  EXPECT_THAT(bad.status().message(), HasSubstr("0xC3"));
  // A byte order mark claims UTF-8 even if what follows is not.
  EXPECT_EQ(DetectTextEncoding("\xEF\xBB\xBF\xA4\xA4"), TextEncoding::kUtf8);
}

// Record text, tags, names and prose, short and long; each must be detected
// in the encoding it was written in, and decode back to the same text.
const std::vector<std::string>& TraditionalSamples() {
  static const auto* const kSamples = new std::vector<std::string>{
      "炮二平五",
      "馬８進７",
      "車",
      "將５平４",
      "前車進一 後炮平五",
      "帥五平六 士４進５ 相七進五 兵三進一 卒７進１",
      "[Event \"2008全國象棋甲級聯賽\"]",
      "[Red \"中華臺北 江中豪\"]",
      "[Black \"許銀川\"] [Result \"1-0\"]",
      "紅方勝",
      "黑勝",
      "和棋",
      "議和",
      "認輸",
      "第二屆大師杯賽",
      "這是一個關於象棋規則的說明，請仔細閱讀。",
      "北京 上海 廣東 臺灣 香港",
      "我們的國家",
      "呂欽",
      "蔣川",
      "1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n3. 車一平二 炮８進４\n",
  };
  return *kSamples;
}

const std::vector<std::string>& SimplifiedSamples() {
  static const auto* const kSamples = new std::vector<std::string>{
      "炮二平五",
      "马８进７",
      "车",
      "将５平４",
      "前车进一 后炮平五",
      "帅五平六 士４进５ 相七进五 兵三进一 卒７进１",
      "[Event \"2008全国象棋甲级联赛\"]",
      "[Red \"广东 许银川\"]",
      "[Black \"吕钦\"] [Result \"0-1\"]",
      "红方胜",
      "黑胜",
      "和棋",
      "议和",
      "认输",
      "超时判负",
      "第二届大师杯赛",
      "这是一个关于象棋规则的说明，请仔细阅读。",
      "北京 上海 广东 台湾 香港",
      "我们的国家",
      "蒋川",
      "1. 炮二平五 马8进7\n2. 马二进三 车9平8\n3. 车一平二 炮8进4\n",
  };
  return *kSamples;
}

TEST(TextEncodingTest, DetectsAndDecodesBig5) {
  for (const std::string& text : TraditionalSamples()) {
    std::string big5 = EncodeFromUtf8(text, "BIG5");
    EXPECT_EQ(DetectTextEncoding(big5), TextEncoding::kBig5) << text;
    absl::StatusOr<std::string> back = ToUtf8(big5, TextEncoding::kAuto);
    ASSERT_TRUE(back.ok()) << text << ": " << back.status();
    EXPECT_EQ(*back, text);
    EXPECT_EQ(*ToUtf8(big5, TextEncoding::kBig5), text);
  }
}

TEST(TextEncodingTest, DetectsAndDecodesGb) {
  for (const std::string& text : SimplifiedSamples()) {
    std::string gb = EncodeFromUtf8(text, "GB18030");
    EXPECT_EQ(DetectTextEncoding(gb), TextEncoding::kGb18030) << text;
    absl::StatusOr<std::string> back = ToUtf8(gb, TextEncoding::kAuto);
    ASSERT_TRUE(back.ok()) << text << ": " << back.status();
    EXPECT_EQ(*back, text);
    EXPECT_EQ(*ToUtf8(gb, TextEncoding::kGb18030), text);
  }
}

// Traditional characters written in GBK (as some Chinese software does) are
// still GB: Big5 reads them as undecodable or rare characters. A name or two
// alone is too short to tell (許銀川 in GBK reads as three plausible Big5
// characters), so only texts of five characters or more are checked.
TEST(TextEncodingTest, TraditionalTextInGbkIsGb) {
  int checked = 0;
  for (const std::string& text : TraditionalSamples()) {
    int characters = 0;
    for (char c : text) characters += (c & 0xC0) == 0xC0;
    if (characters < 5) continue;
    std::string gb = EncodeFromUtf8(text, "GB18030");
    EXPECT_EQ(*ToUtf8(gb, TextEncoding::kGb18030), text);
    EXPECT_EQ(DetectTextEncoding(gb), TextEncoding::kGb18030) << text;
    ++checked;
  }
  EXPECT_GE(checked, 8);
}

TEST(TextEncodingTest, LongerMixedTextKeepsItsEncoding) {
  std::string traditional, simplified;
  for (const std::string& s : TraditionalSamples()) traditional += s + "\n";
  for (const std::string& s : SimplifiedSamples()) simplified += s + "\n";
  EXPECT_EQ(DetectTextEncoding(EncodeFromUtf8(traditional, "BIG5")),
            TextEncoding::kBig5);
  EXPECT_EQ(DetectTextEncoding(EncodeFromUtf8(simplified, "GB18030")),
            TextEncoding::kGb18030);
}

TEST(TextEncodingTest, Gb18030FourByteAndBom) {
  // U+20000 needs four bytes in GB18030; the GB18030 byte order mark goes.
  std::string text = "象\xF0\xA0\x80\x80棋";
  std::string gb = EncodeFromUtf8(text, "GB18030");
  EXPECT_EQ(*ToUtf8(gb, TextEncoding::kGb18030), text);
  std::string with_bom = std::string("\x84\x31\x95\x33") + gb;
  EXPECT_EQ(DetectTextEncoding(with_bom), TextEncoding::kGb18030);
  EXPECT_EQ(*ToUtf8(with_bom, TextEncoding::kAuto), text);
}

TEST(TextEncodingTest, UndecodableBytesNameTheOffset) {
  // "車" in Big5, then a lead byte with an invalid trail byte.
  std::string big5 = EncodeFromUtf8("車車", "BIG5") + "\xA4\x20";
  absl::StatusOr<std::string> bad = ToUtf8(big5, TextEncoding::kBig5);
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("byte offset 4"));
  EXPECT_THAT(bad.status().message(), HasSubstr("0xA4 0x20"));
  EXPECT_THAT(bad.status().message(), HasSubstr("big5"));

  // A character cut off at the end.
  absl::StatusOr<std::string> cut =
      ToUtf8(EncodeFromUtf8("车", "GB18030") + "\xB3", TextEncoding::kGb18030);
  ASSERT_FALSE(cut.ok());
  EXPECT_THAT(cut.status().message(), HasSubstr("byte offset 2"));

  absl::StatusOr<std::string> ff = ToUtf8("ab\xFF", TextEncoding::kGb18030);
  ASSERT_FALSE(ff.ok());
  EXPECT_THAT(ff.status().message(), HasSubstr("byte offset 2"));

  // Undecodable in both: detection still answers, conversion reports it.
  std::string junk = "\x80\xFF\x80\xFF";
  TextEncoding detected = DetectTextEncoding(junk);
  EXPECT_NE(detected, TextEncoding::kAuto);
  EXPECT_NE(detected, TextEncoding::kUtf8);
  absl::StatusOr<std::string> junk_utf8 = ToUtf8(junk, TextEncoding::kAuto);
  ASSERT_FALSE(junk_utf8.ok());
  EXPECT_THAT(junk_utf8.status().message(), HasSubstr("byte offset 0"));
}

TEST(TextEncodingTest, SizeLimitCheckedFirst) {
  std::string big(kMaxEncodedTextBytes + 1, 'a');
  absl::StatusOr<std::string> r = ToUtf8(big, TextEncoding::kAuto);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("over the limit"));
}

}  // namespace
}  // namespace caipan
