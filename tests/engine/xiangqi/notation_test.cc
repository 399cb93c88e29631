// Parsing and formatting single moves in ICCS, WXF and Chinese notation.
#include "engine/xiangqi/notation.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace caipan::xiangqi {
namespace {

using ::testing::HasSubstr;

Position FromFen(std::string_view fen) {
  absl::StatusOr<Position> pos = Position::FromFen(fen);
  EXPECT_TRUE(pos.ok()) << pos.status();
  return pos.ok() ? *pos : Position::Start();
}

// The ICCS text of the move `text` names, or the error message.
std::string Iccs(const Position& pos, std::string_view text) {
  absl::StatusOr<Move> m = ParseMove(pos, text);
  if (!m.ok()) return std::string(m.status().message());
  return ToIccs(*m);
}

Move M(std::string_view iccs) {
  absl::StatusOr<Position> start = Position::FromFen(kStartFen);
  return Move{static_cast<uint8_t>(MakeSquare(iccs[0] - 'a', iccs[1] - '0')),
              static_cast<uint8_t>(MakeSquare(iccs[2] - 'a', iccs[3] - '0'))};
}

TEST(NotationNameTest, ParsesTheThreeNames) {
  EXPECT_EQ(*ParseNotationName("iccs"), Notation::kIccs);
  EXPECT_EQ(*ParseNotationName("WXF"), Notation::kWxf);
  EXPECT_EQ(*ParseNotationName("chinese"), Notation::kChinese);
  absl::StatusOr<Notation> bad = ParseNotationName("san");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("\"san\""));
}

TEST(NotationParseTest, CentralCannonInEveryNotation) {
  Position pos = Position::Start();
  for (std::string_view text :
       {"h2e2", "H2-E2", "h2-e2", "C2.5", "C2=5", "c2.5", "炮二平五", "炮2平5",
        "炮２平５", "砲二平五", "包二平五", " 炮二平五\n"}) {
    EXPECT_EQ(Iccs(pos, text), "h2e2") << text;
  }
}

TEST(NotationParseTest, BlackHorseReply) {
  Position pos = Position::Start();
  pos.MakeMove(M("h2e2"));
  for (std::string_view text : {"h9g7", "H8+7", "h8+7", "N8+7", "马８进７",
                                "马8进7", "馬8進7", "马八进七"}) {
    EXPECT_EQ(Iccs(pos, text), "h9g7") << text;
  }
  EXPECT_EQ(Iccs(pos, "b9c7"), "b9c7");
  EXPECT_EQ(Iccs(pos, "马２进３"), "b9c7");
}

TEST(NotationParseTest, RedPiecesFromTheStart) {
  Position pos = Position::Start();
  EXPECT_EQ(Iccs(pos, "傌八進七"), "b0c2");
  EXPECT_EQ(Iccs(pos, "H8+7"), "b0c2");
  EXPECT_EQ(Iccs(pos, "车九进一"), "a0a1");
  EXPECT_EQ(Iccs(pos, "俥九進一"), "a0a1");
  EXPECT_EQ(Iccs(pos, "R9+1"), "a0a1");
  EXPECT_EQ(Iccs(pos, "相三进五"), "g0e2");
  EXPECT_EQ(Iccs(pos, "E3+5"), "g0e2");
  EXPECT_EQ(Iccs(pos, "B3+5"), "g0e2");
  EXPECT_EQ(Iccs(pos, "仕四进五"), "f0e1");
  EXPECT_EQ(Iccs(pos, "士四进五"), "f0e1");
  EXPECT_EQ(Iccs(pos, "A4+5"), "f0e1");
  EXPECT_EQ(Iccs(pos, "帅五进一"), "e0e1");
  EXPECT_EQ(Iccs(pos, "帥五進一"), "e0e1");
  EXPECT_EQ(Iccs(pos, "K5+1"), "e0e1");
  EXPECT_EQ(Iccs(pos, "兵七进一"), "c3c4");
  EXPECT_EQ(Iccs(pos, "P7+1"), "c3c4");
  EXPECT_EQ(Iccs(pos, "炮八进四"), "b2b6");
  EXPECT_EQ(Iccs(pos, "炮八退一"), "b2b1");
}

TEST(NotationFormatTest, StartPositionMoves) {
  Position pos = Position::Start();
  EXPECT_EQ(FormatMove(pos, M("h2e2"), Notation::kIccs), "h2e2");
  EXPECT_EQ(FormatMove(pos, M("h2e2"), Notation::kWxf), "C2.5");
  EXPECT_EQ(FormatMove(pos, M("h2e2"), Notation::kChinese), "炮二平五");
  EXPECT_EQ(FormatMove(pos, M("b0c2"), Notation::kChinese), "马八进七");
  EXPECT_EQ(FormatMove(pos, M("g0e2"), Notation::kWxf), "E3+5");
  EXPECT_EQ(FormatMove(pos, M("b2b1"), Notation::kChinese), "炮八退一");
  pos.MakeMove(M("h2e2"));
  EXPECT_EQ(FormatMove(pos, M("h9g7"), Notation::kChinese), "马８进７");
  EXPECT_EQ(FormatMove(pos, M("h9g7"), Notation::kWxf), "H8+7");
  EXPECT_EQ(FormatMove(pos, M("h7e7"), Notation::kChinese), "炮８平５");
  EXPECT_EQ(FormatMove(pos, M("c6c5"), Notation::kChinese), "卒３进１");
  EXPECT_EQ(FormatMove(pos, M("a9a8"), Notation::kWxf), "R1+1");
}

// Red chariots tandem on file i (red file 一).
constexpr std::string_view kTandemChariots =
    "4k4/9/9/9/9/9/9/8R/9/3K4R w - - 0 1";

TEST(NotationTandemTest, FrontAndRearChariots) {
  Position pos = FromFen(kTandemChariots);
  EXPECT_EQ(Iccs(pos, "前车进三"), "i2i5");
  EXPECT_EQ(Iccs(pos, "前車進三"), "i2i5");
  EXPECT_EQ(Iccs(pos, "车前进三"), "i2i5");
  EXPECT_EQ(Iccs(pos, "R++3"), "i2i5");
  EXPECT_EQ(Iccs(pos, "+R+3"), "i2i5");
  EXPECT_EQ(Iccs(pos, "后车平二"), "i0h0");
  EXPECT_EQ(Iccs(pos, "後車平二"), "i0h0");
  EXPECT_EQ(Iccs(pos, "R-.2"), "i0h0");
  EXPECT_EQ(Iccs(pos, "-R=2"), "i0h0");
  EXPECT_EQ(Iccs(pos, "后车进一"), "i0i1");
  EXPECT_EQ(FormatMove(pos, M("i2i5"), Notation::kChinese), "前车进三");
  EXPECT_EQ(FormatMove(pos, M("i2i5"), Notation::kWxf), "R++3");
  EXPECT_EQ(FormatMove(pos, M("i0h0"), Notation::kChinese), "后车平二");
  EXPECT_EQ(FormatMove(pos, M("i0h0"), Notation::kWxf), "R-.2");
  EXPECT_EQ(FormatMove(pos, M("i2i1"), Notation::kWxf), "R+-1");
}

TEST(NotationTandemTest, FileAloneIsAmbiguousForTandemChariots) {
  Position pos = FromFen(kTandemChariots);
  std::string err = Iccs(pos, "车一平二");
  EXPECT_THAT(err, HasSubstr("\"车一平二\""));
  EXPECT_THAT(err, HasSubstr("ambiguous"));
  // Only the front chariot can go forward five: the file alone is enough.
  EXPECT_EQ(Iccs(pos, "R1+7"), "i2i9");
}

// Three red pawns on red file 7 (c5, c6, c7).
constexpr std::string_view kThreePawns =
    "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";

TEST(NotationTandemTest, ThreePawnsOnAFile) {
  Position pos = FromFen(kThreePawns);
  EXPECT_EQ(Iccs(pos, "前兵平八"), "c7b7");
  EXPECT_EQ(Iccs(pos, "前兵进一"), "c7c8");
  EXPECT_EQ(Iccs(pos, "中兵平六"), "c6d6");
  EXPECT_EQ(Iccs(pos, "后兵平八"), "c5b5");
  EXPECT_EQ(Iccs(pos, "P+.8"), "c7b7");
  EXPECT_EQ(Iccs(pos, "P7.8"),
            "c6b6");  // WXF: the plain file names the middle pawn
  EXPECT_EQ(Iccs(pos, "P-.8"), "c5b5");
  EXPECT_EQ(FormatMove(pos, M("c6b6"), Notation::kChinese), "中兵平八");
  EXPECT_EQ(FormatMove(pos, M("c6b6"), Notation::kWxf), "P7.8");
  EXPECT_EQ(FormatMove(pos, M("c7c8"), Notation::kWxf), "P++1");
  EXPECT_EQ(FormatMove(pos, M("c5d5"), Notation::kChinese), "后兵平六");
  EXPECT_THAT(Iccs(pos, "兵七平八"), HasSubstr("ambiguous"));
}

// Five red pawns on red file 7 (c5..c9).
constexpr std::string_view kFivePawns =
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";

TEST(NotationTandemTest, FivePawnsCountFromTheFront) {
  Position pos = FromFen(kFivePawns);
  EXPECT_EQ(Iccs(pos, "一兵平八"), "c9b9");
  EXPECT_EQ(Iccs(pos, "二兵平八"), "c8b8");
  EXPECT_EQ(Iccs(pos, "三兵平八"), "c7b7");
  EXPECT_EQ(Iccs(pos, "四兵平八"), "c6b6");
  EXPECT_EQ(Iccs(pos, "五兵平八"), "c5b5");
  EXPECT_EQ(Iccs(pos, "++.8"), "c9b9");
  EXPECT_EQ(Iccs(pos, "P+.8"), "c8b8");
  EXPECT_EQ(Iccs(pos, "P7.8"), "c7b7");
  EXPECT_EQ(Iccs(pos, "P-.8"), "c6b6");
  EXPECT_EQ(Iccs(pos, "--.8"), "c5b5");
  EXPECT_EQ(FormatMove(pos, M("c8d8"), Notation::kChinese), "二兵平六");
  EXPECT_EQ(FormatMove(pos, M("c9b9"), Notation::kWxf), "++.8");
  EXPECT_EQ(FormatMove(pos, M("c6b6"), Notation::kWxf), "P-.8");
  EXPECT_EQ(FormatMove(pos, M("c5d5"), Notation::kWxf), "--.6");
}

// Red pawns: three on file 7 (c5, c6, c7) and two on file 3 (g5, g6).
constexpr std::string_view kTwoPawnFiles =
    "4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1";

TEST(NotationTandemTest, TwoFilesWithSeveralPawnsKeepTheFile) {
  Position pos = FromFen(kTwoPawnFiles);
  EXPECT_EQ(Iccs(pos, "前兵七平八"), "c7b7");
  EXPECT_EQ(Iccs(pos, "中兵七平八"), "c6b6");
  EXPECT_EQ(Iccs(pos, "后兵三平四"), "g5f5");
  EXPECT_EQ(Iccs(pos, "前七兵平八"), "c7b7");
  EXPECT_EQ(Iccs(pos, "7+.8"), "c7b7");
  EXPECT_EQ(Iccs(pos, "77.8"), "c6b6");
  EXPECT_EQ(Iccs(pos, "3-.4"), "g5f5");
  EXPECT_EQ(FormatMove(pos, M("g6g7"), Notation::kChinese), "前兵三进一");
  EXPECT_EQ(FormatMove(pos, M("c6d6"), Notation::kChinese), "中兵七平六");
  EXPECT_EQ(FormatMove(pos, M("c6d6"), Notation::kWxf), "77.6");
  EXPECT_EQ(FormatMove(pos, M("g5h5"), Notation::kWxf), "3-.2");
  // Without the file, "front pawn" could be on either file.
  EXPECT_THAT(Iccs(pos, "前兵进一"), HasSubstr("ambiguous"));
}

// Black pawns: three on black file 3 (c2, c3, c4); Black's front is toward rank
// 0.
constexpr std::string_view kBlackPawns =
    "4k4/9/9/9/9/2p6/2p6/2p6/9/3K5 b - - 0 1";

TEST(NotationTandemTest, BlackTandemPawns) {
  Position pos = FromFen(kBlackPawns);
  EXPECT_EQ(Iccs(pos, "前卒进１"), "c2c1");
  EXPECT_EQ(Iccs(pos, "中卒平２"), "c3b3");
  EXPECT_EQ(Iccs(pos, "后卒平4"), "c4d4");
  EXPECT_EQ(FormatMove(pos, M("c2c1"), Notation::kChinese), "前卒进１");
  EXPECT_EQ(FormatMove(pos, M("c3d3"), Notation::kChinese), "中卒平４");
  EXPECT_EQ(FormatMove(pos, M("c2c1"), Notation::kWxf), "P++1");
  EXPECT_EQ(FormatMove(pos, M("c3b3"), Notation::kWxf), "P3.2");
}

TEST(NotationTandemTest, TandemAdvisorsKeepTheirFile) {
  // Red advisors d0 and d2 (red file 6).
  Position pos = FromFen("3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1");
  EXPECT_EQ(FormatMove(pos, M("d0e1"), Notation::kChinese), "仕六进五");
  EXPECT_EQ(FormatMove(pos, M("d2e1"), Notation::kChinese), "仕六退五");
  EXPECT_EQ(FormatMove(pos, M("d2e1"), Notation::kWxf), "A6-5");
  EXPECT_EQ(Iccs(pos, "仕六进五"), "d0e1");
  EXPECT_EQ(Iccs(pos, "前仕退五"), "d2e1");
}

TEST(NotationErrorTest, NamesTheTokenAndTheReason) {
  Position pos = Position::Start();
  EXPECT_EQ(Iccs(pos, "车五进一"), "\"车五进一\": no red chariot on file 5");
  EXPECT_EQ(Iccs(pos, "马八进五"),
            "\"马八进五\": the red horse on file 8 cannot move that way");
  EXPECT_THAT(Iccs(pos, "马八平七"), HasSubstr("cannot move that way"));
  EXPECT_THAT(Iccs(pos, "马八进六"),
              HasSubstr("illegal: b0d1: the horse's leg"));
  EXPECT_THAT(Iccs(pos, "兵七进二"), HasSubstr("illegal"));
  EXPECT_THAT(Iccs(pos, "h2h8"), HasSubstr("\"h2h8\": illegal"));
  EXPECT_THAT(Iccs(pos, "e3e3"), HasSubstr("illegal"));
  EXPECT_THAT(Iccs(pos, "h9g7"),
              HasSubstr("illegal"));  // Black's move while Red is to move
  EXPECT_THAT(Iccs(pos, "xyz"), HasSubstr("\"xyz\": not a move"));
  EXPECT_THAT(Iccs(pos, "C2x5"), HasSubstr("not a move"));
  EXPECT_THAT(Iccs(pos, "Q2.5"), HasSubstr("cannot tell which piece"));
  EXPECT_THAT(Iccs(pos, "炮二平"), HasSubstr("not a Chinese move"));
  EXPECT_THAT(Iccs(pos, "炮二走五"), HasSubstr("unexpected character \"走\""));
  EXPECT_THAT(Iccs(pos, "前车进一"),
              HasSubstr("no two red chariots share a file"));
  EXPECT_THAT(Iccs(pos, "\xff\xfe"), HasSubstr("unexpected character"));
  EXPECT_THAT(Iccs(pos, ""), HasSubstr("empty"));
}

}  // namespace
}  // namespace caipan::xiangqi
