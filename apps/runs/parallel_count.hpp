// Counting the solutions of one puzzle on every core, and telling a quick count from a big one.
//
//     if (auto r = sudoku::count_within(puzzle, solver, 1 << 20)) use(*r);      // small: done
//     else use(sudoku::count_parallel(puzzle, solver, {.threads = 0}));         // big: all cores
//
// A batch of puzzles is parallel across puzzles; a single puzzle with millions of solutions
// (the empty 6x6 grid: 28,200,960) is not, so the CLI first counts each puzzle on one thread
// with a node budget, and only a count that runs out of budget is done again with
// dlx::count_parallel on the geometry's engine, the givens committed as forced options. The
// budget's nodes are lost, which is why the budget is small next to a count worth splitting.
#pragma once

#include <cstdint>
#include <optional>

#include <dlx/parallel.hpp>

#include "sudoku/board.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve_result.hpp"

namespace sudoku {

/// Counts every solution of `puzzle` (and keeps the first), unless the search needs more than
/// `node_budget` nodes: then nothing. Clashing givens: 0 solutions.
std::optional<SolveResult> count_within(const Board& puzzle, DlxSolver& solver,
                                        std::uint64_t node_budget);

/// Counts every solution of `puzzle` on `options.threads` threads (each with its own copy of
/// the engine's links) and keeps the first; nodes and updates are summed over the threads, the
/// split included. The count equals solver.solve(puzzle, DlxSolver::kNoLimit).solutions.
SolveResult count_parallel(const Board& puzzle, DlxSolver& solver,
                           const dlx::ParallelOptions& options = {});

}  // namespace sudoku
