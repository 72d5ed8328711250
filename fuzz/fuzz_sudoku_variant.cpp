// Fuzz target: the reader's variant lines ("# variant", "# regions", "# cage") and the variant
// solver, on any bytes (a last byte >= 0xC0 forces a geometry, see sudoku_input.hpp).
//
// Properties: every puzzle's regions and cages fit its board (rules_problem() finds nothing
// wrong with them: the reader checked them); the exact cover of a puzzle whose rules fit is
// searched within a node budget, and every solution it finds passes check_solution();
// two solutions found are different boards; every error names a line that exists (or the one
// just after the end) and a column inside it.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <sudoku/reader.hpp>
#include <sudoku/rules.hpp>
#include <sudoku/solver.hpp>

#include "fuzz_support.hpp"
#include "sudoku_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::SudokuInput input = fuzz::split_sudoku_input(data, size);
  const std::vector<std::size_t> lengths = fuzz::line_lengths(input.text);
  std::istringstream in{std::string(input.text)};
  sudoku::Reader reader(in, "fuzz", input.geometry);
  sudoku::Solver solver(sudoku::Backend::dlx);
  solver.set_node_limit(2000);
  while (auto entry = reader.next()) {
    if (const auto* e = std::get_if<sudoku::ReadError>(&*entry)) {
      const std::string text = e->to_string();
      FUZZ_CHECK(e->line >= 1 && e->line <= lengths.size() + 1, text);
      const std::size_t length = e->line <= lengths.size() ? lengths[e->line - 1] : 0;
      FUZZ_CHECK(e->column <= length + 1, text);
      continue;
    }
    const auto& p = std::get<sudoku::Puzzle>(*entry);
    const sudoku::Geometry& g = p.board.geometry();
    sudoku::Rules layout;  // what the reader vouches for: regions and cages
    layout.regions = p.variant.regions;
    layout.cages = p.variant.cages;
    const auto why = sudoku::rules_problem(g, layout);
    FUZZ_CHECK(!why, "line " + std::to_string(p.line) + ": " + why.value_or(""));
    if (sudoku::rules_problem(g, p.variant) || g.size() > 9) continue;  // windoku off 9x9
    sudoku::Solver::Enumeration solutions = solver.enumerate(p.board, p.variant);
    sudoku::Board first;
    for (int k = 0; k < 2 && solutions.next(); ++k) {
      const auto wrong = sudoku::check_solution(p.board, p.variant, solutions.solution());
      FUZZ_CHECK(!wrong, "line " + std::to_string(p.line) + " (" + p.variant.name() +
                             "): " + solutions.solution().to_line() + ": " + wrong.value_or(""));
      if (k == 0) first = solutions.solution();
      else
        FUZZ_CHECK(!(first == solutions.solution()),
                   "the same solution twice, line " + std::to_string(p.line));
    }
  }
  return 0;
}
