// Perft against the published counts in the perft table: the rows small enough
// for the default run (perft_slowtest.cc has the deep ones).
#include <gtest/gtest.h>

#include "engine/xiangqi/position.h"
#include "tests/engine/xiangqi/perft_rows.h"

namespace caipan::xiangqi {
namespace {

using testing::kFastPerftNodeLimit;
using testing::ReadPerftRows;

TEST(PerftTest, TableIsPresent) {
  EXPECT_GE(ReadPerftRows().size(), 20u)
      << "cannot read " CAIPAN_TEST_DATA_DIR "/xiangqi/perft.tsv";
}

TEST(PerftTest, FastRowsOfTable) {
  int checked = 0;
  for (const auto& row : ReadPerftRows()) {
    if (row.nodes > kFastPerftNodeLimit) continue;
    absl::StatusOr<Position> pos = Position::FromFen(row.fen);
    ASSERT_TRUE(pos.ok()) << row.fen << ": " << pos.status();
    EXPECT_EQ(Perft(*pos, row.depth), row.nodes)
        << row.fen << " depth " << row.depth;
    EXPECT_EQ(pos->ToFen().substr(0, pos->ToFen().find(' ')),
              row.fen.substr(0, row.fen.find(' ')))
        << "perft must leave the position as it was";
    ++checked;
  }
  EXPECT_GE(checked, 15);
}

TEST(PerftTest, DepthZeroIsOneNode) {
  Position pos = Position::Start();
  EXPECT_EQ(Perft(pos, 0), 1u);
}

TEST(PerftTest, StartPositionHas44Moves) {
  Position pos = Position::Start();
  EXPECT_EQ(Perft(pos, 1), 44u);
}

}  // namespace
}  // namespace caipan::xiangqi
