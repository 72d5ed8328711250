// DlxSolver: per-geometry engines, and the commit / search / decode / reset walk of one puzzle.
#include "sudoku/dlx_solver.hpp"

#include <cassert>
#include <ranges>

namespace sudoku {

static_assert(std::ranges::input_range<DlxSolver::SolutionRange>);

DlxSolver::DlxSolver() = default;
DlxSolver::~DlxSolver() = default;
DlxSolver::DlxSolver(DlxSolver&&) noexcept = default;
DlxSolver& DlxSolver::operator=(DlxSolver&&) noexcept = default;

DlxSolver::Engine& DlxSolver::engine(const Geometry& geometry) {
  for (auto& e : engines_) {
    if (e->encoding.geometry() == geometry) return *e;
  }
  engines_.push_back(std::make_unique<Engine>(geometry));
  return *engines_.back();
}

bool DlxSolver::Engine::load(const Board& puzzle) {
  assert(puzzle.geometry() == encoding.geometry());
  solver.reset();
  solver.clear_stats();
  const int cells = puzzle.cell_count();
  const int n = puzzle.size();
  for (int cell = 0; cell < cells; ++cell) {
    const int digit = puzzle[cell];
    if (digit == 0) continue;
    // A digit the board cannot hold (a Board built by hand) is a puzzle without solutions,
    // like a clash, rather than an option id out of range.
    if (digit > n) return false;
    // A clash is remembered by the engine (no covers until reset), so we may stop here.
    if (!solver.commit(encoding.option(cell, digit))) return false;
  }
  return true;
}

SolveResult DlxSolver::solve(const Board& puzzle, std::uint64_t limit) {
  Engine& e = engine(puzzle.geometry());
  SolveResult result;
  result.first = Board(puzzle.geometry());
  if (limit > 0 && e.load(puzzle) && e.solver.next()) {
    e.encoding.decode(e.solver.cover(), result.first);
    result.solutions = 1 + e.solver.count(limit - 1);
  }
  result.nodes = e.solver.stats().nodes;
  result.updates = e.solver.stats().updates;
  e.solver.reset();
  return result;
}

DlxSolver::SolutionRange DlxSolver::enumerate(const Board& puzzle) {
  return SolutionRange(engine(puzzle.geometry()), puzzle);
}

DlxSolver::SolutionRange::SolutionRange(Engine& engine, const Board& puzzle)
    : engine_(&engine), current_(puzzle.geometry()),
      feasible_(engine.load(puzzle)) {}

bool DlxSolver::SolutionRange::advance() {
  if (!feasible_ || !engine_->solver.next()) return false;
  engine_->encoding.decode(engine_->solver.cover(), current_);
  return true;
}

}  // namespace sudoku
