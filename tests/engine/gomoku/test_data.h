// Reads the gomoku test tables (tab-separated, header row first) from
// CAIPAN_TEST_DATA_DIR (tests/data); a missing file fails the test loudly.
#ifndef CAIPAN_TESTS_ENGINE_GOMOKU_TEST_DATA_H_
#define CAIPAN_TESTS_ENGINE_GOMOKU_TEST_DATA_H_

#include <fstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace caipan::gomoku::testing {

using Row = std::vector<std::string>;

inline std::vector<Row> ReadTestTsv(const std::string& relative_path) {
  const std::string path =
      std::string(CAIPAN_TEST_DATA_DIR) + "/" + relative_path;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open test data " << path;
  std::vector<Row> rows;
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (header) {
      header = false;
      continue;
    }
    Row row;
    size_t start = 0;
    while (true) {
      const size_t tab = line.find('\t', start);
      row.push_back(line.substr(start, tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    rows.push_back(row);
  }
  return rows;
}

}  // namespace caipan::gomoku::testing

#endif  // CAIPAN_TESTS_ENGINE_GOMOKU_TEST_DATA_H_
