// The repetition table grows past its initial room without losing counts.
#include "engine/xiangqi/repetition_table.h"

#include <cstdint>

#include "gtest/gtest.h"

namespace caipan::xiangqi {
namespace {

TEST(RepetitionTableTest, GrowsAndKeepsCountsAndSpans) {
  RepetitionTable table(16);
  // Far more distinct positions than the initial room, each seen twice.
  for (int round = 0; round < 2; ++round) {
    for (uint64_t h = 1; h <= 5000; ++h) {
      const RepetitionTable::Occurrence occ =
          table.Insert(h * 0x9e3779b97f4a7c15ULL, round * 5000 + int(h));
      EXPECT_EQ(occ.count, round + 1);
    }
  }
  const RepetitionTable::Occurrence third =
      table.Insert(7 * 0x9e3779b97f4a7c15ULL, 20000);
  EXPECT_EQ(third.count, 3);
  EXPECT_EQ(third.span_start_ply, 7);  // the first occurrence's ply
}

TEST(RepetitionTableTest, ResetForgetsAfterGrowth) {
  RepetitionTable table(16);
  for (uint64_t h = 1; h <= 100; ++h) table.Insert(h, int(h));
  table.Reset();
  EXPECT_EQ(table.Insert(5, 200).count, 1);
}

}  // namespace
}  // namespace caipan::xiangqi
