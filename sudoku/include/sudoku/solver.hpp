// The Sudoku solver every front door uses (the sudoku program, the Python module, the page,
// sudoku-mpi): one type, with named backends, for every rule set (classic, or the variants of
// variant.hpp), whose results say which backend produced them.
//
//     sudoku::Solver solver(sudoku::parse_backend("auto"));
//     const sudoku::SolverResult r = solver.solve(puzzle, 2);          // classic: unique?
//     const sudoku::SolverResult x = solver.solve(puzzle, rules, 2);   // any rules
//     std::cout << r.solutions << " by " << sudoku::backend_name(r.backend) << '\n';
//
// The backends, and the rules each takes (backend_fits()):
//   bitboard  classic 9x9 only: digit bitboards that deduce (singles, locked candidates,
//             minirow triads) after every guess on a digit's band configuration
//             (bitboard_solver.hpp). The fastest on classic puzzles.
//   dlx       the puzzle's exact cover with its givens applied, on the engine and nothing else:
//             classic rules, the plain cover of exact_cover_with_givens() (what `sudoku export`
//             writes) on dlx::Solver, its search nodes those of `sudoku export FILE | dlx
//             --stats`; other rules, their RulesCover (rules_cover.hpp), on
//             dlx::BitsetSolver when the cover fits it (every 9x9 one we have met), else
//             dlx::Solver. Every rule set.
//   hybrid    classic rules: deductions at the root (propagation.hpp: singles, locked
//             candidates, naked and hidden subsets), then the engine's search of the reduced
//             cover (dlx_solver.hpp). Other rules: the RulesCover, as dlx. Every rule set.
//   naive     classic only: the first blank cell, digits in order (backtracking.hpp).
//   mrv       classic only: the most constrained cell first, on bit masks (backtracking.hpp).
//   sat       classic only: clause learning (CaDiCaL on the Sudoku formula, sat_sudoku.hpp;
//             its clauses are the classic units', so other rules would need clauses of their
//             own): one solver call per solution, each barred from those found before
//             (sat_solve()). Fit for a few solutions, not millions. Its nodes are conflicts.
//             Not in the WebAssembly build (the page), which has no CaDiCaL: there the plan
//             never hands over to it, and the engine counts every board.
//   constraints  every rule set: pencil marks, the units' singles and the community's
//             constraints as propagators (sudoku/rules/propagation.hpp) to a fixpoint, a guess
//             on the cell with fewest candidates (sudoku/solve/constraint_search.hpp); one
//             thread. Its nodes are guesses.
//   auto      plan_search()'s choice.
//
// The policy of auto (which backend, its budget, where a longer search goes on) is decided in
// plan_search() and nowhere else; the logic, the ratings and the generator read its plan too.
// Today it says: classic 9x9 goes to bitboard, other classic sizes to hybrid, each within a
// budget of nodes (some tens of milliseconds); a search that needs more goes on from the start
// with dlx, or above 16x16 first with sat (on a minimal 25x25 puzzle the engine's search can
// take hours, clause learning a second), which counts up to a few solutions before dlx goes
// on. Rules with the community's constraints (Rules::community()) go to the constraints
// backend taking turns with clause learning on their cover (sudoku/solve/
// constraints_portfolio.hpp; the cover where it can list every constraint's fillings, sat only
// where CaDiCaL is), to the end, on one thread, whatever the step; the result names the one
// that settled it. Other rules go to their cover (labelled dlx), to the end; only a front door's
// worker (Steps::before_handover) keeps to a budget there, so that a long count goes on split.
//
// Front doors that run the long search their own way ask the Solver for it in two parts, and
// never repeat its steps:
//   * a worker that leaves long searches to another thread solves with
//     SolveOptions::steps = Steps::before_handover: a search that outgrows the first backend's
//     budget comes back with handed_over set (no answer);
//   * the thread that runs them solves the same puzzle with Steps::after_handover, with
//     SolveOptions::split_count where a count of every solution on the plain cover should be
//     split (the sudoku program: dlx::count_parallel over every core; sudoku-mpi: the ranks).
//     The Solver calls it with its engine loaded with the puzzle's plain cover (other rules:
//     the rules' cover), rewound.
// Stopping is the interrupt's (set_interrupt()): asked between slices of nodes
// (sliced_search.hpp), so the Python module's Ctrl-C and the program's signals stop any step.
// Every backend counts up to a limit and keeps the first solution; nodes are the backend's own
// measure of search (engine nodes; configurations tried for the bitboard; placements tried for
// naive and mrv; conflicts for sat), so compare them within one backend only.
//
// Not thread-safe: one Solver per thread. The engines are built on first use and kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <dlx/parallel.hpp>
#include <dlx/problem.hpp>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/solve_result.hpp"

namespace dlx {
class Solver;
}

namespace sudoku {

enum class Backend : std::uint8_t {
  automatic,
  bitboard,
  dlx,
  hybrid,
  naive,
  mrv,
  constraints,
  sat
};
/// How many backends there are: the size of every table indexed by Backend. Derived from the
/// last value, so a new backend (added before `sat`, or `sat` replaced) keeps tables in bounds.
inline constexpr std::size_t kBackendCount = static_cast<std::size_t>(Backend::sat) + 1;

/// "auto", "bitboard", "dlx", "hybrid", "naive", "mrv", "constraints", "sat".
[[nodiscard]] std::string_view backend_name(Backend backend);
/// Every name, for messages: "auto, bitboard, dlx, hybrid, naive, mrv, constraints, sat".
[[nodiscard]] std::string_view backend_names();
/// The backend of a name; std::invalid_argument ("unknown backend 'x': the backends are auto,
/// bitboard, dlx, hybrid, naive, mrv, constraints, sat") for any other text.
[[nodiscard]] Backend parse_backend(std::string_view name);
/// Whether `backend` solves boards of this geometry under these rules: bitboard classic 9x9
/// only; naive, mrv and sat classic rules only; auto, dlx, hybrid and constraints every rule
/// set (dlx and hybrid throw where a constraint has too many fillings for the cover).
[[nodiscard]] bool backend_fits(Backend backend, const Geometry& geometry, const Rules& rules = {});
/// Why a backend does not fit (the text after "the X backend "), for messages: "solves 9x9
/// boards only, not 6x6", "knows the classic rules only; ...". Precondition: !backend_fits().
[[nodiscard]] std::string backend_misfit(const Geometry& geometry, const Rules& rules = {});

/// How a search of one puzzle goes: auto's policy, and the budgets of the named backends
/// (plan_search(), the one place they are decided).
struct SearchPlan {
  static constexpr std::uint64_t kNoBudget = ~std::uint64_t{0};
  /// The backend searched first.
  Backend first = Backend::automatic;
  /// The nodes `first` may spend before the search is handed over; kNoBudget: it settles it.
  /// auto keeps to it always; a named backend only where a front door splits the search
  /// (Steps::before_handover), so that a long one can move to the thread that runs those.
  std::uint64_t budget = kNoBudget;
  /// Where a search that outgrew the budget goes on, from the start: dlx, or sat (which dlx
  /// follows when sat did not settle the count).
  Backend handover = Backend::dlx;
  /// The solutions sat counts, when it is the hand-over, before dlx goes on: each costs sat a
  /// search from scratch, while the engine enumerates many fast once it finds them.
  std::uint64_t sat_count_limit = kNoBudget;
  /// Whether a count to two (the logic's uniqueness, the ratings, hints) goes to clause
  /// learning rather than the engine: boards above 16x16.
  bool counts_to_two_by_sat = false;
  /// Whether the generator proves the uniqueness of its dug boards by clause learning under a
  /// conflict budget rather than the engine: boards above 20x20 (a dug board keeps many givens,
  /// which the engine's count handles a little further than a minimal one's).
  bool generator_proves_by_sat = false;
};
/// The plan for `backend` (auto included) on boards of this geometry under these rules.
[[nodiscard]] SearchPlan plan_search(Backend backend, const Geometry& geometry,
                                     const Rules& rules = {});

struct SolverResult : SolveResult {
  Backend backend = Backend::automatic;  ///< the backend that produced this result (never auto)
  /// False when a node limit or the interrupt stopped the search: `solutions` are those found
  /// so far (a lower bound).
  bool complete = true;
  /// Steps::before_handover only: the search outgrew the first backend's budget and is left
  /// to Steps::after_handover (nothing else in the result is an answer).
  bool handed_over = false;
};

/// Which part of a search solve() runs (see the header comment).
enum class Steps : std::uint8_t { all, before_handover, after_handover };

struct SolveOptions {
  Steps steps = Steps::all;
  /// The count of every solution after the hand-over (limit kNoLimit), the front door's way:
  /// called with the engine loaded with the puzzle's plain cover (other rules: their cover on
  /// the dancing links) and rewound; returns the count and the work (a front door with a limit of
  /// its own, as sudoku-mpi's --limit, applies it there). Empty: on this thread, in slices that ask
  /// the interrupt.
  std::function<dlx::CountResult(dlx::Solver& engine)> split_count{};
  /// Whether split_count is preceded by a search for the first solution, which the result
  /// keeps (the sudoku program checks it); false: the count alone, `first` left blank.
  bool keep_first = true;
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

  /// Counts the solutions of `puzzle` under `rules` up to `limit` and keeps the first, as
  /// plan_search() plans. Clashing givens give 0 solutions. Throws std::invalid_argument when
  /// !backend_fits(backend(), puzzle.geometry(), rules). Precondition: !rules_problem().
  SolverResult solve(const Board& puzzle, const Rules& rules, std::uint64_t limit = 1,
                     const SolveOptions& options = {});
  /// The same under the classic rules.
  SolverResult solve(const Board& puzzle, std::uint64_t limit = 1,
                     const SolveOptions& options = {});

  /// Stops every search of this solver once it has spent `nodes` nodes on one puzzle (in each
  /// of auto's steps); the result is then incomplete. For bounding work on untrusted input.
  void set_node_limit(std::uint64_t nodes) { node_limit_ = nodes; }

  /// Asked between slices of nodes (dlx, hybrid, the covers of other rules, enumerations;
  /// sliced_search.hpp) or every 64 conflicts (sat) or 65536 placements (naive, mrv); once it
  /// says true, the search returns at once with what it has found (which then proves nothing:
  /// the result is incomplete), an enumeration ends. bitboard, bounded by its budget under
  /// auto, does not ask. Empty: never.
  void set_interrupt(std::function<bool()> interrupt) { interrupt_ = std::move(interrupt); }
  /// The interrupt set last (empty: none), for work beside the search that should stop with it.
  [[nodiscard]] const std::function<bool()>& interrupt() const { return interrupt_; }

  /// The count to two that the logic, the ratings and the hints report beside their steps (the
  /// engine's figures of explain, rate and hint), the same call for every rule set so that no
  /// front door chooses: under the classic rules the hybrid engine's count (dlx_solver.hpp: with
  /// its root deductions when `deduce`), or clause learning's where plan_search() says
  /// counts_to_two_by_sat, whatever backend() is; under other rules, solve(puzzle, rules, 2).
  /// Within the node limit and the interrupt.
  SolveResult count_to_two(const Board& puzzle, const Rules& rules, bool deduce = true);

  /// Every solution of `puzzle` under `rules`, one call at a time, in the backend's
  /// deterministic order (the first is solve()'s): dlx on the plain cover or the rules' cover;
  /// auto and hybrid on hybrid (classic) or the rules' cover. The baselines, bitboard and sat
  /// only count: std::invalid_argument.
  class Enumeration;
  Enumeration enumerate(const Board& puzzle, const Rules& rules = {});

 private:
  struct Engines;
  Engines& engines();
  SolverResult run(Backend backend, const Board& puzzle, const Rules& rules, std::uint64_t limit,
                   std::uint64_t node_limit);
  SolverResult after_handover(const SearchPlan& plan, const Board& puzzle, const Rules& rules,
                              std::uint64_t limit, const SolveOptions& options);
  SolverResult rules_after_handover(const SearchPlan& plan, const Board& puzzle, const Rules& rules,
                                    std::uint64_t limit, const SolveOptions& options);

  Backend backend_;
  std::uint64_t node_limit_ = kNoLimit;
  std::function<bool()> interrupt_;
  std::unique_ptr<Engines> engines_;  // built on first use
};

class Solver::Enumeration {
 public:
  Enumeration(Enumeration&&) noexcept;
  ~Enumeration();
  /// Advances to the next solution; false when there are no more, or the node limit or the
  /// interrupt stopped the search (then stopped() says so).
  bool next();
  /// The solution the last successful next() reached.
  [[nodiscard]] const Board& solution() const;
  [[nodiscard]] std::uint64_t nodes() const;
  [[nodiscard]] std::uint64_t updates() const;
  /// Whether the last next() that found nothing was stopped (node limit, interrupt) rather
  /// than at the end of the search.
  [[nodiscard]] bool stopped() const;
  [[nodiscard]] Backend backend() const { return backend_; }

 private:
  friend class Solver;
  struct State;
  Enumeration(Solver& owner, const Board& puzzle, const Rules& rules, Backend backend);
  Backend backend_;
  std::unique_ptr<State> state_;
};

}  // namespace sudoku
