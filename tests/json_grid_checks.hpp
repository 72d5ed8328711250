// Checks that the JSON-reading tests (tests/cli/sudoku_json_cli_test.cpp, the program's records;
// tests/web/binding_test.cpp, the page's replies) make of a grid, written here once and
// independent of the library: the test's own notion of a solution, not the validator's.
#pragma once

#include <cstddef>
#include <set>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

// Catch would print a json as a range of json, without end: print its text instead.
namespace Catch {
template <>
struct StringMaker<nlohmann::json> {
  static std::string convert(const nlohmann::json& value) { return value.dump(); }
};
}  // namespace Catch

namespace grid_checks {

/// 1-9, then A-Z for 10-35; 0 for anything else (a blank, a bad symbol).
inline int symbol_value(char symbol) {
  if (symbol >= '1' && symbol <= '9') return symbol - '0';
  if (symbol >= 'A' && symbol <= 'Z') return symbol - 'A' + 10;
  return 0;
}

/// `solution` fills `puzzle` (boxes r x c): every row, column and box holds 1..N once, givens kept.
inline bool solves(const std::string& puzzle, const std::string& solution, int r, int c) {
  const int n = r * c;
  if (solution.size() != static_cast<std::size_t>(n * n) || puzzle.size() != solution.size()) {
    return false;
  }
  for (std::size_t i = 0; i < puzzle.size(); ++i) {
    if (puzzle[i] != '.' && puzzle[i] != solution[i]) return false;
  }
  const auto at = [&](int row, int col) {
    return symbol_value(solution[static_cast<std::size_t>(row * n + col)]);
  };
  for (int u = 0; u < n; ++u) {
    std::set<int> row, col, box;
    for (int k = 0; k < n; ++k) {
      row.insert(at(u, k));
      col.insert(at(k, u));
      box.insert(at((u / r) * r + k / c, (u % r) * c + k % c));
    }
    for (const auto* unit : {&row, &col, &box}) {
      if (unit->size() != static_cast<std::size_t>(n) || unit->count(0) > 0) return false;
    }
  }
  return true;
}

/// Both diagonals of a 9x9 grid hold 1-9 once.
inline bool diagonals_distinct(const std::string& grid) {
  std::set<char> main, anti;
  for (std::size_t k = 0; k < 9; ++k) {
    main.insert(grid[k * 9 + k]);
    anti.insert(grid[k * 9 + 8 - k]);
  }
  return main.size() == 9 && anti.size() == 9;
}

/// "r3c7" to the row-major cell number of an N x N grid.
inline std::size_t cell_number(const std::string& name, std::size_t n = 9) {
  const auto c = name.find('c');
  return (std::stoul(name.substr(1, c - 1)) - 1) * n + std::stoul(name.substr(c + 1)) - 1;
}

}  // namespace grid_checks
