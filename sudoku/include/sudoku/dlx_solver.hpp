// The Sudoku solver on the dancing-links engine: solve, count with a limit, and lazy enumeration.
//
//     sudoku::DlxSolver solver;
//     sudoku::SolveResult r = solver.solve(puzzle, 2);       // r.solutions == 1: unique
//     for (const sudoku::Board& b : solver.enumerate(puzzle)) { ... }  // lazily, one by one
//
// The solver keeps one engine (Encoding + dlx::Solver) per geometry it has met, built the first
// time a board of that geometry arrives and reused for every later puzzle: per puzzle it commits
// the givens as forced options, searches, decodes and resets, so no problem is rebuilt and nothing
// is allocated beyond the result board. Givens that clash (a digit twice in a unit, which the
// engine sees as two committed options sharing an item) simply give 0 solutions.
//
// Not thread-safe: one DlxSolver per thread. An enumeration range borrows its geometry's engine:
// solving or enumerating another puzzle of the same geometry while it is in use invalidates it.
#pragma once

#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

#include <dlx/solver.hpp>

#include "sudoku/board.hpp"
#include "sudoku/encoding.hpp"
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

  /// Counts the solutions of `puzzle` up to `limit` and keeps the first. Clashing givens, or a
  /// cell holding more than N (which the Reader never yields), give 0 solutions.
  SolveResult solve(const Board& puzzle, std::uint64_t limit = 1);

  class SolutionRange;
  /// Every solution of `puzzle`, lazily, in the engine's deterministic order: the search runs
  /// only as far as the solutions taken. An input range of `const Board&`.
  SolutionRange enumerate(const Board& puzzle);

  /// The engine for a geometry, built on first use (exposed for tests and benchmarks).
  struct Engine;
  Engine& engine(const Geometry& geometry);

 private:
  std::vector<std::unique_ptr<Engine>> engines_;  // a handful of geometries: linear search
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
