// Reads a rulebook diagram table (tests/data/xiangqi/*_diagrams.tsv, found
// through CAIPAN_TEST_DATA_DIR): one row per diagram line with the position,
// the moves, the book's ruling and whether caipan agrees yet.
#ifndef CAIPAN_TESTS_ENGINE_XIANGQI_RULEBOOK_ROWS_H_
#define CAIPAN_TESTS_ENGINE_XIANGQI_RULEBOOK_ROWS_H_

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace caipan::xiangqi::testing {

struct RulebookRow {
  int line = 0;  // line in the file, for messages
  std::string diagram;
  std::string fen;
  std::string moves;   // ICCS, space-separated
  std::string ruling;  // "draw", "red-must-vary", "black-must-vary"
  std::string status;  // "agree", or "open: <why caipan differs>"
  std::string note;
};

// All rows of `file` (relative to the test data folder); an empty result
// means the file is missing (callers fail on it).
inline std::vector<RulebookRow> ReadRulebookRows(const std::string& file) {
  std::vector<RulebookRow> rows;
  std::ifstream in(std::string(CAIPAN_TEST_DATA_DIR) + "/" + file);
  std::string text;
  std::getline(in, text);  // header
  for (int line = 2; std::getline(in, text); ++line) {
    if (text.empty()) continue;
    std::stringstream fields(text);
    RulebookRow row;
    row.line = line;
    std::getline(fields, row.diagram, '\t');
    std::getline(fields, row.fen, '\t');
    std::getline(fields, row.moves, '\t');
    std::getline(fields, row.ruling, '\t');
    std::getline(fields, row.status, '\t');
    std::getline(fields, row.note, '\t');
    rows.push_back(row);
  }
  return rows;
}

}  // namespace caipan::xiangqi::testing

#endif  // CAIPAN_TESTS_ENGINE_XIANGQI_RULEBOOK_ROWS_H_
