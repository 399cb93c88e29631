// Reading plain and PGN game records, move sequences, and PGN export round
// trips.
#include "engine/xiangqi/record.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::xiangqi {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

std::vector<std::string> IccsOf(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(ToIccs(m));
  return out;
}

TEST(RecordTest, PlainTextInMixedNotations) {
  absl::StatusOr<GameRecord> r =
      ParseRecord("1. 炮二平五 马８进７\n2. H2+3 i9h9 3. 車一平二 1-0");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->start_fen, kStartFen);
  EXPECT_THAT(IccsOf(r->moves),
              ElementsAre("h2e2", "h9g7", "h0g2", "i9h9", "i0h0"));
  EXPECT_EQ(r->result, "1-0");
  EXPECT_TRUE(r->tags.empty());
}

TEST(RecordTest, MoveNumbersGluedAndBlackFirst) {
  absl::StatusOr<GameRecord> r = ParseRecord("1.h2e2 1...h9g7 2.h0g2");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(IccsOf(r->moves), ElementsAre("h2e2", "h9g7", "h0g2"));
  EXPECT_EQ(r->result, "");
}

TEST(RecordTest, PgnWithTagsCommentsVariationsAndFen) {
  constexpr std::string_view kPgn = R"([Game "Chinese Chess"]
[Event "Test \"quoted\" event"]
[FEN "4k4/9/9/9/9/9/9/8R/9/3K4R w - - 0 1"]
[Result "1-0"]

1. R++3 {the front chariot} (1. 后车平二 k9e8 (1... 将5进1)) 1... 将5进1 $1 ; comment
2. 前车平六 *
)";
  absl::StatusOr<GameRecord> r = ParseRecord(kPgn);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(IccsOf(r->moves), ElementsAre("i2i5", "e9e8", "i5d5"));
  EXPECT_EQ(r->result, "*");  // the movetext's token wins over the tag
  EXPECT_EQ(r->start_fen, "4k4/9/9/9/9/9/9/8R/9/3K4R w - - 0 1");
  EXPECT_THAT(r->tags,
              ElementsAre(Pair("Game", "Chinese Chess"),
                          Pair("Event", "Test \"quoted\" event"),
                          Pair("FEN", "4k4/9/9/9/9/9/9/8R/9/3K4R w - - 0 1"),
                          Pair("Result", "1-0")));
  absl::StatusOr<GameRecord> tag_only =
      ParseRecord("[Result \"1/2-1/2\"]\n1. h2e2 h9g7");
  ASSERT_TRUE(tag_only.ok());
  EXPECT_EQ(tag_only->result, "1/2-1/2");
}

TEST(RecordTest, ErrorsNameThePlyAndToken) {
  absl::StatusOr<GameRecord> r = ParseRecord(
      "1. 车九进一 车９进１ 2. 车九平四 车９平６ 3. 兵三进一 卒３进１ 4. "
      "车九进一");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "ply 7: \"车九进一\": no red chariot on file 9");
  absl::StatusOr<GameRecord> bad = ParseRecord("h2e2 h2e2");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("ply 2: \"h2e2\": illegal"));
  absl::StatusOr<GameRecord> junk = ParseRecord("h2e2 hello");
  ASSERT_FALSE(junk.ok());
  EXPECT_THAT(junk.status().message(),
              HasSubstr("ply 2: \"hello\": not a move"));
  // Text after the result (some files carry a trailer) is ignored, with a
  // warning; in a bare move sequence it is an error.
  absl::StatusOr<GameRecord> after = ParseRecord("h2e2 1-0 h9g7\n=====");
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_EQ(after->moves.size(), 1u);
  EXPECT_EQ(after->result, "1-0");
  ASSERT_EQ(after->warnings.size(), 1u);
  EXPECT_THAT(after->warnings[0], HasSubstr("text after the result 1-0"));
  absl::StatusOr<std::vector<Move>> seq =
      ParseMoveSequence(Position::Start(), "h2e2 1-0 h9g7");
  ASSERT_FALSE(seq.ok());
  EXPECT_THAT(seq.status().message(),
              HasSubstr("ply 2: \"h9g7\" after the result"));
}

// A FEN tag with an empty holdings bracket (engines of variants with drops
// write one) is read, with a warning, and kept in its canonical form.
TEST(RecordTest, FenTagWithAnEmptyHoldingsBracketIsReadWithAWarning) {
  absl::StatusOr<GameRecord> r = ParseRecord(
      "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] "
      "w - - 0 1\"]\n1. h2e2 *\n");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->start_fen, Position::Start().ToFen());
  ASSERT_EQ(r->warnings.size(), 1u);
  EXPECT_THAT(r->warnings[0], HasSubstr("tag FEN: "));
  EXPECT_THAT(r->warnings[0], HasSubstr("empty holdings bracket"));
}

// Moves written without a space between them, as some published files have.
TEST(RecordTest, GluedMovesAreSplit) {
  absl::StatusOr<GameRecord> r =
      ParseRecord("1. 炮二平五马８进７ 2. 马二进三车９平８");
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->moves.size(), 4u);
  EXPECT_EQ(ToIccs(r->moves[1]), "h9g7");
  absl::StatusOr<GameRecord> wxf = ParseRecord("Ｃ２＝５Ｈ８＋７ H2+3");
  ASSERT_TRUE(wxf.ok()) << wxf.status();
  EXPECT_EQ(wxf->moves.size(), 3u);
  // A glued word that is not all moves is still an error naming the word.
  absl::StatusOr<GameRecord> bad = ParseRecord("炮二平五马８平７");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("ply 1"));
}

TEST(RecordTest, MalformedPgnIsAnErrorWithTheLine) {
  EXPECT_THAT(ParseRecord("[Event \"x\"]\n{open").status().message(),
              HasSubstr("line 2: comment"));
  EXPECT_THAT(ParseRecord("[Event x]").status().message(), HasSubstr("quotes"));
  EXPECT_THAT(ParseRecord("[Event \"x").status().message(),
              HasSubstr("never closed"));
  EXPECT_THAT(ParseRecord("h2e2 (h9g7").status().message(),
              HasSubstr("variation"));
  EXPECT_THAT(ParseRecord("h2e2 }").status().message(),
              HasSubstr("unexpected"));
  EXPECT_THAT(ParseRecord("[FEN \"9/9 w\"]").status().message(),
              HasSubstr("tag FEN"));
  EXPECT_THAT(ParseRecord("h2e2 [FEN \"startpos\"]").status().message(),
              HasSubstr("after the moves"));
}

TEST(RecordTest, EmptyRecordIsTheStartPosition) {
  absl::StatusOr<GameRecord> r = ParseRecord("\xEF\xBB\xBF  \n");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->moves.empty());
  EXPECT_EQ(r->start_fen, kStartFen);
}

TEST(MoveSequenceTest, ParsesFromAPosition) {
  absl::StatusOr<Position> pos =
      Position::FromFen("4k4/9/9/9/9/9/9/8R/9/3K4R w - - 0 1");
  ASSERT_TRUE(pos.ok());
  absl::StatusOr<std::vector<Move>> moves =
      ParseMoveSequence(*pos, "前车进三　将5进1 i5d5");
  ASSERT_TRUE(moves.ok()) << moves.status();
  EXPECT_THAT(IccsOf(*moves), ElementsAre("i2i5", "e9e8", "i5d5"));
  absl::StatusOr<std::vector<Move>> bad =
      ParseMoveSequence(*pos, "i2i5 e9e8 e8e7");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("ply 3: \"e8e7\": illegal"));
  EXPECT_FALSE(ParseMoveSequence(*pos, "[Event \"x\"] i2i5").ok());
}

// Each move's text as typed, for echoing it back: move numbers, annotations
// and claim words left out, a glued word split, ASCII digits kept.
TEST(MoveSequenceTest, KeepsEachMoveAsTyped) {
  absl::StatusOr<MoveSequence> seq = ParseMoveSequenceWithClaims(
      Position::Start(), "1. 炮2平5 马8进7! claim 2. h0g2 车９平８车一平二");
  ASSERT_TRUE(seq.ok()) << seq.status();
  EXPECT_THAT(IccsOf(seq->moves),
              ElementsAre("h2e2", "h9g7", "h0g2", "i9h9", "i0h0"));
  EXPECT_THAT(seq->texts,
              ElementsAre("炮2平5", "马8进7", "h0g2", "车９平８", "车一平二"));
  // An illegal ICCS move kept for the adjudicator has its text too.
  absl::StatusOr<MoveSequence> cut =
      ParseMovesToFirstUnplayable(Position::Start(), "h2e2 H9-G7 B0-D1");
  ASSERT_TRUE(cut.ok()) << cut.status();
  EXPECT_THAT(IccsOf(cut->moves), ElementsAre("h2e2", "h9g7", "b0d1"));
  EXPECT_THAT(cut->texts, ElementsAre("h2e2", "H9-G7", "B0-D1"));
}

TEST(PgnTest, FormatAndParseBack) {
  absl::StatusOr<GameRecord> r = ParseRecord(
      "[Event \"Club\"]\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 c6c5 "
      "*");
  ASSERT_TRUE(r.ok()) << r.status();
  for (Notation n : {Notation::kIccs, Notation::kWxf, Notation::kChinese}) {
    std::string pgn = FormatPgn(*r, n);
    absl::StatusOr<GameRecord> back = ParseRecord(pgn);
    ASSERT_TRUE(back.ok()) << pgn << back.status();
    EXPECT_EQ(back->moves, r->moves) << pgn;
    EXPECT_EQ(back->result, "*");
    EXPECT_THAT(back->tags,
                ElementsAre(Pair("Event", "Club"), Pair("Result", "*")));
  }
  EXPECT_EQ(FormatPgn(*r, Notation::kChinese),
            "[Event \"Club\"]\n[Result \"*\"]\n\n1. 炮二平五 马８进７ 2. "
            "马二进三 车９平８ 3. "
            "车一平二 马２进３ 4. 马八进七 卒３进１ *\n");
}

TEST(PgnTest, NonStandardStartWithBlackToMove) {
  GameRecord r;
  r.start_fen = "4k4/9/9/9/9/9/9/8R/9/3K4R b - - 0 12";
  absl::StatusOr<Position> pos = Position::FromFen(r.start_fen);
  ASSERT_TRUE(pos.ok());
  absl::StatusOr<std::vector<Move>> moves =
      ParseMoveSequence(*pos, "e9e8 i2e2");
  ASSERT_TRUE(moves.ok()) << moves.status();
  r.moves = *moves;
  r.result = "1-0";
  std::string pgn = FormatPgn(r, Notation::kWxf);
  EXPECT_EQ(
      pgn,
      "[FEN \"4k4/9/9/9/9/9/9/8R/9/3K4R b - - 0 12\"]\n[Result \"1-0\"]\n\n"
      "12... K5+1 13. R+.5 1-0\n");
  absl::StatusOr<GameRecord> back = ParseRecord(pgn);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->moves, r.moves);
  EXPECT_EQ(back->start_fen, r.start_fen);
  EXPECT_EQ(back->result, "1-0");
}

TEST(PgnTest, LongGamesWrapAndRoundTrip) {
  // 40 plies of horse shuffling: lines stay within 80 characters.
  std::string text;
  for (int i = 0; i < 10; ++i) text += "h0g2 h9g7 g2h0 g7h9 ";
  absl::StatusOr<GameRecord> r = ParseRecord(text);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->moves.size(), 40u);
  std::string pgn = FormatPgn(*r, Notation::kChinese);
  size_t start = 0;
  while (start < pgn.size()) {
    size_t end = pgn.find('\n', start);
    std::string line = pgn.substr(start, end - start);
    size_t chars = 0;
    for (char c : line) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    EXPECT_LE(chars, 80u) << line;
    start = end + 1;
  }
  absl::StatusOr<GameRecord> back = ParseRecord(pgn);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->moves, r->moves);
}

}  // namespace
}  // namespace caipan::xiangqi
