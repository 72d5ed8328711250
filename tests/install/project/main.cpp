// Uses the installed headers and libraries, each library through its one include: counts the
// covers of Knuth's example (one: options 0, 3, 4, i.e. "c e", "a d f", "b g"), by search and by
// memo, and solves a 9x9 Sudoku, checked by the validator.
#include <dlx/dlx.hpp>
#include <sudoku/sudoku.hpp>

#include <algorithm>
#include <iostream>
#include <vector>

int main() {
  const dlx::KnuthProblem knuth =
      dlx::read_knuth("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n", "knuth");
  dlx::Solver solver(knuth.problem);
  if (!solver.next()) return 1;
  std::vector<dlx::OptionId> cover(solver.cover().begin(), solver.cover().end());
  std::sort(cover.begin(), cover.end());
  std::cout << "cover:";
  for (dlx::OptionId option : cover) std::cout << ' ' << option;
  std::cout << "\ncovers: " << 1 + solver.count() << '\n';
  // The exact count of memo.hpp, a Boost.Multiprecision integer: Boost comes with the package.
  dlx::MemoCounter memo(knuth.problem);
  std::cout << "memo count: " << memo.count() << '\n';

  const sudoku::Board puzzle = sudoku::parse_board(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  sudoku::Solver sudoku_solver(sudoku::Backend::hybrid);  // deductions, then the engine
  const sudoku::SolverResult result = sudoku_solver.solve(puzzle, 2);
  if (result.solutions != 1 || sudoku::check_solution(puzzle, result.first)) return 1;
  std::cout << "sudoku: " << result.first.to_line() << '\n';
  return 0;
}
