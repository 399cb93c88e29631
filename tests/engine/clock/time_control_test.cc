#include "engine/clock/time_control.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "absl/status/status.h"

namespace caipan::clock {
namespace {

using ::testing::HasSubstr;

TimeControl Symmetric(int64_t base_s, int64_t increment_s) {
  TimeControl control;
  control.timed = true;
  control.individual[kFirst] = {base_s * 1000, increment_s * 1000};
  control.individual[kSecond] = control.individual[kFirst];
  return control;
}

TEST(ParseTimeControlTest, FischerIncrements) {
  EXPECT_EQ(*ParseTimeControl("1200+5"), Symmetric(1200, 5));
  EXPECT_EQ(*ParseTimeControl("1500+5"), Symmetric(1500, 5));
  EXPECT_EQ(*ParseTimeControl("600+5"), Symmetric(600, 5));
  EXPECT_EQ(*ParseTimeControl("300+3"), Symmetric(300, 3));
}

TEST(ParseTimeControlTest, SuddenDeath) {
  EXPECT_EQ(*ParseTimeControl("1800"), Symmetric(1800, 0));
  EXPECT_EQ(*ParseTimeControl("3600"), Symmetric(3600, 0));
  EXPECT_EQ(*ParseTimeControl("3600+0"), Symmetric(3600, 0));
}

TEST(ParseTimeControlTest, Armageddon) {
  absl::StatusOr<TimeControl> control =
      ParseTimeControl("W360+3-B240+3;armageddon");
  ASSERT_TRUE(control.ok()) << control.status();
  EXPECT_TRUE(control->timed);
  EXPECT_TRUE(control->armageddon);
  EXPECT_EQ(control->shared_ms, 0);
  EXPECT_EQ(control->individual[kFirst], (Period{360'000, 3'000}));
  EXPECT_EQ(control->individual[kSecond], (Period{240'000, 3'000}));
  EXPECT_FALSE(ParseTimeControl("W360+3-B240+3")->armageddon);
}

TEST(ParseTimeControlTest, SharedPeriod) {
  TimeControl sudden_death = Symmetric(1800, 0);
  sudden_death.shared_ms = 3'600'000;
  EXPECT_EQ(*ParseTimeControl("S3600:1800"), sudden_death);
  TimeControl fischer = Symmetric(600, 5);
  fischer.shared_ms = 1'200'000;
  EXPECT_EQ(*ParseTimeControl("S1200:600+5"), fischer);
}

TEST(ParseTimeControlTest, NoneAndTrimming) {
  EXPECT_EQ(*ParseTimeControl("none"), TimeControl{});
  EXPECT_EQ(*ParseTimeControl("-"), TimeControl{});
  EXPECT_EQ(*ParseTimeControl("  1200+5\t"), Symmetric(1200, 5));
  EXPECT_EQ(*ParseTimeControl(" none "), TimeControl{});
}

TEST(ParseTimeControlTest, Limits) {
  EXPECT_EQ(*ParseTimeControl("604800+604800"),
            Symmetric(kMaxSeconds, kMaxSeconds));
  EXPECT_EQ(ParseTimeControl("1")->individual[kFirst].base_ms, 1000);
}

TEST(FormatTimeControlTest, RoundTrips) {
  for (const char* text :
       {"none", "1200+5", "1500+5", "600+5", "300+3", "1800", "3600",
        "W360+3-B240+3;armageddon", "W360+3-B240+3", "S3600:1800",
        "S1200:600+5", "1200+5;armageddon", "W300-B240+2"}) {
    absl::StatusOr<TimeControl> control = ParseTimeControl(text);
    ASSERT_TRUE(control.ok()) << text << ": " << control.status();
    EXPECT_EQ(FormatTimeControl(*control), text);
    EXPECT_EQ(*ParseTimeControl(FormatTimeControl(*control)), *control);
  }
}

TEST(FormatTimeControlTest, Canonicalizes) {
  EXPECT_EQ(FormatTimeControl(*ParseTimeControl("-")), "none");
  EXPECT_EQ(FormatTimeControl(*ParseTimeControl("1800+0")), "1800");
  EXPECT_EQ(FormatTimeControl(*ParseTimeControl("W600+5-B600+5")), "600+5");
  EXPECT_EQ(FormatTimeControl(TimeControl{}), "none");
}

// Every rejection is INVALID_ARGUMENT, quotes the text and says what is wrong.
void ExpectError(const std::string& text, const std::string& what) {
  absl::StatusOr<TimeControl> control = ParseTimeControl(text);
  ASSERT_FALSE(control.ok()) << text;
  EXPECT_EQ(control.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(control.status().message(), HasSubstr("time control \""));
  EXPECT_THAT(control.status().message(), HasSubstr(what)) << text;
}

TEST(ParseTimeControlTest, Errors) {
  ExpectError("", "empty");
  ExpectError("   ", "empty");
  ExpectError("12x", "unexpected \"x\" after \"12\"");
  ExpectError("1200+", "expected seconds after \"1200+\"");
  ExpectError("+5", "expected seconds at the start");
  ExpectError("abc", "expected seconds at the start");
  ExpectError("0", "base must be at least 1 second");
  ExpectError("0+5", "base must be at least 1 second");
  ExpectError("-5", "negative time");
  ExpectError("1200+-5", "negative increment");
  ExpectError("W-360-B240", "negative base");
  ExpectError("604801", "base 604801 is more than 604800 seconds");
  ExpectError("600+604801", "increment 604801 is more than");
  ExpectError("S604801:600", "shared time 604801 is more than");
  ExpectError("99999999999999999999999999", "is more than 604800");
  ExpectError("S0:600", "shared time must be at least 1 second");
  ExpectError("S3600", "expected \":\" after \"S3600\"");
  ExpectError("S3600:", "expected seconds after \"S3600:\"");
  ExpectError("S3600:S60:60", "expected seconds after \"S3600:\"");
  ExpectError("W360+3", "expected \"-B\" after \"W360+3\"");
  ExpectError("W360+3-240+3", "expected \"-B\" after \"W360+3\"");
  ExpectError("W360+3-B", "expected seconds after \"W360+3-B\"");
  ExpectError("360+3-B240+3", "unexpected \"-B240+3\"");
  ExpectError("none;armageddon", "needs a timed control");
  ExpectError("-;armageddon", "needs a timed control");
  ExpectError("1200+5;armageddonx", "unexpected \"x\"");
  ExpectError("1200+5;blitz", "unexpected \";blitz\"");
  ExpectError("1200 + 5", "unexpected \" + 5\" after \"1200\"");
  ExpectError("nonesuch", "unexpected \"such\" after \"none\"");
  ExpectError("1200+5\n1", "unexpected \"\\x0a1\"");
  ExpectError("NONE", "expected seconds at the start");
  ExpectError("1.5", "unexpected \".5\"");
}

TEST(ParseTimeControlTest, RefusesLongTextBeforeParsing) {
  // 64 bytes with spaces around a valid control is still fine...
  std::string padded = std::string(30, ' ') + "1200+5" + std::string(28, ' ');
  ASSERT_EQ(padded.size(), 64u);
  EXPECT_TRUE(ParseTimeControl(padded).ok());
  // ...65 bytes is refused whatever they hold, and the quote is cut short.
  padded += " ";
  ExpectError(padded, "longer than 64 bytes");
  absl::StatusOr<TimeControl> control =
      ParseTimeControl(std::string(1000, '9'));
  ASSERT_FALSE(control.ok());
  EXPECT_THAT(control.status().message(), HasSubstr("...\""));
  EXPECT_LT(control.status().message().size(), 120u);
}

}  // namespace
}  // namespace caipan::clock
