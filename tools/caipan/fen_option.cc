// A --fen option read with its warnings (see fen_option.h).
#include "tools/caipan/fen_option.h"

#include <iostream>
#include <vector>

namespace caipan::cli {

absl::StatusOr<xiangqi::Position> ReadFenOption(const std::string& fen) {
  std::vector<std::string> warnings;
  absl::StatusOr<xiangqi::Position> position =
      xiangqi::Position::FromFen(fen, &warnings);
  for (const std::string& warning : warnings)
    std::cerr << "warning: --fen: " << warning << "\n";
  return position;
}

}  // namespace caipan::cli
