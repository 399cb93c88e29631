// Reading XQF files: the format description's own sample, byte for byte; plain
// and encrypted round trips through the test writer; bad input.
#include "engine/xiangqi/record_xqf.h"

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/engine/xiangqi/xqf_test_writer.h"

namespace caipan::xiangqi {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;
using xqf_test::WriteXqf;
using xqf_test::XqfGame;

std::vector<std::string> IccsOf(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(ToIccs(m));
  return out;
}

// The sample file printed in the XQF 1.0 format description (XQStudio's
// author, 2001; distributed as XQFTOOLS/XQF.TXT in the xqbase/eleeye
// repository), rebuilt from its hex dump: 1160 bytes, zero where not listed.
// 柳大华 - 吕钦, 1997, 16 plies, black won.
std::string DocumentedSample() {
  const std::vector<std::pair<size_t, std::vector<uint8_t>>> rows = {
      // "XQ", version 0x0A: plain.
      {0x000, {0x58, 0x51, 0x0A}},
      // Slots, red from its right: chariot 0x50 = 80 = x8 y0 = i0, horse 70
      // = h0, elephant 60 = g0, advisor 50, king 40 = e0, advisor 30,
      // elephant 20, horse 10, chariot 00 = a0, cannons 72 = h2 and 12 = b2,
      // pawns 83 = i3, 63, 43, 23, 03 = a3.
      {0x010,
       {0x50, 0x46, 0x3C, 0x32, 0x28, 0x1E, 0x14, 0x0A, 0x00, 0x48, 0x0C, 0x53,
        0x3F, 0x2B, 0x17, 0x03}},
      // Black from its left: chariot 09 = a9 ... 89 = i9, cannons 17 = b7 and
      // 77 = h7, pawns 06 = a6 ... 86 = i6.
      {0x020,
       {0x09, 0x13, 0x1D, 0x27, 0x31, 0x3B, 0x45, 0x4F, 0x59, 0x11, 0x4D, 0x06,
        0x1A, 0x2E, 0x42, 0x56}},
      {0x033, {0x02}},  // result: black won
      // Title, 16 GBK bytes: 仙人指路对起马局.
      {0x050,
       {0x10, 0xCF, 0xC9, 0xC8, 0xCB, 0xD6, 0xB8, 0xC2, 0xB7, 0xB6, 0xD4, 0xC6,
        0xF0, 0xC2, 0xED, 0xBE, 0xD6}},
      // Event, 22 bytes: "中立杯"象棋电视快棋赛.
      {0x0D0,
       {0x16, 0x22, 0xD6, 0xD0, 0xC1, 0xA2, 0xB1, 0xAD, 0x22, 0xCF, 0xF3, 0xC6,
        0xE5, 0xB5, 0xE7, 0xCA, 0xD3, 0xBF, 0xEC, 0xC6, 0xE5, 0xC8, 0xFC}},
      // Date, 14 bytes: 1997年11月16日.
      {0x110,
       {0x0E, 0x31, 0x39, 0x39, 0x37, 0xC4, 0xEA, 0x31, 0x31, 0xD4, 0xC2, 0x31,
        0x36, 0xC8, 0xD5}},
      {0x120, {0x04, 0xB1, 0xB1, 0xBE, 0xA9}},              // 北京
      {0x130, {0x06, 0xC1, 0xF8, 0xB4, 0xF3, 0xBB, 0xAA}},  // 柳大华
      {0x140, {0x06, 0xC2, 0xC0, 0x20, 0x20, 0xC7, 0xD5}},  // 吕  钦
      {0x1D0, {0x06, 0xC1, 0xF5, 0xB5, 0xEE, 0xD6, 0xD0}},  // 刘殿中
      {0x1E0, {0x06, 0xB9, 0xFD, 0xBA, 0xD3, 0xCF, 0xF3}},  // 过河象
      // Root record (fixed), then ply 1: from 0x2F - 24 = 23 = x2 y3 = c3, to
      // 0x38 - 32 = 24 = c4 (兵七进一); flags 0xF0: more follow; no comment.
      {0x400, {0x18, 0x20, 0xF0, 0xFF, 0, 0, 0, 0, 0x2F, 0x38, 0xF0}},
      {0x410, {0x67, 0x63, 0xF0, 0, 0, 0, 0, 0, 0x57, 0x60, 0xF0}},
      {0x420, {0x29, 0x3B, 0xF0, 0, 0, 0, 0, 0, 0x2C, 0x4A, 0xF0}},
      {0x430, {0x2B, 0x27, 0xF0, 0, 0, 0, 0, 0, 0x22, 0x36, 0xF0}},
      {0x440, {0x21, 0x33, 0xF0, 0, 0, 0, 0, 0, 0x18, 0x2A, 0xF0}},
      {0x450, {0x2B, 0x2F, 0xF0, 0, 0, 0, 0, 0, 0x24, 0x22, 0xF0}},
      {0x460, {0x27, 0x6B, 0xF0, 0, 0, 0, 0, 0, 0x60, 0x6D, 0xF0}},
      {0x470, {0x33, 0x6D, 0xF0, 0, 0, 0, 0, 0, 0x5E, 0x5E, 0xF0}},
      // Ply 16: 0x71 - 24 = 89 = i9, 0x6F - 32 = 79 = h9 (车９平８); flags 0:
      // the last move.
      {0x480, {0x71, 0x6F, 0x00, 0, 0, 0, 0, 0}},
  };
  std::string bytes(0x488, '\0');
  for (const auto& [offset, values] : rows) {
    for (size_t i = 0; i < values.size(); ++i) {
      bytes[offset + i] = static_cast<char>(values[i]);
    }
  }
  return bytes;
}

const std::vector<std::string> kSampleIccs = {
    "c3c4", "h9g7", "g3g4", "b7c7", "c0e2", "b9a7", "b0c2", "a9b9",
    "a0b0", "b9b5", "b2a2", "b5h5", "h2h7", "c7h7", "h0g2", "i9h9"};

std::vector<Move> MovesOf(const std::vector<std::string>& iccs) {
  std::vector<Move> moves;
  for (const std::string& s : iccs) {
    moves.push_back(
        Move{static_cast<uint8_t>(MakeSquare(s[0] - 'a', s[1] - '0')),
             static_cast<uint8_t>(MakeSquare(s[2] - 'a', s[3] - '0'))});
  }
  return moves;
}

// An endgame with Black to move, two pieces of a kind and pieces off the board.
constexpr std::string_view kEndgameFen =
    "2bak4/4a4/4b4/9/9/2P6/9/4B4/4A4/3AK1R2 b - - 0 1";
const std::vector<std::string> kEndgameIccs = {"c9a7", "g0g9", "e7g9", "c4c5"};

TEST(RecordXqfTest, DocumentedSampleByteByByte) {
  const std::string bytes = DocumentedSample();
  ASSERT_EQ(bytes.size(), 1160u);
  EXPECT_TRUE(LooksLikeXqf(bytes));
  absl::StatusOr<GameRecord> r = ParseXqf(bytes);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->start_fen, kStartFen);
  EXPECT_EQ(IccsOf(r->moves), kSampleIccs);
  EXPECT_EQ(r->result, "0-1");
  EXPECT_THAT(r->tags,
              ElementsAre(Pair("Title", "仙人指路对起马局"),
                          Pair("Event", "\"中立杯\"象棋电视快棋赛"),
                          Pair("Date", "1997年11月16日"), Pair("Site", "北京"),
                          Pair("Red", "柳大华"), Pair("Black", "吕  钦"),
                          Pair("Result", "0-1"), Pair("Annotator", "刘殿中"),
                          Pair("Author", "过河象")));
}

TEST(RecordXqfTest, PlainRoundTripWithCommentsAndVariation) {
  XqfGame game;
  game.moves = MovesOf(kSampleIccs);
  game.comments = {"root comment", "", "a comment on ply 2"};
  game.variation_ply = 3;  // 3... an alternative to g3g4
  game.variation = MovesOf({"b0c2", "b9c7"});
  game.result = 3;
  game.red = "\xC1\xF8\xB4\xF3\xBB\xAA";  // 柳大华
  const std::string bytes = WriteXqf(game);
  absl::StatusOr<GameRecord> r = ParseXqf(bytes);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(IccsOf(r->moves), kSampleIccs);
  EXPECT_EQ(r->result, "1/2-1/2");
  EXPECT_THAT(r->tags,
              ElementsAre(Pair("Red", "柳大华"), Pair("Result", "1/2-1/2")));
}

TEST(RecordXqfTest, EncryptedVersionsRoundTrip) {
  for (int version : {11, 12, 18}) {
    XqfGame game;
    game.version = version;
    game.keys = {0xA3, 0x12, 0x34, 0x56, 0x78, 0x11, 0x22,
                 0x33, 0x44, 0xC5, 0x9F, 0x6E, 0xE1};
    game.kind = 3;
    game.start_fen = std::string(kEndgameFen);
    game.moves = MovesOf(kEndgameIccs);
    game.comments = {"", "\xB1\xB1\xBE\xA9", "", "", "last"};
    game.variation_ply = 2;
    game.variation = MovesOf({"c4c5"});
    game.result = 2;
    game.event = "Test";
    const std::string bytes = WriteXqf(game);
    absl::StatusOr<GameRecord> r = ParseXqf(bytes);
    ASSERT_TRUE(r.ok()) << "version " << version << ": " << r.status();
    EXPECT_EQ(r->start_fen, kEndgameFen) << version;
    EXPECT_EQ(IccsOf(r->moves), kEndgameIccs) << version;
    EXPECT_EQ(r->result, "0-1");
    EXPECT_THAT(r->tags,
                ElementsAre(Pair("Event", "Test"), Pair("Result", "0-1")));
  }
}

TEST(RecordXqfTest, EncryptedRoundTripsUnderManyKeys) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    XqfGame game;
    game.version = trial % 2 == 0 ? 11 : 18;
    for (uint8_t& k : game.keys) k = static_cast<uint8_t>(rng());
    game.kind = 3;
    game.start_fen = std::string(kEndgameFen);
    game.moves = MovesOf(kEndgameIccs);
    game.comments = {"c0", "c1", "", "c3"};
    absl::StatusOr<GameRecord> r = ParseXqf(WriteXqf(game));
    ASSERT_TRUE(r.ok()) << "trial " << trial << ": " << r.status();
    ASSERT_EQ(r->start_fen, kEndgameFen) << trial;
    ASSERT_EQ(IccsOf(r->moves), kEndgameIccs) << trial;
  }
}

TEST(RecordXqfTest, RootOnlyAndResultCodes) {
  XqfGame game;
  game.result = 4;  // some writers' draw
  absl::StatusOr<GameRecord> r = ParseXqf(WriteXqf(game));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->moves.empty());
  EXPECT_EQ(r->start_fen, kStartFen);
  EXPECT_EQ(r->result, "1/2-1/2");
  game.result = 9;
  r = ParseXqf(WriteXqf(game));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->result, "");
  EXPECT_TRUE(r->tags.empty());
}

TEST(RecordXqfTest, BlankSlotsOfAFullGameMeanTheStandardStart) {
  std::string bytes = DocumentedSample();
  for (int i = 0; i < 32; ++i) bytes[0x10 + i] = 0;
  absl::StatusOr<GameRecord> r = ParseXqf(bytes);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->start_fen, kStartFen);
  bytes[0x40] = 3;  // an endgame must have a valid table
  r = ParseXqf(bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(),
              HasSubstr("slots 0 and 1 both stand on a0"));
}

TEST(RecordXqfTest, ErrorsNameTheFieldOffsetOrPly) {
  const std::string sample = DocumentedSample();
  struct Case {
    std::string bytes;
    std::string message;
  };
  std::string illegal = sample;
  illegal[0x409] = 0x39;  // ply 1 to c5: a pawn does not move two steps
  std::string off_board = sample;
  off_board[0x409] = static_cast<char>(0xFF);
  std::string long_comment = sample;
  long_comment[0x405] = 0x7F;  // root comment length 0x7F00
  std::string truncated = sample.substr(0, sample.size() - 3);
  std::string endgame = sample;
  endgame[0x40] = 3;
  endgame[0x11] = endgame[0x10];
  const std::vector<Case> cases = {
      {"XQ", "shorter than the 1024-byte header"},
      {"PK" + std::string(2000, '\0'), "does not start with \"XQ\""},
      {std::string(kMaxXqfBytes + 1, 'X'), "more than the limit"},
      {illegal, "XQF ply 1 (c3c5)"},
      {off_board, "XQF ply 1: record at offset 0x0408 has to-point 223"},
      {long_comment, "XQF root: comment length 32512 at offset 0x0404"},
      {truncated, "XQF ply 16: the file ends at offset 0x0484"},
      {endgame,
       "XQF piece slots (offset 0x0010): slots 0 and 1 both stand on "
       "i0"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<GameRecord> r = ParseXqf(c.bytes);
    ASSERT_FALSE(r.ok()) << c.message;
    EXPECT_THAT(r.status().message(), HasSubstr(c.message));
  }
}

TEST(RecordXqfTest, EveryPrefixAndByteFlipIsHandled) {
  XqfGame game;
  game.version = 12;
  game.keys = {0xFF, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  game.moves = MovesOf(kSampleIccs);
  game.comments = {"x", "y"};
  for (const std::string& bytes : {DocumentedSample(), WriteXqf(game)}) {
    for (size_t n = 0; n <= bytes.size(); ++n) {
      (void)ParseXqf(bytes.substr(0, n));
    }
    for (size_t i = 0x3F0; i < bytes.size(); ++i) {
      std::string flipped = bytes;
      flipped[i] = static_cast<char>(flipped[i] ^ 0x5A);
      (void)ParseXqf(flipped);
    }
  }
}

}  // namespace
}  // namespace caipan::xiangqi
