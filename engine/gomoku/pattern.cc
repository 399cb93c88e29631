// Builds the black line-pattern table by brute force over every window.
#include "engine/gomoku/pattern.h"

#include <vector>

namespace caipan::gomoku {
namespace {

enum Cell : uint8_t { kEmpty = 0, kOwn = 1, kBlocked = 2 };
constexpr int kCells = 2 * kWindowRadius + 1;  // 11, centre at index 5
constexpr int kMid = kWindowRadius;

// Bounds [lo, hi] of the unbroken own row through cell k.
void RunAt(const Cell* c, int k, int* lo, int* hi) {
  *lo = k;
  *hi = k;
  while (*lo > 0 && c[*lo - 1] == kOwn) --*lo;
  while (*hi < kCells - 1 && c[*hi + 1] == kOwn) ++*hi;
}

// True if an own stone on empty cell k makes an exact five that includes the
// centre. Fives through the centre lie within cells 1..9, so their
// neighbouring cells are always inside the window.
bool MakesFiveWithCentre(Cell* c, int k) {
  c[k] = kOwn;
  int lo, hi;
  RunAt(c, k, &lo, &hi);
  c[k] = kEmpty;
  return hi - lo + 1 == 5 && lo <= kMid && kMid <= hi;
}

// True if an own stone on empty cell k leaves four in a row containing the
// centre and k with both ends open points that each make an exact five.
bool MakesStraightFour(Cell* c, int k) {
  c[k] = kOwn;
  bool found = false;
  for (int s = 2; s <= kMid && !found; ++s) {
    if (k < s || k > s + 3) continue;
    bool four = true;
    for (int i = s; i < s + 4; ++i) four = four && c[i] == kOwn;
    found = four && c[s - 1] == kEmpty && c[s + 4] == kEmpty &&
            c[s - 2] != kOwn && c[s + 5] != kOwn;
  }
  c[k] = kEmpty;
  return found;
}

LinePattern Classify(int code) {
  Cell c[kCells];
  for (int i = 0, k = 0; i < 10; ++i, ++k) {
    if (k == kMid) ++k;
    c[k] = static_cast<Cell>(code % 3);
    code /= 3;
  }
  c[kMid] = kOwn;
  int lo, hi;
  RunAt(c, kMid, &lo, &hi);
  const int run = hi - lo + 1;
  if (run == 5) return kFiveBit;
  if (run >= 6) return kOverlineBit;

  std::vector<int> five_points;
  for (int k = 1; k < kCells - 1; ++k) {
    if (c[k] == kEmpty && MakesFiveWithCentre(c, k)) five_points.push_back(k);
  }
  int fours = static_cast<int>(five_points.size());
  // Two five-points five apart are the two ends of one straight four.
  if (fours == 2 && five_points[1] - five_points[0] == 5) fours = 1;
  if (fours > 2) fours = 2;

  LinePattern e = static_cast<LinePattern>(fours << kFourShift);
  for (int k = kMid - 3; k <= kMid + 3; ++k) {
    if (k != kMid && c[k] == kEmpty && MakesStraightFour(c, k)) {
      e |= 1 << (k - kMid + kThreeCandidateOffset);
    }
  }
  return e;
}

}  // namespace

const std::array<uint16_t, 1024>& BinaryToTernary() {
  static const std::array<uint16_t, 1024> table = [] {
    std::array<uint16_t, 1024> t{};
    for (int m = 0; m < 1024; ++m) {
      int v = 0;
      for (int i = 9; i >= 0; --i) v = v * 3 + ((m >> i) & 1);
      t[m] = static_cast<uint16_t>(v);
    }
    return t;
  }();
  return table;
}

const std::array<LinePattern, kNumWindowCodes>& BlackPatternTable() {
  static const std::array<LinePattern, kNumWindowCodes> table = [] {
    std::array<LinePattern, kNumWindowCodes> t{};
    for (int code = 0; code < kNumWindowCodes; ++code) t[code] = Classify(code);
    return t;
  }();
  return table;
}

}  // namespace caipan::gomoku
