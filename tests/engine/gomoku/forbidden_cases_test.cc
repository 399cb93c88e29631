// Every row of tests/data/gomoku/forbidden_cases.tsv: the classification of
// one point for black must match the known answer, from the plain board, the
// whole-board map and a pattern board built stone by stone.
#include <string>

#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/notation.h"
#include "engine/gomoku/pattern_board.h"
#include "gtest/gtest.h"
#include "tests/engine/gomoku/test_data.h"

namespace caipan::gomoku {
namespace {

TEST(ForbiddenCasesTest, EveryRowMatches) {
  const auto rows = testing::ReadTestTsv("gomoku/forbidden_cases.tsv");
  ASSERT_GE(rows.size(), 200u) << "forbidden_cases.tsv looks truncated";
  int checked = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    ASSERT_GE(row.size(), 3u) << "row " << i + 2;
    SCOPED_TRACE("tsv line " + std::to_string(i + 2) + ": " + row[0] + " @ " +
                 row[1]);
    absl::StatusOr<Board> board = ParseStones(row[0]);
    ASSERT_TRUE(board.ok()) << board.status();
    absl::StatusOr<Point> point = ParsePoint(row[1]);
    ASSERT_TRUE(point.ok()) << point.status();
    absl::StatusOr<PointKind> kind = ClassifyBlackPoint(*board, *point);
    ASSERT_TRUE(kind.ok()) << kind.status();
    EXPECT_EQ(PointKindName(*kind), row[2]);
    // The whole-board map agrees with the single-point answer.
    EXPECT_EQ(ComputeForbiddenMap(*board)[point->index()], *kind);
    // And so does a board that keeps its patterns, grown stone by stone.
    PatternBoard grown;
    for (int k = 0; k < kNumPoints; ++k) {
      const Point q = Point::FromIndex(k);
      if (board->At(q) == Stone::kBlack) grown.Place(q, Color::kBlack);
      if (board->At(q) == Stone::kWhite) grown.Place(q, Color::kWhite);
    }
    EXPECT_EQ(grown.ClassifyBlack(*point), *kind);
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(rows.size()));
}

}  // namespace
}  // namespace caipan::gomoku
