// The two backtracking baselines that dancing links is measured against: the solver everyone
// writes first, and the smarter one that always fills the most constrained cell.
//
//     sudoku::MrvSolver solver;
//     sudoku::SolveResult result = solver.solve(puzzle, 2);  // 1: unique, 2: not, 0: none
//
// Both have the interface every Sudoku solver of the project has (see solve_result.hpp): count
// solutions up to `limit`, keep the first one found, report the search nodes spent. A node is one
// placement tried: a digit written into a cell during the search (givens are not nodes), which is
// what a node of the dancing-links search is too (one option chosen). Both work on any Geometry
// up to Geometry::kMaxSize, since a digit set fits in one std::uint64_t.
//
// Givens that clash (a digit twice in a row, column or box) or that are out of range give 0
// solutions and 0 nodes, never a crash. The search is iterative, with an explicit stack sized once
// per solve: nothing is allocated per node, and a 35x35 board cannot overflow the call stack.
// A solver object keeps its scratch buffers between calls, so it is cheap to reuse and must not be
// shared between threads.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/solve_result.hpp"

namespace sudoku {

/// Nodes between two questions to a baseline's interrupt: about a millisecond of search.
inline constexpr std::uint64_t kNodesBetweenAsks = std::uint64_t{1} << 16;

/// The classic blog-post solver: the first blank cell in reading order, digits 1..N in order,
/// each checked by scanning its row, column and box. It enumerates solutions in lexicographic
/// order, so its first solution is the smallest one read row by row.
class NaiveSolver {
 public:
  /// Counts solutions up to `limit` (0 counts nothing and searches nothing) and keeps the first.
  /// Precondition: puzzle.geometry().valid().
  SolveResult solve(const Board& puzzle, std::uint64_t limit = 1);
  /// Asked every kNodesBetweenAsks nodes; once it says true, solve() returns what it has found
  /// (which then proves nothing: the caller knows it asked). Empty: never asked.
  void set_interrupt(std::function<bool()> interrupt) { interrupt_ = std::move(interrupt); }

 private:
  std::function<bool()> interrupt_;
  std::vector<std::uint8_t> grid_;    // the board being filled, one digit per cell
  std::vector<std::int32_t> blanks_;  // the blank cells of the puzzle, in reading order
};

/// Constrained backtracking: the digits still free in each row, column and box are bit masks;
/// each step fills the cell with the fewest candidates (the leftmost in reading order on ties)
/// and tries its candidates from the smallest digit up. A cell with no candidate ends the branch
/// at once.
class MrvSolver {
 public:
  /// Counts solutions up to `limit` (0 counts nothing and searches nothing) and keeps the first.
  /// Precondition: puzzle.geometry().valid().
  SolveResult solve(const Board& puzzle, std::uint64_t limit = 1);
  /// As NaiveSolver's.
  void set_interrupt(std::function<bool()> interrupt) { interrupt_ = std::move(interrupt); }

 private:
  std::function<bool()> interrupt_;
  struct Choice {
    std::int32_t cell;
    std::uint64_t untried;  // candidates of the cell not tried yet at this level
  };

  std::vector<std::uint8_t> grid_;
  std::vector<std::uint8_t> row_of_, col_of_, box_of_;         // per cell, to avoid divisions
  std::vector<std::uint64_t> row_used_, col_used_, box_used_;  // digit d is bit d-1
  std::vector<std::int32_t> blanks_;                           // in reading order
  std::vector<Choice> stack_;                                  // one entry per filled blank
};

}  // namespace sudoku
