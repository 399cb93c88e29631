// A small XQF writer for tests, written from the format description (see the
// layout comment in engine/xiangqi/record_xqf.cc): it produces plain (version
// 10) and encrypted (version 11 and newer) files from a known game, so the
// reader can be checked on round trips without binary sample files.
#ifndef CAIPAN_TESTS_ENGINE_XIANGQI_XQF_TEST_WRITER_H_
#define CAIPAN_TESTS_ENGINE_XIANGQI_XQF_TEST_WRITER_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi::xqf_test {

struct XqfGame {
  int version = 10;
  // Header bytes 003-00F (key mask, product id, OR bytes, sum, three keys);
  // only read by encrypted versions.
  std::array<uint8_t, 13> keys{};
  std::string start_fen = std::string(kStartFen);
  int kind = 0;        // 0 full game ... 3 endgame
  uint8_t result = 0;  // 0 unknown, 1 red, 2 black, 3 draw
  std::vector<Move> moves;
  // comments[i]: the comment of node i (0 = root); missing ones are empty.
  std::vector<std::string> comments;
  // A variation: an alternative to main-line ply `variation_ply` (1-based; 0
  // for none), written after the main line as the pre-order layout puts it.
  int variation_ply = 0;
  std::vector<Move> variation;
  // Header texts as raw (GB18030) bytes.
  std::string title, event, date, site, red, black, annotator, author;
};

namespace internal {

inline uint8_t Scramble(uint8_t k, uint8_t factor) {
  return static_cast<uint8_t>((54u * k * k + 221u) * factor);
}

inline uint8_t Point(int sq) {
  return static_cast<uint8_t>(FileOf(sq) * 10 + RankOf(sq));
}

inline void PutText(std::string& header, size_t offset, size_t size,
                    const std::string& text) {
  const size_t n = text.size() < size - 1 ? text.size() : size - 1;
  header[offset] = static_cast<char>(n);
  header.replace(offset + 1, n, text.substr(0, n));
}

}  // namespace internal

inline std::string WriteXqf(const XqfGame& game) {
  using internal::Point;
  using internal::Scramble;
  const bool encrypted = game.version >= 11;
  std::string out(0x400, '\0');
  out[0] = 'X';
  out[1] = 'Q';
  out[2] = static_cast<char>(game.version);
  uint8_t position_key = 0, from_key = 0, to_key = 0;
  int64_t comment_key = 0;
  std::array<uint8_t, 32> stream{};
  if (encrypted) {
    for (int i = 0; i < 13; ++i) out[3 + i] = static_cast<char>(game.keys[i]);
    auto k = [&game](int offset) { return game.keys[offset - 3]; };
    position_key = Scramble(k(0x0D), k(0x0D));
    from_key = Scramble(k(0x0E), position_key);
    to_key = Scramble(k(0x0F), from_key);
    comment_key = (k(0x0C) * 256 + k(0x0D)) % 32000 + 767;
    constexpr char kMask[] = "[(C) Copyright Mr. Dong Shiwei.]";
    for (int i = 0; i < 32; ++i) {
      stream[i] = static_cast<uint8_t>(kMask[i]) &
                  ((k(0x0C + i % 4) & k(0x03)) | k(0x08 + i % 4));
    }
  }

  // Piece slots: each piece takes the first free slot of its kind.
  constexpr std::string_view kSlotLetters = "RNBAKABNRCCPPPPPrnbakabnrccppppp";
  std::array<uint8_t, 32> points;
  points.fill(0xFF);
  Position start = *Position::FromFen(game.start_fen);
  for (int sq = 0; sq < kSquares; ++sq) {
    Piece p = start.PieceAt(sq);
    if (p == kNoPiece) continue;
    for (int slot = 0; slot < 32; ++slot) {
      if (points[slot] == 0xFF && kSlotLetters[slot] == PieceToFenChar(p)) {
        points[slot] = Point(sq);
        break;
      }
    }
  }
  for (int i = 0; i < 32; ++i) {
    const int slot = game.version >= 12 ? (position_key + 1 + i) % 32 : i;
    out[0x10 + i] = static_cast<char>(points[slot] + position_key);
  }
  out[0x33] = static_cast<char>(game.result);
  out[0x40] = static_cast<char>(game.kind);
  internal::PutText(out, 0x50, 64, game.title);
  internal::PutText(out, 0xD0, 64, game.event);
  internal::PutText(out, 0x110, 16, game.date);
  internal::PutText(out, 0x120, 16, game.site);
  internal::PutText(out, 0x130, 16, game.red);
  internal::PutText(out, 0x140, 16, game.black);
  internal::PutText(out, 0x1D0, 16, game.annotator);
  internal::PutText(out, 0x1E0, 16, game.author);

  // Records, in plain bytes first.
  std::string body;
  auto put32 = [&body](int64_t v) {
    const uint32_t u = static_cast<uint32_t>(v);
    for (int i = 0; i < 4; ++i) body.push_back(static_cast<char>(u >> (8 * i)));
  };
  auto node = [&](uint8_t from, uint8_t to, bool next, bool sibling,
                  const std::string& comment) {
    body.push_back(static_cast<char>(from + 24 + from_key));
    body.push_back(static_cast<char>(to + 32 + to_key));
    uint8_t flags;
    if (encrypted) {
      flags = (next ? 0x80 : 0) | (sibling ? 0x40 : 0) |
              (comment.empty() ? 0 : 0x20);
    } else {
      flags = (next ? 0xF0 : 0) | (sibling ? 0x0F : 0);
    }
    body.push_back(static_cast<char>(flags));
    body.push_back(0);
    if (!encrypted || !comment.empty()) {
      put32(static_cast<int64_t>(comment.size()) +
            (encrypted ? comment_key : 0));
      body += comment;
    }
  };
  auto comment_of = [&game](size_t i) {
    return i < game.comments.size() ? game.comments[i] : std::string();
  };
  const size_t n = game.moves.size();
  node(0, 0, n > 0, false, comment_of(0));
  for (size_t i = 0; i < n; ++i) {
    node(Point(game.moves[i].from), Point(game.moves[i].to), i + 1 < n,
         static_cast<int>(i + 1) == game.variation_ply, comment_of(i + 1));
  }
  for (size_t i = 0; i < game.variation.size(); ++i) {
    node(Point(game.variation[i].from), Point(game.variation[i].to),
         i + 1 < game.variation.size(), false, "var");
  }
  for (size_t i = 0; i < body.size(); ++i) {
    out.push_back(
        static_cast<char>(static_cast<uint8_t>(body[i]) + stream[i % 32]));
  }
  return out;
}

}  // namespace caipan::xiangqi::xqf_test

#endif  // CAIPAN_TESTS_ENGINE_XIANGQI_XQF_TEST_WRITER_H_
