// Reads the perft table (tests/data/xiangqi/perft.tsv, found through
// CAIPAN_TEST_DATA_DIR) for the perft tests.
#ifndef CAIPAN_TESTS_ENGINE_XIANGQI_PERFT_ROWS_H_
#define CAIPAN_TESTS_ENGINE_XIANGQI_PERFT_ROWS_H_

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace caipan::xiangqi::testing {

struct PerftRow {
  std::string fen;
  int depth;
  uint64_t nodes;
};

// All rows of the table; an empty result means the file is missing (callers
// fail on it).
inline std::vector<PerftRow> ReadPerftRows() {
  std::vector<PerftRow> rows;
  std::ifstream in(std::string(CAIPAN_TEST_DATA_DIR) + "/xiangqi/perft.tsv");
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::stringstream fields(line);
    std::string fen, depth, nodes;
    std::getline(fields, fen, '\t');
    std::getline(fields, depth, '\t');
    std::getline(fields, nodes, '\t');
    if (fen.empty()) continue;
    rows.push_back({fen, std::stoi(depth), std::stoull(nodes)});
  }
  return rows;
}

// Rows at or below this many nodes run in the default (fast) test run; the rest
// are slow.
inline constexpr uint64_t kFastPerftNodeLimit = 3'000'000;

}  // namespace caipan::xiangqi::testing

#endif  // CAIPAN_TESTS_ENGINE_XIANGQI_PERFT_ROWS_H_
