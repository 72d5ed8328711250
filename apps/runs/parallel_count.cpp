// count_within: one search under a node limit; count_parallel: the first solution on one
// thread, then dlx::count_parallel under the givens.
#include "apps/runs/parallel_count.hpp"

namespace sudoku {

std::optional<SolveResult> count_within(const Board& puzzle, DlxSolver& solver,
                                        std::uint64_t node_budget) {
  DlxSolver::Engine& e = solver.engine(puzzle.geometry());
  SolveResult result;
  result.first = Board(puzzle.geometry());
  bool within = true;
  if (e.load(puzzle)) {
    e.solver.set_node_limit(node_budget);
    if (e.solver.next()) {
      e.encoding.decode(e.solver.cover(), result.first);
      result.solutions = 1 + e.solver.count();
    }
    within = !e.solver.paused();
    e.solver.set_node_limit(dlx::Solver::kNoLimit);
  }
  result.nodes = e.solver.stats().nodes;
  result.updates = e.solver.stats().updates;
  e.solver.reset();
  if (!within) return std::nullopt;
  return result;
}

SolveResult count_parallel(const Board& puzzle, DlxSolver& solver,
                           const dlx::ParallelOptions& options) {
  SolveResult result = solver.solve(puzzle, 1);
  if (result.solutions == 0) return result;
  DlxSolver::Engine& e = solver.engine(puzzle.geometry());
  if (!e.load(puzzle)) return result;  // cannot happen: the puzzle has a solution
  const dlx::CountResult counted = dlx::count_parallel(e.solver, options);
  e.solver.reset();
  result.solutions = counted.count;
  result.nodes += counted.stats.nodes;
  result.updates += counted.stats.updates;
  return result;
}

}  // namespace sudoku
