// The deep perft rows of the perft table (ctest label "slow").
#include <gtest/gtest.h>

#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/perft_rows.h"

namespace caipan::xiangqi {
namespace {

TEST(PerftSlowTest, DeepRowsOfTable) {
  int checked = 0;
  for (const auto& row : testing::ReadPerftRows()) {
    if (row.nodes <= testing::kFastPerftNodeLimit) continue;
    absl::StatusOr<Position> pos = Position::FromFen(row.fen);
    ASSERT_TRUE(pos.ok()) << row.fen << ": " << pos.status();
    EXPECT_EQ(Perft(*pos, row.depth), row.nodes)
        << row.fen << " depth " << row.depth;
    ++checked;
  }
  EXPECT_GE(checked, 5);
}

}  // namespace
}  // namespace caipan::xiangqi
