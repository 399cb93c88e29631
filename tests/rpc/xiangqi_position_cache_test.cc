// The position cache stays within its byte budget and keys on the canonical
// start position.
#include "rpc/xiangqi_position_cache.h"

#include <string>

#include "gtest/gtest.h"
#include "rpc/xiangqi_convert.h"

namespace caipan::rpc {
namespace {

TEST(XiangqiPositionCacheTest, StaysWithinItsByteBudget) {
  constexpr size_t kBudget = 256 * 1024;
  XiangqiPositionCache cache(kBudget);
  const xiangqi::Position start = xiangqi::Position::Start();
  for (int i = 0; i < 20000; ++i) {
    cache.Insert(std::to_string(i) + std::string(100, 'k'), start);
    ASSERT_LE(cache.bytes(), kBudget);
  }
  EXPECT_GT(cache.bytes(), kBudget / 2);
  // The oldest entries went first; the newest are still there.
  xiangqi::Position found;
  EXPECT_TRUE(cache.Lookup("19999" + std::string(100, 'k'), &found));
  EXPECT_FALSE(cache.Lookup("0" + std::string(100, 'k'), &found));
}

TEST(XiangqiPositionCacheTest, RefusesAnEntryLargerThanAShard) {
  XiangqiPositionCache cache(64 * 1024);
  cache.Insert(std::string(4096, 'x'), xiangqi::Position::Start());
  EXPECT_EQ(cache.bytes(), 0u);
}

TEST(XiangqiPositionCacheTest, DisabledWithZeroBytes) {
  XiangqiPositionCache cache(0);
  EXPECT_FALSE(cache.enabled());
  cache.Insert("k", xiangqi::Position::Start());
  xiangqi::Position found;
  EXPECT_FALSE(cache.Lookup("k", &found));
}

// Two spellings of the start position (padding, "startpos", the FEN) share one
// entry: the key is the canonical FEN, so padding cannot grow the cache.
TEST(XiangqiPositionCacheTest, KeysOnTheCanonicalStart) {
  XiangqiPositionCache cache(1 << 20);
  v1::XiangqiPosition a;
  a.set_fen(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  a.add_moves("h2e2");
  v1::XiangqiPosition b = a;
  b.set_fen(a.fen() + "      ");
  xiangqi::Position current;
  int plies = 0;
  ASSERT_TRUE(ReplayXiangqiCurrent(a, "x", 10, &cache, &current, &plies).ok());
  const size_t after_first = cache.bytes();
  ASSERT_TRUE(ReplayXiangqiCurrent(b, "x", 10, &cache, &current, &plies).ok());
  EXPECT_EQ(cache.bytes(), after_first);
}

}  // namespace
}  // namespace caipan::rpc
