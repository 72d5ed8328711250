// The Sudoku solver on the dancing-links engine: solve, count with a limit, and lazy enumeration.
//
//     sudoku::DlxSolver solver;
//     sudoku::SolveResult r = solver.solve(puzzle, 2);       // r.solutions == 1: unique
//     for (const sudoku::Board& b : solver.enumerate(puzzle)) { ... }  // lazily, one by one
//
// solve() and enumerate() first deduce what they cheaply can (propagation.hpp: singles, locked
// candidates, naked and hidden pairs and triples), which keeps exactly the puzzle's solutions,
// then build the exact cover of what is left (an item per blank cell and per digit missing from
// a row, column or box; an option per remaining candidate; the cells ordered so that the
// engine's leftmost-on-ties branching takes the most constrained one) and let the engine
// search it (dlx::BitsetSolver when the cover fits it, as every 9x9 one does: the same tree in
// less time a node; dlx::Solver otherwise): on most hard puzzles the deductions shrink the search
// tree several times, and the smaller cover makes each step cheaper. A puzzle the deductions solve
// outright has exactly one solution and needs no search. The memory of the reduced problem and its
// engine is reused from puzzle to puzzle.
//
// Deductions::none searches the full encoding instead, givens committed, as Knuth's SUDOKU
// example does: the plain engine, for comparisons and for a technique-free measure of
// difficulty. It keeps one engine (Encoding + dlx::Solver) per geometry (so does the split
// count of parallel_count.hpp), built the first time a board of that geometry arrives: per
// puzzle it commits the givens as forced options, searches, decodes and resets. Givens that
// clash (a digit twice in a unit, which the engine sees as two committed options sharing an
// item) give 0 solutions either way.
//
// Not thread-safe: one DlxSolver per thread. An enumeration range borrows the solver: solving
// or enumerating another puzzle with it while the range is in use invalidates the range.
#pragma once

#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <vector>

#include <dlx/bitset_solver.hpp>
#include <dlx/compact_problem.hpp>
#include <dlx/solver.hpp>

#include "sudoku/board.hpp"
#include "sudoku/rules/encoding.hpp"
#include "sudoku/solve/propagation.hpp"
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
  /// Every solution of `puzzle`, lazily, in the engine's deterministic order (the first is
  /// solve()'s): the search runs only as far as the solutions taken.
  /// The interrupt (set_interrupt()) is asked between slices: once it says true, the range ends. An
  /// input range of `const Board&`; it borrows this solver, so solving or enumerating another
  /// puzzle with it while the range is in use invalidates the range.
  SolutionRange enumerate(const Board& puzzle);

  /// Pauses every search of this solver (solve, enumerate, the full-encoding engines) once it
  /// has spent `nodes` nodes on one puzzle: solve() then reports the solutions found so far
  /// and result.nodes == nodes; an enumeration ends. For bounding the work on untrusted input.
  void set_node_limit(std::uint64_t nodes);

  /// Asked between slices of about 65536 nodes of solve()'s search, with deductions or without
  /// (a few tens of milliseconds); once it says true, solve() returns at once with the
  /// solutions found so far (which then prove nothing: the caller knows it asked to stop).
  /// Empty: never asked.
  void set_interrupt(std::function<bool()> interrupt) { interrupt_ = std::move(interrupt); }
  /// The interrupt set, for work done beside the engine (a hint's techniques) to ask too.
  [[nodiscard]] const std::function<bool()>& interrupt() const { return interrupt_; }

  /// The engine for a geometry, built on first use (exposed for tests and benchmarks).
  struct Engine;
  Engine& engine(const Geometry& geometry);
  /// Searches an engine as its caller loaded it (placements committed or excluded): the first
  /// solution decoded and the count up to `limit`, in slices that ask the interrupt as solve()
  /// does, stopping after min(`node_limit`, set_node_limit()'s) nodes; then resets the engine.
  SolveResult search_loaded(Engine& engine, const Geometry& geometry, std::uint64_t limit,
                            std::uint64_t node_limit = kNoLimit);

 private:
  SolveResult solve_reduced(const Board& puzzle, std::uint64_t limit);
  /// Deduces on `puzzle` and, if blank cells remain, loads the exact cover of what is left
  /// into the reduced solver. The propagator of the puzzle's geometry holds the board reached.
  Propagator::Outcome load_reduced(const Board& puzzle, Propagator*& propagator_out);
  Propagator& propagator(const Geometry& geometry);  // built on first use, like engine()
  /// The board reached by the deductions, completed by the engine's current cover.
  void decode_reduced(const Propagator& propagator, Board& board) const;

  std::uint64_t node_limit_ = kNoLimit;
  std::function<bool()> interrupt_;
  /// reduced_next() and reduced_count() in slices, asking interrupt_ between two.
  bool reduced_next_watched();
  std::uint64_t reduced_count_watched(std::uint64_t limit);
  /// The same for a full-encoding engine's solver, up to `node_limit` nodes.
  bool full_next_watched(dlx::Solver& solver, std::uint64_t node_limit);
  std::uint64_t full_count_watched(dlx::Solver& solver, std::uint64_t limit,
                                   std::uint64_t node_limit);
  void set_reduced_limit(std::uint64_t nodes) {
    if (reduced_on_bitsets_) bitset_solver_.set_node_limit(nodes);
    else reduced_solver_->set_node_limit(nodes);
  }
  [[nodiscard]] bool reduced_paused() const {
    return reduced_on_bitsets_ ? bitset_solver_.paused() : reduced_solver_->paused();
  }
  std::vector<std::unique_ptr<Engine>> engines_;  // a handful of geometries: linear search
  std::vector<std::unique_ptr<Propagator>> propagators_;
  // The reduced problem of the last puzzle, its engine, and which placement each option is.
  // Problems small enough for dlx::BitsetSolver (every 9x9 one) go to it, the same search in
  // less time a node; larger ones (16x16 and up) to the dancing links.
  dlx::CompactProblem reduced_;
  bool reduced_on_bitsets_ = false;
  dlx::BitsetSolver bitset_solver_;
  std::unique_ptr<dlx::Solver> reduced_solver_;
  bool reduced_next() {
    return reduced_on_bitsets_ ? bitset_solver_.next() : reduced_solver_->next();
  }
  std::uint64_t reduced_count(std::uint64_t limit) {
    return reduced_on_bitsets_ ? bitset_solver_.count(limit) : reduced_solver_->count(limit);
  }
  [[nodiscard]] const dlx::Stats& reduced_stats() const {
    return reduced_on_bitsets_ ? bitset_solver_.stats() : reduced_solver_->stats();
  }
  std::vector<Placement> reduced_placements_;
  std::vector<dlx::ItemId> item_of_;  // scratch: cell or unit-digit -> item of the reduced problem
  /// Sorts the blank cells left by `propagator` into cell_order_ (see load_reduced()).
  void order_cells(const Propagator& propagator);
  std::vector<std::uint64_t> cell_order_;  // scratch: blank cells by sort key, cell in bits 0..15
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

  SolutionRange(DlxSolver& owner, const Board& puzzle);
  /// Finds the first solution; call once per range.
  iterator begin() {
    iterator it(this);
    return ++it;
  }
  std::default_sentinel_t end() const { return {}; }

  /// The engine's counters since the range was created (nodes, updates, solutions so far);
  /// zeros when the deductions settled the puzzle without a search.
  [[nodiscard]] const dlx::Stats& stats() const {
    return source_ == Source::engine || searched_ ? owner_->reduced_stats() : no_search_;
  }

 private:
  enum class Source : std::uint8_t { none, deduced, engine };
  bool advance();

  DlxSolver* owner_;
  Propagator* propagator_ = nullptr;
  Board current_;
  Source source_ = Source::none;  // where the next solution comes from
  bool searched_ = false;         // whether the engine ran for this range
  dlx::Stats no_search_{};
};

/// A pencil-mark puzzle (pencil_marks.hpp): counts the solutions up to `limit` and keeps the
/// first: the exact cover of the full encoding (the engine of `solver` for the geometry) with every
/// placement that is not a candidate excluded. `candidates` has one mask per cell. The search stops
/// after `node_limit` nodes (then result.nodes == node_limit and the count is a lower bound).
SolveResult solve_pencil_marks(const std::vector<std::uint64_t>& candidates,
                               const Geometry& geometry, DlxSolver& solver, std::uint64_t limit = 1,
                               std::uint64_t node_limit = DlxSolver::kNoLimit);

}  // namespace sudoku
