// The designated-opening table (as data) and its recognition.
#include "engine/gomoku/openings.h"

#include <array>

#include "engine/gomoku/symmetry.h"

namespace caipan::gomoku {
namespace {

constexpr std::array<Opening, 26> kOpenings = {{
    {"D1", true, "寒星", "Kansei", 0, 1, 0, 2},
    {"D2", true, "溪月", "Keigetsu", 0, 1, 1, 2},
    {"D3", true, "疏星", "Sosei", 0, 1, 2, 2},
    {"D4", true, "花月", "Kagetsu", 0, 1, 1, 1},
    {"D5", true, "残月", "Zangetsu", 0, 1, 2, 1},
    {"D6", true, "雨月", "Ugetsu", 0, 1, 1, 0},
    {"D7", true, "金星", "Kinsei", 0, 1, 2, 0},
    {"D8", true, "松月", "Shogetsu", 0, 1, 0, -1},
    {"D9", true, "丘月", "Kyugetsu", 0, 1, 1, -1},
    {"D10", true, "新月", "Shingetsu", 0, 1, 2, -1},
    {"D11", true, "瑞星", "Zuisei", 0, 1, 0, -2},
    {"D12", true, "山月", "Sangetsu", 0, 1, 1, -2},
    {"D13", true, "游星", "Yusei", 0, 1, 2, -2},
    {"I1", false, "长星", "Chosei", 1, 1, 2, 2},
    {"I2", false, "峡月", "Kyogetsu", 1, 1, 2, 1},
    {"I3", false, "恒星", "Kosei", 1, 1, 2, 0},
    {"I4", false, "水月", "Suigetsu", 1, 1, 2, -1},
    {"I5", false, "流星", "Ryusei", 1, 1, 2, -2},
    {"I6", false, "云月", "Ungetsu", 1, 1, 1, 0},
    {"I7", false, "浦月", "Hogetsu", 1, 1, 1, -1},
    {"I8", false, "岚月", "Rangetsu", 1, 1, 1, -2},
    {"I9", false, "银月", "Gingetsu", 1, 1, 0, -1},
    {"I10", false, "明星", "Meisei", 1, 1, 0, -2},
    {"I11", false, "斜月", "Shagetsu", 1, 1, -1, -1},
    {"I12", false, "名月", "Meigetsu", 1, 1, -1, -2},
    {"I13", false, "彗星", "Suisei", 1, 1, -2, -2},
}};

Point Offset(int dx, int dy) {
  return Point{static_cast<int8_t>(kCentre.col + dx),
               static_cast<int8_t>(kCentre.row + dy)};
}

}  // namespace

Point Opening::w2() const { return Offset(w2_dx, w2_dy); }
Point Opening::b3() const { return Offset(b3_dx, b3_dy); }

std::span<const Opening> DesignatedOpenings() { return kOpenings; }

std::optional<OpeningMatch> RecognizeOpening(Point b1, Point w2, Point b3) {
  if (!(b1 == kCentre)) return std::nullopt;
  for (const Opening& o : kOpenings) {
    for (int s = 0; s < kNumSymmetries; ++s) {
      if (ApplySymmetry(s, o.w2()) == w2 && ApplySymmetry(s, o.b3()) == b3) {
        return OpeningMatch{&o, s};
      }
    }
  }
  return std::nullopt;
}

const Opening* FindOpening(std::string_view id) {
  for (const Opening& o : kOpenings) {
    const std::string_view oid = o.id;
    if (oid.size() != id.size()) continue;
    bool same = true;
    for (size_t i = 0; i < id.size(); ++i) {
      const char a = id[i] >= 'a' && id[i] <= 'z' ? id[i] - 32 : id[i];
      same = same && a == oid[i];
    }
    if (same) return &o;
  }
  return nullptr;
}

}  // namespace caipan::gomoku
