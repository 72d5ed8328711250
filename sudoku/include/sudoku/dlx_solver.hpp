// The Sudoku solver on the dancing-links engine: solve, count with a limit, and lazy enumeration.
//
//     sudoku::DlxSolver solver;
//     sudoku::SolveResult r = solver.solve(puzzle, 2);       // r.solutions == 1: unique
//     for (const sudoku::Board& b : solver.enumerate(puzzle)) { ... }  // lazily, one by one
//
// solve() first deduces what it cheaply can (propagation.hpp: singles, locked candidates, pairs),
// which keeps exactly the puzzle's solutions, then builds the exact cover of what is left (an
// item per blank cell and per digit missing from a row, column or box; an option per remaining
// candidate) and lets the engine search it: on hard puzzles the deductions shrink the search
// tree several times, and the smaller cover makes each step cheaper. A puzzle the deductions
// solve outright has exactly one solution and needs no search. The memory of the reduced
// problem and its engine is reused from puzzle to puzzle. Deductions::none skips all that and
// searches the full encoding, givens committed, as Knuth's SUDOKU example does: the plain
// engine, for comparisons and for a technique-free measure of difficulty.
//
// enumerate() and the full-encoding searches keep one engine (Encoding + dlx::Solver) per
// geometry, built the first time a board of that geometry arrives: per puzzle it commits the
// givens as forced options, searches, decodes and resets. Givens that clash (a digit twice in a
// unit, which the engine sees as two committed options sharing an item) give 0 solutions.
//
// Not thread-safe: one DlxSolver per thread. An enumeration range borrows its geometry's engine:
// solving or enumerating another puzzle of the same geometry while it is in use invalidates it.
#pragma once

#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

#include <dlx/compact_problem.hpp>
#include <dlx/solver.hpp>

#include "sudoku/board.hpp"
#include "sudoku/encoding.hpp"
#include "sudoku/propagation.hpp"
#include "sudoku/solve_result.hpp"

namespace sudoku {

class DlxSolver {
 public:
  /// As a limit: count every solution.
  static constexpr std::uint64_t kNoLimit = dlx::Solver::kNoLimit;

  DlxSolver();
  ~DlxSolver();
  DlxSolver(DlxSolver&&) noexcept;
  DlxSolver& operator=(DlxSolver&&) noexcept;

  /// Whether solve() deduces before it searches (see above).
  enum class Deductions : std::uint8_t { propagate, none };

  /// Counts the solutions of `puzzle` up to `limit` and keeps the first. Clashing givens, or a
  /// cell holding more than N (which the Reader never yields), give 0 solutions. The result's
  /// nodes and updates are the engine's (0 when the deductions solve the puzzle).
  SolveResult solve(const Board& puzzle, std::uint64_t limit = 1,
                    Deductions deductions = Deductions::propagate);

  class SolutionRange;
  /// Every solution of `puzzle`, lazily, in the engine's deterministic order: the search runs
  /// only as far as the solutions taken. An input range of `const Board&`.
  SolutionRange enumerate(const Board& puzzle);

  /// The engine for a geometry, built on first use (exposed for tests and benchmarks).
  struct Engine;
  Engine& engine(const Geometry& geometry);

 private:
  SolveResult solve_reduced(const Board& puzzle, std::uint64_t limit);

  std::vector<std::unique_ptr<Engine>> engines_;  // a handful of geometries: linear search
  std::vector<std::unique_ptr<Propagator>> propagators_;
  // The reduced problem of the last puzzle, its engine, and which placement each option is.
  dlx::CompactProblem reduced_;
  std::unique_ptr<dlx::Solver> reduced_solver_;
  std::vector<Placement> reduced_placements_;
  std::vector<dlx::ItemId> item_of_;  // scratch: cell or unit-digit -> item of the reduced problem
};

struct DlxSolver::Engine {
  explicit Engine(Geometry geometry) : encoding(geometry), solver(encoding.problem()) {}
  /// Resets the engine and commits the givens of `puzzle`; false if they clash or are out of
  /// range, and then the engine has no covers until the next load.
  bool load(const Board& puzzle);

  Encoding encoding;
  dlx::Solver solver;
};

class DlxSolver::SolutionRange {
 public:
  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Board;
    using difference_type = std::ptrdiff_t;
    using reference = const Board&;

    iterator() = default;
    explicit iterator(SolutionRange* range) : range_(range) {}
    reference operator*() const { return range_->current_; }
    const Board* operator->() const { return &range_->current_; }
    iterator& operator++() {
      if (!range_->advance()) range_ = nullptr;
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& it, std::default_sentinel_t) {
      return it.range_ == nullptr;
    }

   private:
    SolutionRange* range_ = nullptr;
  };

  SolutionRange(Engine& engine, const Board& puzzle);
  /// Finds the first solution; call once per range.
  iterator begin() {
    iterator it(this);
    return ++it;
  }
  std::default_sentinel_t end() const { return {}; }

  /// The engine's counters since the range was created (nodes, updates, solutions so far).
  [[nodiscard]] const dlx::Stats& stats() const { return engine_->solver.stats(); }

 private:
  bool advance();

  Engine* engine_;
  Board current_;  // the cover holds the givens' options too, so it fills every cell
  bool feasible_;
};

}  // namespace sudoku
