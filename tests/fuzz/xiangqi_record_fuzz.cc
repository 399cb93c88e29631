// Fuzz target for the game-record reader (plain text and PGN). A record that
// parses must replay legally from its start position, and its PGN export in
// every notation must read back to the same moves, claims and result.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/xiangqi/record.h"

namespace xq = ::caipan::xiangqi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<xq::GameRecord> record = xq::ParseRecord(text);
  if (!record.ok()) return 0;
  absl::StatusOr<xq::Position> pos = xq::Position::FromFen(record->start_fen);
  if (!pos.ok()) __builtin_trap();
  for (xq::Move m : record->moves) {
    if (!pos->IsLegal(m)) __builtin_trap();
    pos->MakeMove(m);
  }
  for (xq::Notation n :
       {xq::Notation::kIccs, xq::Notation::kWxf, xq::Notation::kChinese}) {
    absl::StatusOr<xq::GameRecord> back =
        xq::ParseRecord(xq::FormatPgn(*record, n));
    if (!back.ok() || back->moves != record->moves ||
        back->start_fen != record->start_fen ||
        back->claims != record->claims) {
      __builtin_trap();
    }
    if (!record->result.empty() && back->result != record->result) {
      __builtin_trap();
    }
  }
  return 0;
}
