#include "engine/common/language.h"

#include <gtest/gtest.h>

#include <string>

namespace caipan {
namespace {

TEST(LanguageTest, ParsesEnglishTags) {
  for (const char* tag : {"en", "EN", "en-US", "en_GB", "En-au", "en_US"}) {
    absl::StatusOr<Language> l = ParseLanguage(tag);
    ASSERT_TRUE(l.ok()) << tag;
    EXPECT_EQ(*l, Language::kEnglish) << tag;
  }
}

TEST(LanguageTest, ParsesChineseTags) {
  for (const char* tag :
       {"zh", "ZH", "zh-CN", "zh_CN", "zh-Hans", "zh-hans-cn", "cn", "CN"}) {
    absl::StatusOr<Language> l = ParseLanguage(tag);
    ASSERT_TRUE(l.ok()) << tag;
    EXPECT_EQ(*l, Language::kChinese) << tag;
  }
}

TEST(LanguageTest, RejectsOtherNames) {
  for (const char* tag : {"", "fr", "de-DE", "eng", "zhx", "en-", "-en",
                          "chinese", "cn-ZH", "C"}) {
    EXPECT_FALSE(ParseLanguage(tag).ok()) << tag;
  }
  EXPECT_NE(std::string(ParseLanguage("fr").status().message()).find("fr"),
            std::string::npos);
}

TEST(LanguageTest, CodesRoundTrip) {
  EXPECT_STREQ(LanguageCode(Language::kEnglish), "en");
  EXPECT_STREQ(LanguageCode(Language::kChinese), "zh");
  for (Language l : kAllLanguages) {
    absl::StatusOr<Language> back = ParseLanguage(LanguageCode(l));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, l);
  }
}

TEST(LanguageTest, LanguageFromLocaleName) {
  EXPECT_EQ(LanguageFromLocaleName("zh_CN.UTF-8"), Language::kChinese);
  EXPECT_EQ(LanguageFromLocaleName("zh_CN.GB18030@stroke"), Language::kChinese);
  EXPECT_EQ(LanguageFromLocaleName("zh_CN"), Language::kChinese);
  EXPECT_EQ(LanguageFromLocaleName("en_US.UTF-8"), Language::kEnglish);
  EXPECT_EQ(LanguageFromLocaleName("C"), Language::kEnglish);
  EXPECT_EQ(LanguageFromLocaleName("C.UTF-8"), Language::kEnglish);
  EXPECT_EQ(LanguageFromLocaleName("POSIX"), Language::kEnglish);
  EXPECT_EQ(LanguageFromLocaleName(""), Language::kEnglish);
  EXPECT_EQ(LanguageFromLocaleName("fr_FR.UTF-8"), Language::kEnglish);
  // LANGUAGE-style lists: the first known entry decides.
  EXPECT_EQ(LanguageFromLocaleName("zh_CN:en_US"), Language::kChinese);
  EXPECT_EQ(LanguageFromLocaleName("fr:zh"), Language::kChinese);
  EXPECT_EQ(LanguageFromLocaleName("de:en:zh"), Language::kEnglish);
}

}  // namespace
}  // namespace caipan
