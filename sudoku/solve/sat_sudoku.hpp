// SudokuSat: classic Sudoku questions put to CaDiCaL (Debian's libcadical-dev), a
// conflict-driven clause-learning SAT solver; the generator's uniqueness judge on the largest
// boards, and the counts of `--solver sat`.
//
//     sudoku::SudokuSat sat(puzzle.geometry());
//     const std::pair<int, int> banned[] = {{cell, solution[cell]}};
//     if (sat.solve(puzzle, banned, &solution, 20'000) == SudokuSat::Answer::satisfiable)
//       use(sat.solution());   // a solution with another digit in `cell`
//
// Why clause learning: digging a 25x25 puzzle asks, for each given removed, whether the puzzle
// has a second solution. Where it has one, Algorithm X with the fewest-options rule often
// wanders for hours in a subtree without solutions, since it never learns why a branch failed;
// a clause-learning search learns a clause from every dead end and jumps back past the choices
// that did not matter.
//
// The formula: a variable for each candidate (cell, digit) of a blank cell, true when the cell
// holds the digit; each blank cell and each (unit, digit) not given is a group of which exactly
// one is true ("at least one" a clause, "at most one" pairwise). Each question gets a solver
// and a formula of its own, the givens and banned pairs left out of it as `sudoku export`
// leaves them out of the cover. One solver for a whole dig, the givens as assumptions so that
// the learned clauses hold for every question, was measured and is slower: the learned clauses
// then carry the givens they rest on, and a 25x25 dig took 85 s of processor time against 37 s
// with GridSat (docs/sat.md).
//
// Built where CaDiCaL is; the WebAssembly build has no CaDiCaL, and there every question
// throws std::runtime_error (the page's boards above 20x20 to generate, above 16x16 to count).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <utility>

#include "sudoku/board.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve_result.hpp"

namespace sudoku {

class SudokuSat {
 public:
  enum class Answer : std::uint8_t { satisfiable, unsatisfiable, unknown };

  /// Precondition: geometry.valid().
  explicit SudokuSat(const Geometry& geometry);
  ~SudokuSat();
  SudokuSat(const SudokuSat&) = delete;
  SudokuSat& operator=(const SudokuSat&) = delete;

  /// Whether `puzzle` (of this geometry) has a solution that avoids every (cell, digit) pair of
  /// `banned`. Each cell's decision tries `preferred`'s digit first (a full or partial board of
  /// the same geometry; null: CaDiCaL's own phases): with the puzzle's known solution there and
  /// one of its digits banned, the search starts next to the solution it must avoid, where a
  /// second solution usually lies. `round` above 0 (a question asked again, after it spent its
  /// budget once) drops the preferred phases, so that the search goes another way. unknown:
  /// `conflict_budget` conflicts were spent, or `stopped` (asked many times a second) said true.
  /// Puzzles whose givens clash are unsatisfiable.
  Answer solve(const Board& puzzle, std::span<const std::pair<int, int>> banned,
               const Board* preferred, std::uint64_t conflict_budget,
               const std::function<bool()>& stopped = {}, std::uint64_t round = 0);

  /// The solution found by the last solve() that answered satisfiable.
  [[nodiscard]] const Board& solution() const { return solution_; }
  /// The conflicts of the last solve() (the clauses CaDiCaL learned in it).
  [[nodiscard]] std::uint64_t conflicts() const { return conflicts_; }

 private:
  Board solution_;
  std::uint64_t conflicts_ = 0;
};

/// The solutions of `puzzle` with the (cell, digit) pairs of `banned` ruled out, counted up to
/// `limit` by clause learning: one solver, one call per solution, each solution found barred by
/// a clause before the next call, until the limit or a call finds none; the first kept. Fit for
/// a few solutions, not for millions. nodes are the conflicts, updates 0. Nothing when the calls
/// spent `conflict_budget` or `stopped` said yes first.
std::optional<SolveResult> sat_solve(const Board& puzzle, std::uint64_t limit,
                                     std::uint64_t conflict_budget = ~std::uint64_t{0},
                                     std::span<const std::pair<int, int>> banned = {},
                                     const std::function<bool()>& stopped = {});

/// A puzzle's solutions counted up to 2, the first kept: by `engine`, or by sat_solve() where
/// plan_search() says so (SearchPlan::counts_to_two_by_sat: boards above 16x16), both asking the
/// engine's interrupt (once it says yes the result proves nothing: the caller knows it asked). The
/// logic, the ratings and the hints count this way.
SolveResult count_to_two(const Board& puzzle, DlxSolver& engine,
                         DlxSolver::Deductions deductions = DlxSolver::Deductions::propagate);

}  // namespace sudoku
