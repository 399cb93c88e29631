// Fuzz target for the XQF and DhtmlXQ readers: every input goes to both. A
// record that parses must replay legally from its start position, and XQF tag
// values (converted from GB18030) must be valid UTF-8.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/common/text.h"
#include "engine/xiangqi/record_dhtmlxq.h"
#include "engine/xiangqi/record_xqf.h"

namespace xq = ::caipan::xiangqi;

namespace {

void CheckReplays(const xq::GameRecord& record) {
  absl::StatusOr<xq::Position> pos = xq::Position::FromFen(record.start_fen);
  if (!pos.ok()) __builtin_trap();
  for (xq::Move m : record.moves) {
    if (!pos->IsLegal(m)) __builtin_trap();
    pos->MakeMove(m);
  }
}

bool IsUtf8(std::string_view text) {
  while (!text.empty()) {
    size_t n = ::caipan::Utf8SequenceLength(text);
    if (n == 0) return false;
    text.remove_prefix(n);
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (absl::StatusOr<xq::GameRecord> xqf = xq::ParseXqf(bytes); xqf.ok()) {
    CheckReplays(*xqf);
    for (const auto& [name, value] : xqf->tags) {
      if (!IsUtf8(value)) __builtin_trap();
    }
  }
  if (absl::StatusOr<xq::GameRecord> ubb = xq::ParseDhtmlXq(bytes); ubb.ok()) {
    CheckReplays(*ubb);
  }
  return 0;
}
