// The Sudoku solver every front door uses (the sudoku program, the Python module, the page,
// sudoku-mpi): one type, with named backends, whose results say which backend produced them.
//
//     sudoku::Solver solver(sudoku::parse_backend("auto"));
//     const sudoku::SolverResult r = solver.solve(puzzle, 2);   // count up to 2: unique?
//     std::cout << r.solutions << " by " << sudoku::backend_name(r.backend) << '\n';
//
// The backends:
//   bitboard  9x9 only: digit bitboards that deduce (singles, locked candidates, minirow
//             triads) after every guess on a digit's band configuration (bitboard_solver.hpp).
//             The fastest on classic puzzles.
//   dlx       the design's plain cover searched by the engine and nothing else: the puzzle's
//             exact cover with its givens applied (exact_cover_with_givens(), the problem that
//             `sudoku export` writes), on dlx::Solver. Its search nodes are those of
//             `sudoku export FILE | dlx --stats` for the same puzzle.
//   hybrid    deductions at the root (propagation.hpp: singles, locked candidates, naked and
//             hidden subsets), then the engine's search of the reduced cover, on
//             dlx::BitsetSolver when it fits (every 9x9 one), else dlx::Solver (dlx_solver.hpp).
//   naive     the first blank cell, digits in order (backtracking.hpp): a baseline.
//   mrv       the most constrained cell first, on bit masks (backtracking.hpp): a baseline.
//   sat       clause learning (GridSat, grid_sat.hpp): one search per solution, each barred
//             from those found before (sat_solve()). Fit for a few solutions, not millions. Its
//             nodes are conflicts.
//   auto      the choice below.
//
// The automatic choice, and its budget, live here and nowhere else (auto_backend()):
//   * a 9x9 board goes to bitboard, any other size to hybrid;
//   * either spends at most auto_node_budget() nodes on one puzzle (2^16 guesses of the
//     bitboard, each some ten engine nodes' work; 2^20 nodes of hybrid): some tens of
//     milliseconds; a search that needs more goes on from the start with handover_backend():
//     dlx, the plain cover, or, for boards larger than 16x16, sat (on a minimal 25x25 puzzle
//     the engine's search can take hours, clause learning a second). sat counts there up to
//     kAutoSatCountLimit solutions; a count that finds that many goes on with dlx. solve() does
//     that itself, on this thread; solve_within_budget() stops instead, for a front door that runs
//     the long search its own way: the sudoku program splits it over every core
//     (dlx::count_parallel), the Python module runs it in slices between which it looks for Ctrl-C
//     (load_plain_cover(), sat_step()).
// Every backend counts up to a limit and keeps the first solution; nodes are the backend's own
// measure of search (engine nodes; configurations tried for the bitboard; placements tried for
// naive and mrv), so compare them within one backend only.
//
// Not thread-safe: one Solver per thread. The engines are built on first use and kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <utility>

#include <dlx/problem.hpp>

#include "sudoku/board.hpp"
#include "sudoku/solve_result.hpp"

namespace dlx {
class Solver;
}

namespace sudoku {

enum class Backend : std::uint8_t { automatic, bitboard, dlx, hybrid, naive, mrv, sat };
/// How many backends there are: the size of every table indexed by Backend. Derived from the
/// last value, so a new backend (added before `sat`, or `sat` replaced) keeps tables in bounds.
inline constexpr std::size_t kBackendCount = static_cast<std::size_t>(Backend::sat) + 1;

/// "auto", "bitboard", "dlx", "hybrid", "naive", "mrv", "sat".
[[nodiscard]] std::string_view backend_name(Backend backend);
/// Every name, for messages: "auto, bitboard, dlx, hybrid, naive, mrv, sat".
[[nodiscard]] std::string_view backend_names();
/// The backend of a name; std::invalid_argument ("unknown backend 'x': the backends are auto,
/// bitboard, dlx, hybrid, naive, mrv, sat") for any other text.
[[nodiscard]] Backend parse_backend(std::string_view name);
/// Whether `backend` solves boards of this geometry (bitboard: 9x9 only; the others: all).
[[nodiscard]] bool backend_fits(Backend backend, const Geometry& geometry);

/// Nodes `backend` may spend on one puzzle before a long search is handed to dlx: 2^16 for
/// bitboard (its guesses), 2^20 for the others.
[[nodiscard]] std::uint64_t auto_node_budget(Backend backend);
/// The automatic choice for a board of this geometry: bitboard for 9x9, hybrid otherwise.
[[nodiscard]] Backend auto_backend(const Geometry& geometry);
/// Where auto's search goes once auto_backend() has spent its budget: sat for boards larger
/// than 16x16 (first, at least: see above), dlx otherwise.
[[nodiscard]] Backend handover_backend(const Geometry& geometry);
/// The solutions auto lets sat count before a count goes on with dlx: each costs sat a search
/// from scratch, while the engine enumerates many solutions fast once it finds them.
inline constexpr std::uint64_t kAutoSatCountLimit = 16;

struct SolverResult : SolveResult {
  Backend backend = Backend::automatic;  ///< the backend that produced this result (never auto)
  /// False when a node limit stopped the search: `solutions` are those found so far.
  bool complete = true;
};

class Solver {
 public:
  /// As a limit: count every solution.
  static constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};

  explicit Solver(Backend backend = Backend::automatic);
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  [[nodiscard]] Backend backend() const { return backend_; }
  /// Another backend from now on; the engines built so far are kept.
  void set_backend(Backend backend) { backend_ = backend; }

  /// Counts the solutions of `puzzle` up to `limit` and keeps the first. Clashing givens give 0
  /// solutions. Throws std::invalid_argument when !backend_fits(backend(), puzzle.geometry()).
  SolverResult solve(const Board& puzzle, std::uint64_t limit = 1);

  /// solve() for auto without the hand-over to dlx: nothing when the first backend spent
  /// auto_node_budget() nodes. The other backends: solve() (under the node limit).
  std::optional<SolverResult> solve_within_budget(const Board& puzzle, std::uint64_t limit);

  /// Whether a long search of this board goes to sat: the sat backend, or auto's hand-over
  /// above 16x16 (handover_backend()).
  [[nodiscard]] bool hands_to_sat(const Geometry& geometry) const;
  /// The sat step of a long search (when hands_to_sat()): sat counts up to `limit` (auto: up
  /// to kAutoSatCountLimit of it), asking the interrupt. complete: it settled the count (found
  /// fewer than it looked for, or the whole limit); false: dlx must go on (`solutions` is then
  /// a lower bound), or the interrupt or the node limit stopped it. For front doors that run
  /// the rest their own way; solve() calls it itself.
  SolverResult sat_step(const Board& puzzle, std::uint64_t limit);

  /// Stops every search of this solver once it has spent `nodes` nodes on one puzzle (in each
  /// of auto's two steps); the result is then incomplete. For bounding work on untrusted input.
  void set_node_limit(std::uint64_t nodes) { node_limit_ = nodes; }

  /// Asked between slices of some 65536 nodes (dlx, hybrid, enumerations) or every 64
  /// conflicts (sat) or 65536 placements (naive, mrv); once it says true, the search returns
  /// at once with what it has found (which then proves nothing: the caller knows it asked), an
  /// enumeration ends. bitboard, bounded by its budget under auto, does not ask. Empty: never.
  void set_interrupt(std::function<bool()> interrupt) { interrupt_ = std::move(interrupt); }

  /// Every solution of `puzzle`, one call at a time, in the backend's deterministic order (the
  /// first is solve()'s): dlx on the plain cover; auto and hybrid on hybrid. The baselines and
  /// bitboard only count: std::invalid_argument.
  class Enumeration;
  Enumeration enumerate(const Board& puzzle);

  /// The dlx backend's engine loaded with `puzzle`'s plain cover, fresh (the node limit unset):
  /// for front doors that run a long search their own way. Its covers decode with
  /// decode_plain_cover(). Valid until the next call on this Solver.
  dlx::Solver& load_plain_cover(const Board& puzzle);
  /// The puzzle last loaded, completed by a cover of its plain cover.
  [[nodiscard]] Board decode_plain_cover(std::span<const dlx::OptionId> cover) const;

 private:
  struct Engines;
  Engines& engines();
  SolverResult run(Backend backend, const Board& puzzle, std::uint64_t limit,
                   std::uint64_t node_limit);

  Backend backend_;
  std::uint64_t node_limit_ = kNoLimit;
  std::function<bool()> interrupt_;
  std::unique_ptr<Engines> engines_;  // built on first use
};

class Solver::Enumeration {
 public:
  Enumeration(Enumeration&&) noexcept;
  ~Enumeration();
  /// Advances to the next solution; false when there are no more.
  bool next();
  /// The solution the last successful next() reached.
  [[nodiscard]] const Board& solution() const;
  [[nodiscard]] std::uint64_t nodes() const;
  [[nodiscard]] std::uint64_t updates() const;
  [[nodiscard]] Backend backend() const { return backend_; }
  /// Another backend from now on; the engines built so far are kept.
  void set_backend(Backend backend) { backend_ = backend; }

 private:
  friend class Solver;
  struct State;
  Enumeration(Solver& owner, const Board& puzzle, Backend backend);
  Backend backend_;
  std::unique_ptr<State> state_;
};

}  // namespace sudoku
