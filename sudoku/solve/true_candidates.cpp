// True candidates (true_candidates.hpp): one search per candidate that no solution found so far
// holds, each solution found marking all of its placements.
#include "sudoku/solve/true_candidates.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "sudoku/grid/candidates.hpp"

namespace sudoku {

namespace {

// One search's answer: at most one solution, and whether the search ran to its end; `wrong`:
// why that solution fails the independent check, if it does.
struct Found {
  bool solved = false;
  Board solution;
  std::uint64_t nodes = 0;
  bool complete = true;
  std::optional<std::string> wrong;
};

// The loop both forms share. `allowed[cell]` is the digits worth a search there (a given's
// cell: its digit); `find(cell, digit)` looks for one solution with the digit placed (cell -1:
// the puzzle as it is).
template <typename Find>
TrueCandidates settle(const Geometry& geometry, const std::vector<std::uint64_t>& allowed,
                      std::uint64_t limit, Find&& find) {
  limit = std::max<std::uint64_t>(limit, 1);
  TrueCandidates t;
  t.candidates.assign(static_cast<std::size_t>(geometry.cell_count()), 0);
  // False when the work stops: a search cut short, or one that found a solution past the limit
  // (not marked: the limit bounds the solutions that count; searches that find none go on, so
  // that --limit 1 still settles a puzzle with one solution).
  const auto search = [&](int cell, int digit) {
    Found found = find(cell, digit);
    ++t.searches;
    t.nodes += found.nodes;
    if (!found.complete) t.complete = false;
    if (found.solved && t.solutions >= limit) {
      t.at_limit = true;
      t.complete = false;
      return false;
    }
    if (found.solved && found.wrong) {
      t.wrong = *found.wrong;
      t.complete = false;
      return false;
    }
    if (found.solved) {
      ++t.solutions;
      for (int c = 0; c < found.solution.cell_count(); ++c)
        t.candidates[static_cast<std::size_t>(c)] |= digit_bit(found.solution[c]);
    }
    return found.complete;
  };
  // The first search says whether there is any solution at all: without one, every other
  // search would find none too.
  if (!search(-1, 0) || t.solutions == 0) return t;
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    const auto index = static_cast<std::size_t>(cell);
    for (int digit = 1; digit <= geometry.size(); ++digit) {
      const std::uint64_t bit = digit_bit(digit);
      if ((allowed[index] & bit) == 0 || (t.candidates[index] & bit) != 0) continue;
      if (!search(cell, digit)) return t;
    }
  }
  return t;
}

}  // namespace

TrueCandidates true_candidates(Solver& solver, const Board& puzzle, const Rules& rules,
                               std::uint64_t limit) {
  const Geometry& g = puzzle.geometry();
  std::vector<std::uint64_t> allowed(static_cast<std::size_t>(puzzle.cell_count()));
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    allowed[static_cast<std::size_t>(cell)] =
        puzzle[cell] == 0 ? all_digits(g.size()) : digit_bit(puzzle[cell]);
  }
  Board board = puzzle;
  return settle(g, allowed, limit, [&](int cell, int digit) {
    if (cell >= 0) board.set(cell, digit);
    const SolverResult r = solver.solve(board, rules, 1);
    if (cell >= 0) board.set(cell, 0);  // only blank cells get a search of their own
    Found found{r.solutions > 0, r.first, r.nodes, r.complete, std::nullopt};
    if (found.solved) found.wrong = check_solution(puzzle, rules, r.first);
    return found;
  });
}

TrueCandidates true_candidates_of_marks(DlxSolver& solver, const Geometry& geometry,
                                        const std::vector<std::uint64_t>& marks,
                                        std::uint64_t limit) {
  std::vector<std::uint64_t> narrowed = marks;
  return settle(geometry, marks, limit, [&](int cell, int digit) {
    const auto index = static_cast<std::size_t>(cell);
    if (cell >= 0) narrowed[index] = digit_bit(digit);
    const SolveResult r = solve_pencil_marks(narrowed, geometry, solver, 1);
    if (cell >= 0) narrowed[index] = marks[index];
    // The engine gives no flag of its own: a search that found nothing while the interrupt
    // says stop proves nothing.
    const bool stopped = r.solutions == 0 && solver.interrupt() && solver.interrupt()();
    Found found{r.solutions > 0, r.first, r.nodes, !stopped, std::nullopt};
    if (found.solved) {
      found.wrong = check_solution(Board(geometry), Rules{}, r.first);
      for (int c = 0; c < r.first.cell_count() && !found.wrong; ++c) {
        if ((marks[static_cast<std::size_t>(c)] & digit_bit(r.first[c])) == 0) {
          found.wrong = "a digit outside its cell's pencil marks";
        }
      }
    }
    return found;
  });
}

}  // namespace sudoku
