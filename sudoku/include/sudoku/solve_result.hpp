// What every Sudoku solver in the project returns, so that tests, benchmarks and the CLI treat
// the dancing-links solver and the backtracking baselines alike.
//
// Every solver has the same shape:
//     SolveResult solve(const Board& puzzle, std::uint64_t limit = 1);
// It counts solutions up to `limit` (1: first solution; 2: "is it unique?") and keeps the first
// one found. A puzzle whose givens clash (a digit twice in a unit) has 0 solutions; it is never
// an error and never a crash.
#pragma once

#include <cstdint>

#include "sudoku/board.hpp"

namespace sudoku {

struct SolveResult {
  std::uint64_t solutions = 0;  ///< solutions found, at most the limit asked for
  Board first;                  ///< the first solution found, when solutions > 0
  std::uint64_t nodes = 0;      ///< search nodes (branching decisions) spent
  std::uint64_t updates = 0;    ///< link updates (dancing links only; 0 for the baselines)
};

}  // namespace sudoku
