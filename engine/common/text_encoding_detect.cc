// Telling GB18030 from Big5. Both decode most byte strings, so each reading is
// scored: undecodable characters cost much, characters from the encoding's
// block of frequent characters and words common in game records earn points,
// rarely used characters cost a little. The right reading wins by a wide
// margin on any real text: the wrong one turns common characters into kana,
// private-use or rare ones.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/common/iconv_decoder.h"
#include "engine/common/text.h"
#include "engine/common/text_encoding.h"

namespace caipan {
namespace {

constexpr size_t kSampleBytes = size_t{1} << 20;
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::string_view kGb18030Bom = "\x84\x31\x95\x33";

constexpr int kUndecodable = -10;
constexpr int kVeryRare = -4;
constexpr int kRare = -1;
constexpr int kFrequent = 2;
constexpr int kVocabulary = 4;  // on top of kFrequent when in the block too

// Words of game records (notation, numerals, results), in simplified and
// traditional forms. General frequent words are left to the block scores:
// in short texts such as names they match the wrong reading as often as the
// right one.
constexpr std::string_view kVocabularyText =
    "车車俥马馬傌炮砲包相象仕士帅帥将將兵卒进進退平前后後"
    "一二三四五六七八九０１２３４５６７８９"
    "红紅黑胜勝负負和棋赛賽杯届屆局";

// Code points of kVocabularyText, sorted.
const std::vector<uint32_t>& Vocabulary() {
  static const std::vector<uint32_t>* const kSet = [] {
    auto* set = new std::vector<uint32_t>;
    std::string_view text = kVocabularyText;
    while (!text.empty()) {
      size_t length = Utf8SequenceLength(text);
      uint32_t cp =
          static_cast<unsigned char>(text[0]) & (0xFF >> (length + 1));
      for (size_t i = 1; i < length; ++i)
        cp = (cp << 6) | (static_cast<unsigned char>(text[i]) & 0x3F);
      set->push_back(cp);
      text.remove_prefix(length);
    }
    std::sort(set->begin(), set->end());
    return set;
  }();
  return *kSet;
}

// The first code point of the UTF-32LE output, or 0 if none.
uint32_t FirstCodePoint(const std::string& utf32) {
  if (utf32.size() < 4) return 0;
  uint32_t cp = 0;
  for (int i = 3; i >= 0; --i)
    cp = (cp << 8) | static_cast<unsigned char>(utf32[i]);
  return cp;
}

bool InRange(unsigned char c, unsigned char low, unsigned char high) {
  return c >= low && c <= high;
}

// Length of the character starting at `bytes[i]` by the encoding's byte
// structure; 0 if the lead and trail bytes cannot form one, -1 if the text
// ends inside it.
int CharLength(TextEncoding encoding, std::string_view bytes, size_t i) {
  unsigned char lead = bytes[i];
  if (lead < 0x80) return 1;
  if (!InRange(lead, 0x81, 0xFE)) return 0;
  if (i + 1 >= bytes.size()) return -1;
  unsigned char trail = bytes[i + 1];
  if (encoding == TextEncoding::kBig5) {
    return InRange(trail, 0x40, 0x7E) || InRange(trail, 0xA1, 0xFE) ? 2 : 0;
  }
  if (InRange(trail, 0x40, 0x7E) || InRange(trail, 0x80, 0xFE)) return 2;
  if (!InRange(trail, 0x30, 0x39)) return 0;
  if (i + 3 >= bytes.size()) return -1;
  return InRange(bytes[i + 2], 0x81, 0xFE) && InRange(bytes[i + 3], 0x30, 0x39)
             ? 4
             : 0;
}

// Points for a decodable two-byte character by where it sits in the code
// table: GB2312 level 1 (lead B0-D7, trail A1-FE) holds the 3755 most used
// hanzi, Big5 A440-C67E the 5401 "frequently used" ones; symbols and the less
// common levels are neutral, and so is GBK's block of traditional characters
// (lead 81-A0, never produced by Big5 text). GBK's other extension (trail
// bytes below A1, where Big5 puts many common characters) and user-defined
// areas count as rare; Big5's Hong Kong extension (lead below A1 or above F9,
// where GBK puts its traditional characters) as very rare.
int BlockScore(TextEncoding encoding, unsigned char lead, unsigned char trail) {
  if (encoding == TextEncoding::kGb18030) {
    if (InRange(lead, 0x81, 0xA0)) return 0;
    if (trail < 0xA1) return kRare;
    if (InRange(lead, 0xB0, 0xD7)) return kFrequent;
    if (InRange(lead, 0xA1, 0xA9) || InRange(lead, 0xD8, 0xF7)) return 0;
    return kRare;
  }
  if (InRange(lead, 0xA4, 0xC5) || (lead == 0xC6 && trail <= 0x7E))
    return kFrequent;
  if (InRange(lead, 0xA1, 0xA3) || InRange(lead, 0xC9, 0xF9)) return 0;
  if (lead < 0xA1 || lead > 0xF9) return kVeryRare;
  return kRare;
}

// The score of reading `sample` in `encoding`; `truncated` when the sample is
// cut from longer text, so a character cut at its end is not held against it.
long Score(TextEncoding encoding, std::string_view sample, bool truncated) {
  absl::StatusOr<text_internal::IconvDecoder> decoder =
      text_internal::IconvDecoder::Open(encoding, "UTF-32LE");
  if (!decoder.ok()) return std::numeric_limits<long>::min();
  const std::vector<uint32_t>& vocabulary = Vocabulary();
  long score = 0;
  std::string decoded;
  for (size_t i = 0; i < sample.size();) {
    int length = CharLength(encoding, sample, i);
    if (length == 1) {
      ++i;
      continue;
    }
    if (length < 0 && truncated) break;
    if (length <= 0) {
      score += kUndecodable;
      ++i;
      continue;
    }
    decoded.clear();
    size_t error_offset;
    if (!decoder->Convert(sample.substr(i, length), &decoded, &error_offset)) {
      score += kUndecodable;
      ++i;  // resynchronise on the next byte, as a reader would
      continue;
    }
    uint32_t cp = FirstCodePoint(decoded);
    score += length == 4
                 ? kRare
                 : BlockScore(encoding, static_cast<unsigned char>(sample[i]),
                              static_cast<unsigned char>(sample[i + 1]));
    if (std::binary_search(vocabulary.begin(), vocabulary.end(), cp))
      score += kVocabulary;
    i += length;
  }
  return score;
}

bool IsValidUtf8(std::string_view bytes) {
  for (size_t i = 0; i < bytes.size();) {
    size_t length = Utf8SequenceLength(bytes.substr(i));
    if (length == 0) return false;
    i += length;
  }
  return true;
}

}  // namespace

TextEncoding DetectTextEncoding(std::string_view bytes) {
  if (bytes.substr(0, kUtf8Bom.size()) == kUtf8Bom) return TextEncoding::kUtf8;
  if (bytes.substr(0, kGb18030Bom.size()) == kGb18030Bom)
    return TextEncoding::kGb18030;
  if (IsValidUtf8(bytes)) return TextEncoding::kUtf8;
  bool truncated = bytes.size() > kSampleBytes;
  std::string_view sample = bytes.substr(0, kSampleBytes);
  long big5 = Score(TextEncoding::kBig5, sample, truncated);
  long gb = Score(TextEncoding::kGb18030, sample, truncated);
  // GB18030 on a tie: it also covers GBK and GB2312, the more widespread.
  return big5 > gb ? TextEncoding::kBig5 : TextEncoding::kGb18030;
}

}  // namespace caipan
