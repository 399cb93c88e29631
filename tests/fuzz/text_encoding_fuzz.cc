// Fuzz target for reading record files as people have them: encoding
// detection, conversion to UTF-8 and ParseRecords on the result. Conversion
// must give valid UTF-8 or an error; every game read must replay legally.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/common/text.h"
#include "engine/common/text_encoding.h"
#include "engine/xiangqi/record.h"

namespace xq = ::caipan::xiangqi;

namespace {

bool IsValidUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    size_t length = caipan::Utf8SequenceLength(text.substr(i));
    if (length == 0) return false;
    i += length;
  }
  return true;
}

void CheckGames(std::string_view text) {
  std::vector<xq::RecordEntry> games = xq::ParseRecords(text);
  int index = 0;
  for (const xq::RecordEntry& game : games) {
    if (game.index != ++index || game.first_line < 1) __builtin_trap();
    if (!game.record.ok()) continue;
    absl::StatusOr<xq::Position> pos =
        xq::Position::FromFen(game.record->start_fen);
    if (!pos.ok()) __builtin_trap();
    for (xq::Move m : game.record->moves) {
      if (!pos->IsLegal(m)) __builtin_trap();
      pos->MakeMove(m);
    }
    for (const xq::RecordedClaim& claim : game.record->claims) {
      if (claim.ply < 0 ||
          claim.ply > static_cast<int>(game.record->moves.size())) {
        __builtin_trap();
      }
    }
    xq::RecordedOutcomeOf(*game.record);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  caipan::TextEncoding detected = caipan::DetectTextEncoding(bytes);
  if (detected == caipan::TextEncoding::kAuto) __builtin_trap();
  if (IsValidUtf8(bytes) && detected != caipan::TextEncoding::kUtf8)
    __builtin_trap();
  for (caipan::TextEncoding e :
       {caipan::TextEncoding::kAuto, caipan::TextEncoding::kUtf8,
        caipan::TextEncoding::kGb18030, caipan::TextEncoding::kBig5}) {
    absl::StatusOr<std::string> text = caipan::ToUtf8(bytes, e);
    if (!text.ok()) continue;
    if (!IsValidUtf8(*text)) __builtin_trap();
    if (e == caipan::TextEncoding::kAuto) CheckGames(*text);
  }
  return 0;
}
