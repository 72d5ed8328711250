// Helpers shared by the `sudoku` CLI tests: running the program, splitting its output, and a
// 9x9 checker written here (rows, columns, boxes, givens) that shares nothing with the program.
#pragma once

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run_process.hpp"

namespace sudoku_cli {

inline const std::string kBin = SUDOKU_BIN;
inline const std::string kData = std::string(DLX_DATA_DIR) + "/sudoku/";
inline const std::string kExample =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

inline cli_test::ProcessResult sudoku(const std::string& args, const std::string& input = {}) {
  return cli_test::run(kBin + " " + args, input);
}

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// A 9x9 solution line is right if every row, column and box holds 1-9 once and every given
// of the puzzle line is kept.
inline bool solves_9x9(const std::string& puzzle, const std::string& solution) {
  if (solution.size() != 81 || puzzle.size() != 81) return false;
  for (std::size_t i = 0; i < 81; ++i) {
    if (solution[i] < '1' || solution[i] > '9') return false;
    if (puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != solution[i]) return false;
  }
  for (std::size_t u = 0; u < 9; ++u) {
    std::string row, col, box;
    for (std::size_t k = 0; k < 9; ++k) {
      row += solution[u * 9 + k];
      col += solution[k * 9 + u];
      box += solution[((u / 3) * 3 + k / 3) * 9 + (u % 3) * 3 + k % 3];
    }
    for (std::string* s : {&row, &col, &box}) {
      std::sort(s->begin(), s->end());
      if (*s != "123456789") return false;
    }
  }
  return true;
}

// The puzzle lines of a one-line-per-puzzle file, comments and empty lines left out.
inline std::vector<std::string> puzzle_lines(const std::string& path) {
  std::vector<std::string> out;
  for (std::string line : lines(cli_test::slurp(path))) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line[0] != '#') out.push_back(line);
  }
  return out;
}

}  // namespace sudoku_cli
