// The 26 designated openings: the embedded table against openings26.tsv, and
// recognition of every opening in all eight symmetric forms.
#include "engine/gomoku/openings.h"

#include <set>
#include <string>
#include <utility>

#include "engine/gomoku/notation.h"
#include "engine/gomoku/symmetry.h"
#include "gtest/gtest.h"
#include "tests/engine/gomoku/test_data.h"

namespace caipan::gomoku {
namespace {

std::string Rel(int dx, int dy) {
  return "(" + std::to_string(dx) + "," + std::to_string(dy) + ")";
}

TEST(OpeningsTest, TableMatchesTestDataTsv) {
  const auto rows = testing::ReadTestTsv("gomoku/openings26.tsv");
  ASSERT_EQ(rows.size(), 26u);
  const auto openings = DesignatedOpenings();
  ASSERT_EQ(openings.size(), 26u);
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    ASSERT_EQ(row.size(), 9u);
    const Opening& o = openings[i];
    SCOPED_TRACE(row[0]);
    EXPECT_EQ(o.id, row[0]);
    EXPECT_EQ(o.direct, row[1].find("direct") != std::string::npos &&
                            row[1].find("indirect") == std::string::npos);
    EXPECT_EQ(o.name_zh, row[2]);
    EXPECT_EQ(o.name_ja, row[3]);
    EXPECT_EQ(PointName(o.b1()), row[4]);
    EXPECT_EQ(PointName(o.w2()), row[5]);
    EXPECT_EQ(PointName(o.b3()), row[6]);
    EXPECT_EQ(Rel(o.w2_dx, o.w2_dy), row[7]);
    EXPECT_EQ(Rel(o.b3_dx, o.b3_dy), row[8]);
    EXPECT_EQ(FindOpening(row[0]), &o);
  }
  EXPECT_EQ(FindOpening("d1"), &openings[0]);
  EXPECT_EQ(FindOpening("X1"), nullptr);
}

TEST(OpeningsTest, EveryOpeningInAllEightForms) {
  std::set<std::pair<int, int>> all_forms;
  for (const Opening& o : DesignatedOpenings()) {
    for (int s = 0; s < kNumSymmetries; ++s) {
      const Point w2 = ApplySymmetry(s, o.w2());
      const Point b3 = ApplySymmetry(s, o.b3());
      SCOPED_TRACE(std::string(o.id) + " form " + std::to_string(s) + ": h8 " +
                   PointName(w2) + " " + PointName(b3));
      std::optional<OpeningMatch> m = RecognizeOpening(kCentre, w2, b3);
      ASSERT_TRUE(m.has_value());
      EXPECT_EQ(m->opening, &o);
      // The reported symmetry maps the standard form onto the stones.
      EXPECT_EQ(ApplySymmetry(m->symmetry, o.w2()), w2);
      EXPECT_EQ(ApplySymmetry(m->symmetry, o.b3()), b3);
      all_forms.insert({w2.index(), b3.index()});
    }
  }
  // Forms of different openings never coincide, and together they are every
  // start with W2 next to h8 and B3 in the central 5x5: 8 * 23.
  EXPECT_EQ(all_forms.size(), 8u * 23u);
}

TEST(OpeningsTest, SymmetricOpeningsHaveFewerDistinctForms) {
  // D1 (寒星, all on one file) is its own mirror image: four distinct forms.
  const Opening* d1 = FindOpening("D1");
  std::set<std::pair<int, int>> forms;
  for (int s = 0; s < kNumSymmetries; ++s) {
    forms.insert({ApplySymmetry(s, d1->w2()).index(),
                  ApplySymmetry(s, d1->b3()).index()});
  }
  EXPECT_EQ(forms.size(), 4u);
}

TEST(OpeningsTest, NonOpeningsAreRejected) {
  const Point h9 = *ParsePoint("h9");
  // B3 outside the central 5x5.
  EXPECT_FALSE(RecognizeOpening(kCentre, h9, *ParsePoint("h11")).has_value());
  EXPECT_FALSE(RecognizeOpening(kCentre, h9, *ParsePoint("k8")).has_value());
  // W2 not next to h8.
  EXPECT_FALSE(RecognizeOpening(kCentre, *ParsePoint("h10"), *ParsePoint("i9"))
                   .has_value());
  // B1 not on h8.
  EXPECT_FALSE(
      RecognizeOpening(*ParsePoint("h7"), h9, *ParsePoint("h10")).has_value());
  // A named example in a rotated form: h8 g8 f8 is D1 (寒星) turned left.
  std::optional<OpeningMatch> m =
      RecognizeOpening(kCentre, *ParsePoint("g8"), *ParsePoint("f8"));
  ASSERT_TRUE(m.has_value());
  EXPECT_STREQ(m->opening->id, "D1");
  // h8 g7 f6 extends the diagonal: I1 (长星) mirrored.
  m = RecognizeOpening(kCentre, *ParsePoint("g7"), *ParsePoint("f6"));
  ASSERT_TRUE(m.has_value());
  EXPECT_STREQ(m->opening->name_ja, "Chosei");
}

}  // namespace
}  // namespace caipan::gomoku
