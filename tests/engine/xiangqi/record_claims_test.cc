// Draw claims written into records, and the recorded outcome (result and
// Termination tag).
#include <string>
#include <vector>

#include "engine/xiangqi/record.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::xiangqi {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

RecordedClaim Claim(int ply, std::optional<Color> side = std::nullopt) {
  return {ply, side};
}

TEST(RecordClaimsTest, CommentsAfterMoves) {
  absl::StatusOr<GameRecord> r = ParseRecord(
      "[Event \"x\"]\n{claim}\n1. h2e2 { Claim } h9g7 {CLAIM RED}\n"
      "2. h0g2 {claim black} {claim: red} i9h9 ; claim\n3. i0h0 *");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->claims, ElementsAre(Claim(0), Claim(1), Claim(2, Color::kRed),
                                     Claim(3, Color::kBlack),
                                     Claim(3, Color::kRed), Claim(4)));
  EXPECT_EQ(r->moves.size(), 5u);
}

TEST(RecordClaimsTest, OtherCommentsAreNotClaims) {
  absl::StatusOr<GameRecord> r = ParseRecord(
      "1. h2e2 {claims} {I claim a draw} {claim red now} {claim blue} "
      "{reclaim} {} h9g7 *");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->claims, IsEmpty());
}

TEST(RecordClaimsTest, WordsInAMoveList) {
  absl::StatusOr<GameRecord> r =
      ParseRecord("h2e2 h9g7 claim h0g2 Claim:Red i9h9 claim:black");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->claims, ElementsAre(Claim(2), Claim(3, Color::kRed),
                                     Claim(4, Color::kBlack)));
  EXPECT_EQ(r->moves.size(), 4u);

  absl::StatusOr<GameRecord> blue = ParseRecord("h2e2 claim:blue");
  ASSERT_FALSE(blue.ok());
  EXPECT_THAT(blue.status().message(), HasSubstr("ply 2: \"claim:blue\""));

  absl::StatusOr<GameRecord> late = ParseRecord("h2e2 1/2-1/2 claim");
  ASSERT_FALSE(late.ok());
  EXPECT_THAT(late.status().message(), HasSubstr("after the result"));
}

TEST(RecordClaimsTest, MoveSequences) {
  absl::StatusOr<std::vector<Move>> moves =
      ParseMoveSequence(Position::Start(), "h2e2 claim h9g7");
  ASSERT_TRUE(moves.ok()) << moves.status();
  EXPECT_EQ(moves->size(), 2u);
  absl::StatusOr<MoveSequence> with_claims = ParseMoveSequenceWithClaims(
      Position::Start(), "1. h2e2 h9g7 claim:red {claim}");
  ASSERT_TRUE(with_claims.ok()) << with_claims.status();
  EXPECT_EQ(with_claims->moves.size(), 2u);
  EXPECT_THAT(with_claims->claims,
              ElementsAre(Claim(2, Color::kRed), Claim(2)));
}

TEST(RecordClaimsTest, PgnExportKeepsClaims) {
  absl::StatusOr<GameRecord> r =
      ParseRecord("claim h2e2 h9g7 claim:black h0g2 claim 1/2-1/2");
  ASSERT_TRUE(r.ok()) << r.status();
  for (Notation n : {Notation::kIccs, Notation::kWxf, Notation::kChinese}) {
    std::string pgn = FormatPgn(*r, n);
    absl::StatusOr<GameRecord> back = ParseRecord(pgn);
    ASSERT_TRUE(back.ok()) << pgn << back.status();
    EXPECT_EQ(back->claims, r->claims) << pgn;
    EXPECT_EQ(back->moves, r->moves);
  }
  EXPECT_THAT(FormatPgn(*r, Notation::kIccs),
              HasSubstr("{claim} 1. h2e2 h9g7 {claim black} 2. h0g2 {claim} "
                        "1/2-1/2"));
}

GameRecord WithTermination(std::string result, std::string termination) {
  GameRecord r;
  r.result = std::move(result);
  r.tags = {{"Event", "x"}, {"Termination", std::move(termination)}};
  return r;
}

TEST(RecordedOutcomeTest, ResultAndNoTermination) {
  GameRecord r;
  r.result = "0-1";
  RecordedOutcome o = RecordedOutcomeOf(r);
  EXPECT_EQ(o.result, "0-1");
  EXPECT_EQ(o.termination, RecordedTermination::kUnknown);
  EXPECT_EQ(o.termination_text, "");
  r.result = "*";
  EXPECT_EQ(RecordedOutcomeOf(r).result, "");
  r.result = "";
  EXPECT_EQ(RecordedOutcomeOf(r).result, "");
}

TEST(RecordedOutcomeTest, EnglishAndChineseTerminations) {
  struct Case {
    std::string text;
    RecordedTermination want;
  };
  const Case cases[] = {
      {"normal", RecordedTermination::kNormal},
      {"Normal", RecordedTermination::kNormal},
      {"checkmate", RecordedTermination::kNormal},
      {"time forfeit", RecordedTermination::kTimeForfeit},
      {"Time forfeit", RecordedTermination::kTimeForfeit},
      {"lost on time", RecordedTermination::kTimeForfeit},
      {"resignation", RecordedTermination::kResignation},
      {"Black resigns", RecordedTermination::kResignation},
      {"agreement", RecordedTermination::kAgreement},
      {"draw agreed", RecordedTermination::kAgreement},
      {"rules infraction", RecordedTermination::kRulesInfraction},
      {"abandoned", RecordedTermination::kAbandoned},
      {"超时", RecordedTermination::kTimeForfeit},
      {"超时判负", RecordedTermination::kTimeForfeit},
      {"超時判負", RecordedTermination::kTimeForfeit},
      {"认输", RecordedTermination::kResignation},
      {"認輸", RecordedTermination::kResignation},
      {"议和", RecordedTermination::kAgreement},
      {"議和", RecordedTermination::kAgreement},
      {"和棋", RecordedTermination::kAgreement},
      {"犯规判负", RecordedTermination::kRulesInfraction},
      {"弃权", RecordedTermination::kAbandoned},
      {"绝杀", RecordedTermination::kNormal},
      {"  ", RecordedTermination::kUnknown},
      {"adjudication", RecordedTermination::kOther},
      {"神秘", RecordedTermination::kOther},
  };
  for (const Case& c : cases) {
    RecordedOutcome o = RecordedOutcomeOf(WithTermination("1-0", c.text));
    EXPECT_EQ(o.termination, c.want)
        << c.text << " gave " << RecordedTerminationName(o.termination);
    EXPECT_EQ(o.termination_text, c.text);
    EXPECT_EQ(o.result, "1-0");
  }
}

TEST(RecordedOutcomeTest, FromAParsedPgn) {
  absl::StatusOr<GameRecord> r = ParseRecord(
      "[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n1. h2e2 h9g7");
  ASSERT_TRUE(r.ok()) << r.status();
  RecordedOutcome o = RecordedOutcomeOf(*r);
  EXPECT_EQ(o.result, "0-1");
  EXPECT_EQ(o.termination, RecordedTermination::kTimeForfeit);
  EXPECT_EQ(o.termination_text, "Time forfeit");
  EXPECT_STREQ(RecordedTerminationName(o.termination), "time forfeit");
}

}  // namespace
}  // namespace caipan::xiangqi
