// The 26 designated openings of the Chinese rules (13 direct 直指, 13
// indirect 斜指) with their names, and recognition of an opening in any of
// its eight symmetric forms.
#ifndef CAIPAN_ENGINE_GOMOKU_OPENINGS_H_
#define CAIPAN_ENGINE_GOMOKU_OPENINGS_H_

#include <optional>
#include <span>
#include <string_view>

#include "engine/gomoku/types.h"

namespace caipan::gomoku {

struct Opening {
  // "D1".."D13", "I1".."I13"
  const char* id;
  // W2 orthogonally adjacent to h8 (直指)
  bool direct;
  // e.g. "寒星"
  const char* name_zh;
  // Japanese romaji, e.g. "Kansei"
  const char* name_ja;
  // Standard form: B1 on h8, W2 on h9 (direct) or i9 (indirect); offsets
  // from h8.
  int w2_dx, w2_dy;
  int b3_dx, b3_dy;

  Point b1() const { return kCentre; }
  Point w2() const;
  Point b3() const;
};

// All 26, direct ones first, in the order D1..D13, I1..I13.
std::span<const Opening> DesignatedOpenings();

// The opening a three-stone start makes, and the symmetry that maps its
// standard form onto the stones played (ApplySymmetry(symmetry, standard
// point) == played point).
struct OpeningMatch {
  const Opening* opening = nullptr;
  int symmetry = 0;
};
std::optional<OpeningMatch> RecognizeOpening(Point b1, Point w2, Point b3);

// Looks an opening up by id ("D1", case-insensitive); nullptr if unknown.
const Opening* FindOpening(std::string_view id);

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_OPENINGS_H_
