// ICCS coordinates read without a position (the RPC layer's fast path).
#include <gtest/gtest.h>

#include "engine/xiangqi/notation.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

TEST(ReadIccsCoordinatesTest, ReadsBothSpellings) {
  EXPECT_EQ(ReadIccsCoordinates("h2e2"), testing::Mv("h2e2"));
  EXPECT_EQ(ReadIccsCoordinates("H2-E2"), testing::Mv("h2e2"));
  EXPECT_EQ(ReadIccsCoordinates("a0i9"), testing::Mv("a0i9"));
  // Syntax only: an illegal (here empty) move still reads.
  EXPECT_EQ(ReadIccsCoordinates("e4e5"), testing::Mv("e4e5"));
}

TEST(ReadIccsCoordinatesTest, RejectsAnythingElse) {
  for (const char* text :
       {"", "h2e", "h2e2x", "j2e2", "h2e:", "h2_e2", "炮二平五", "C2.5"}) {
    EXPECT_FALSE(ReadIccsCoordinates(text).has_value()) << text;
  }
}

}  // namespace
}  // namespace caipan::xiangqi
