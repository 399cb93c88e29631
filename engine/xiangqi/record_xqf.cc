// XQF reader.
//
// Layout (all offsets hexadecimal, integers little-endian):
//
// Header, 0x400 bytes:
//   000-001  "XQ"
//   002      version: 10 (0x0A) and older are plain, 11 and newer encrypted
//   003      key mask            } used by encrypted files only; zero in
//   004-007  product id          } plain ones
//   008-00B  four key OR bytes   }
//   00C      key sum             }
//   00D-00F  position, from-square and to-square keys
//   010-02F  32 piece slots (red chariot, horse, elephant, advisor, king,
//            advisor, elephant, horse, chariot, cannon, cannon, 5 pawns, then
//            black the same): point x*10+y, x = file 0-8 from Red's left,
//            y = rank 0-9 from Red's back rank; 90 and above: not on the board
//   033      result: 0 unknown, 1 red won, 2 black won, 3 (or 4) drawn
//   040      record kind: 0 full game, 1 opening, 2 middle game, 3 endgame
//   Texts, each a length byte then that many GB18030 bytes in a fixed field:
//   050 title (64), 0D0 event (64), 110 date (16), 120 site (16), 130 red
//   (16), 140 black (16), 150 time control (64), 190 red's time (16), 1A0
//   black's time (16), 1D0 annotator (16), 1E0 author (16).
//
// Move tree from 0x400: one record per node in pre-order, first child before
// the next sibling, so the main line is the leading run of records. The first
// record is the root (the start position; its squares mean nothing).
//   Plain: from+24, to+32, flags, reserved, then a 32-bit comment length and
//   the comment. Flags 0xF0: a next move follows; 0x0F: a sibling follows.
//   Encrypted: from+24+from_key, to+32+to_key, flags, reserved; flags 0x80: a
//   next move, 0x40: a sibling, 0x20: a comment, whose 32-bit length (plus
//   comment_key) and text follow. Every byte from 0x400 on is stored plus a
//   32-byte key stream, repeating from 0x400.
//
// Keys of encrypted files: with f(k) = 54*k*k + 221 (all mod 256),
//   position_key = f(k[00D]) * k[00D], from_key = f(k[00E]) * position_key,
//   to_key = f(k[00F]) * from_key, comment_key = (k[00C]*256 + k[00D]) mod
//   32000 + 767; key stream byte i = kStreamMask[i] & (k[00C + i%4] & k[003]
//   | k[008 + i%4]). Piece slot bytes are stored plus position_key; from
//   version 12 on slot i is also stored at index (position_key + 1 + i) mod 32.
#include "engine/xiangqi/record_xqf.h"

#include <errno.h>
#include <iconv.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"
#include "engine/xiangqi/record_setup.h"

namespace caipan::xiangqi {
namespace {

constexpr size_t kHeaderSize = 0x400;
constexpr int kFirstEncryptedVersion = 11;
constexpr int kFirstPermutedVersion = 12;
constexpr size_t kSlotsOffset = 0x10;
constexpr size_t kResultOffset = 0x33;
constexpr size_t kKindOffset = 0x40;
constexpr char kStreamMask[] = "[(C) Copyright Mr. Dong Shiwei.]";
static_assert(sizeof(kStreamMask) == 33);

struct TextField {
  size_t offset;
  size_t size;  // length byte included
  const char* tag;
};
// In tag order; the result goes after Black.
constexpr TextField kTitle{0x50, 64, "Title"};
constexpr TextField kAfterTitle[] = {{0xD0, 64, "Event"},
                                     {0x110, 16, "Date"},
                                     {0x120, 16, "Site"},
                                     {0x130, 16, "Red"},
                                     {0x140, 16, "Black"}};
constexpr TextField kAfterResult[] = {{0x150, 64, "TimeControl"},
                                      {0x190, 16, "RedTime"},
                                      {0x1A0, 16, "BlackTime"},
                                      {0x1D0, 16, "Annotator"},
                                      {0x1E0, 16, "Author"}};

// GB18030 (a superset of GBK) to UTF-8; an undecodable byte becomes U+FFFD.
// A private stand-in until the shared encoding module can take its place.
std::string Gb18030ToUtf8(std::string_view in) {
  constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  std::string out;
  iconv_t cd = iconv_open("UTF-8", "GB18030");
  if (cd == reinterpret_cast<iconv_t>(-1)) {
    // No converter installed: keep ASCII, mark the rest.
    for (char c : in) {
      if (static_cast<unsigned char>(c) < 0x80) {
        out.push_back(c);
      } else {
        out.append(kReplacement);
      }
    }
    return out;
  }
  // A GB18030 character never takes more UTF-8 bytes than 2 per input byte; a
  // replaced byte takes 3.
  std::string buffer(in.size() * 3 + 4, '\0');
  char* src = const_cast<char*>(in.data());
  size_t src_left = in.size();
  char* dst = buffer.data();
  size_t dst_left = buffer.size();
  while (src_left > 0) {
    if (iconv(cd, &src, &src_left, &dst, &dst_left) != static_cast<size_t>(-1))
      break;
    if (errno != EILSEQ && errno != EINVAL) break;  // E2BIG cannot happen
    if (dst_left < kReplacement.size()) break;
    for (char c : kReplacement) *dst++ = c;
    dst_left -= kReplacement.size();
    ++src;
    --src_left;
  }
  iconv_close(cd);
  buffer.resize(buffer.size() - dst_left);
  return buffer;
}

uint8_t Byte(std::string_view bytes, size_t offset) {
  return static_cast<uint8_t>(bytes[offset]);
}

// A header text: the length byte is clamped to the field (some writers fill
// it up), the text is cut at a NUL and trimmed.
std::string HeaderText(std::string_view header, const TextField& field) {
  size_t length = Byte(header, field.offset);
  if (length > field.size - 1) length = field.size - 1;
  std::string_view raw = header.substr(field.offset + 1, length);
  raw = raw.substr(0, raw.find('\0'));
  std::string text = Gb18030ToUtf8(raw);
  absl::StripAsciiWhitespace(&text);
  return text;
}

std::string ResultFromCode(uint8_t code) {
  switch (code) {
    case 1:
      return "1-0";
    case 2:
      return "0-1";
    case 3:
    case 4:  // seen in real files for a draw
      return "1/2-1/2";
    default:
      return "";
  }
}

// The keys an encrypted file derives from header bytes 003-00F; all zero for a
// plain file.
struct Keys {
  uint8_t position = 0;
  uint8_t from = 0;
  uint8_t to = 0;
  int64_t comment = 0;
  std::array<uint8_t, 32> stream{};
};

uint8_t Scramble(uint8_t k, uint8_t factor) {
  const uint32_t f = 54u * k * k + 221u;
  return static_cast<uint8_t>(f * factor);
}

Keys DeriveKeys(std::string_view header) {
  Keys keys;
  const uint8_t mask = Byte(header, 0x03);
  const uint8_t sum = Byte(header, 0x0C);
  const uint8_t position_seed = Byte(header, 0x0D);
  keys.position = Scramble(position_seed, position_seed);
  keys.from = Scramble(Byte(header, 0x0E), keys.position);
  keys.to = Scramble(Byte(header, 0x0F), keys.from);
  keys.comment = (sum * 256 + position_seed) % 32000 + 767;
  for (int i = 0; i < 32; ++i) {
    const uint8_t key =
        (Byte(header, 0x0C + i % 4) & mask) | Byte(header, 0x08 + i % 4);
    keys.stream[i] = static_cast<uint8_t>(kStreamMask[i]) & key;
  }
  return keys;
}

std::string Hex(size_t offset) { return absl::StrFormat("0x%04X", offset); }

// Reads the move records after the header, undoing the key stream.
class RecordReader {
 public:
  RecordReader(std::string_view bytes, bool encrypted, const Keys& keys)
      : bytes_(bytes), encrypted_(encrypted), keys_(keys) {}

  size_t offset() const { return offset_; }
  size_t left() const { return bytes_.size() - offset_; }

  // False if fewer than n bytes are left.
  bool Read(size_t n, uint8_t* out) {
    if (left() < n) return false;
    for (size_t i = 0; i < n; ++i, ++offset_) {
      uint8_t b = Byte(bytes_, offset_);
      if (encrypted_) b -= keys_.stream[(offset_ - kHeaderSize) % 32];
      out[i] = b;
    }
    return true;
  }
  void Skip(size_t n) { offset_ += n; }

 private:
  std::string_view bytes_;
  bool encrypted_;
  const Keys& keys_;
  size_t offset_ = kHeaderSize;
};

struct Node {
  uint8_t from = 0;  // decoded point x*10+y (not yet checked)
  uint8_t to = 0;
  bool has_next = false;
  size_t offset = 0;
};

// Reads one node and skips its comment. `what` names it in errors.
absl::StatusOr<Node> ReadNode(RecordReader& reader, bool encrypted,
                              const Keys& keys, const std::string& what) {
  Node node;
  node.offset = reader.offset();
  uint8_t head[4];
  if (!reader.Read(4, head)) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": the file ends at offset ", Hex(node.offset),
                     " inside its record"));
  }
  node.from = static_cast<uint8_t>(head[0] - 24 - keys.from);
  node.to = static_cast<uint8_t>(head[1] - 32 - keys.to);
  const uint8_t flags = head[2];
  node.has_next = encrypted ? (flags & 0x80) != 0 : (flags & 0xF0) != 0;
  const bool has_comment = encrypted ? (flags & 0x20) != 0 : true;
  if (!has_comment) return node;
  uint8_t size[4];
  const size_t size_offset = reader.offset();
  if (!reader.Read(4, size)) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": the file ends at offset ", Hex(size_offset),
                     " inside its comment length"));
  }
  const int32_t stored = static_cast<int32_t>(
      static_cast<uint32_t>(size[0]) | static_cast<uint32_t>(size[1]) << 8 |
      static_cast<uint32_t>(size[2]) << 16 |
      static_cast<uint32_t>(size[3]) << 24);
  const int64_t length = encrypted ? stored - keys.comment : stored;
  if (length < 0 || static_cast<uint64_t>(length) > reader.left()) {
    return absl::InvalidArgumentError(absl::StrCat(
        what, ": comment length ", length, " at offset ", Hex(size_offset),
        " does not fit the ", reader.left(), " bytes left"));
  }
  reader.Skip(static_cast<size_t>(length));
  return node;
}

// Board square of an XQF point, or nullopt when it is off the board.
std::optional<int> SquareOfPoint(uint8_t point) {
  if (point >= 90) return std::nullopt;
  return MakeSquare(point / 10, point % 10);
}

}  // namespace

bool LooksLikeXqf(std::string_view bytes) {
  return bytes.size() >= 2 && bytes[0] == 'X' && bytes[1] == 'Q';
}

absl::StatusOr<GameRecord> ParseXqf(std::string_view bytes) {
  if (bytes.size() > kMaxXqfBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("XQF: ", bytes.size(), " bytes, more than the limit of ",
                     kMaxXqfBytes));
  }
  if (!LooksLikeXqf(bytes)) {
    return absl::InvalidArgumentError(
        "XQF: the file does not start with \"XQ\"");
  }
  if (bytes.size() < kHeaderSize) {
    return absl::InvalidArgumentError(
        absl::StrCat("XQF: ", bytes.size(), " bytes, shorter than the ",
                     kHeaderSize, "-byte header"));
  }
  const std::string_view header = bytes.substr(0, kHeaderSize);
  const int version = Byte(header, 0x02);
  const bool encrypted = version >= kFirstEncryptedVersion;
  const Keys keys = encrypted ? DeriveKeys(header) : Keys{};

  // The main line: the root, then each node's first child.
  RecordReader reader(bytes, encrypted, keys);
  absl::StatusOr<Node> root = ReadNode(reader, encrypted, keys, "XQF root");
  if (!root.ok()) return root.status();
  std::vector<Move> moves;
  for (bool more = root->has_next; more;) {
    const int ply = static_cast<int>(moves.size()) + 1;
    if (ply > kMaxXqfPlies) {
      return absl::InvalidArgumentError(
          absl::StrCat("XQF ply ", ply, ": the main line is longer than ",
                       kMaxXqfPlies, " plies"));
    }
    const std::string what = absl::StrCat("XQF ply ", ply);
    absl::StatusOr<Node> node = ReadNode(reader, encrypted, keys, what);
    if (!node.ok()) return node.status();
    std::optional<int> from = SquareOfPoint(node->from);
    std::optional<int> to = SquareOfPoint(node->to);
    if (!from || !to) {
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": record at offset ", Hex(node->offset), " has ",
                       from ? "to" : "from", "-point ",
                       from ? node->to : node->from, ", off the board"));
    }
    moves.push_back(
        Move{static_cast<uint8_t>(*from), static_cast<uint8_t>(*to)});
    more = node->has_next;
  }

  // The start position from the piece slots.
  std::array<int, 32> slots;
  for (int i = 0; i < 32; ++i) {
    const int stored_at =
        version >= kFirstPermutedVersion ? (keys.position + 1 + i) % 32 : i;
    const uint8_t point =
        static_cast<uint8_t>(Byte(header, kSlotsOffset + i) - keys.position);
    slots[stored_at] = SquareOfPoint(point).value_or(kNoSquare);
  }
  const int first_from = moves.empty() ? kNoSquare : moves[0].from;
  absl::StatusOr<Position> start =
      PositionFromSlots(slots, first_from, "XQF piece slots (offset 0x0010)");
  if (!start.ok()) {
    // Full-game and opening records start from the standard position; other
    // readers ignore the slots of such files, so a broken table is forgiven.
    if (Byte(header, kKindOffset) >= 2) return start.status();
    start = Position::Start();
  }
  CAIPAN_RETURN_IF_ERROR(CheckReplay(*start, moves, "XQF"));

  GameRecord record;
  record.start_fen = start->ToFen();
  record.moves = std::move(moves);
  record.result = ResultFromCode(Byte(header, kResultOffset));
  auto add_tag = [&record](const char* tag, std::string value) {
    if (!value.empty()) record.tags.emplace_back(tag, std::move(value));
  };
  add_tag(kTitle.tag, HeaderText(header, kTitle));
  for (const TextField& field : kAfterTitle) {
    add_tag(field.tag, HeaderText(header, field));
  }
  add_tag("Result", record.result);
  for (const TextField& field : kAfterResult) {
    add_tag(field.tag, HeaderText(header, field));
  }
  return record;
}

}  // namespace caipan::xiangqi
