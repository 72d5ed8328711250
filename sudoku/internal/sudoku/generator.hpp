// Puzzle generation: random complete grids, dug down to minimal puzzles with exactly one
// solution, optionally symmetric and of a chosen difficulty; reproducible from a seed.
//
//     sudoku::GeneratorOptions options;
//     options.count = 10;
//     options.symmetry = sudoku::Symmetry::rotate180;
//     options.difficulty = sudoku::Difficulty::hard;
//     options.seed = 42;
//     sudoku::Generator generator(options);
//     while (auto p = generator.next()) write_line(std::cout, p->puzzle);   // count puzzles
//     if (!generator.error().empty()) std::cerr << generator.error() << '\n';
//
// How a puzzle is made:
// 1. A random complete grid: backtracking that fills the cell with the fewest candidates with
//    its candidates in random order, restarted with fresh randomness if it wanders too long;
//    above 16x16, where it would wander often, the same with the propagator's deductions at
//    every node.
// 2. Digging: the cells are split into orbits under the symmetry (a cell alone for `none`; the
//    cell and its mirror image under 180-degree rotation, 90-degree rotation or left-right
//    reflection). In random order, each orbit's givens are removed and put back at once if the
//    puzzle then has a second solution. One pass suffices for minimality: an orbit that could
//    not go when tried cannot go later, since removing givens only adds solutions. Up to 20x20
//    the engine (DlxSolver) counts to 2. Above, where that count can take hours on a sparse
//    puzzle, a clause-learning search (GridSat, two at once: SatPortfolio) is asked, for each
//    cell of the orbit, for a solution with another digit there: one exists exactly when the puzzle
//    has a second solution (a solution agreeing on the whole orbit is the first). Each question has
//    a conflict budget (GeneratorOptions::conflict_budget); the orbits whose question ran out of it
//    are asked again at the end, of the finished puzzle (removing givens only adds solutions, so
//    the answer there is the one that decides minimality), with eight times the budget or an even
//    share of what is left of a hundred times the budget for that pass, whichever is more; those
//    still open keep their givens, unproved (GeneratedPuzzle::unproved_givens).
// 3. Rating (rating.hpp); with a target difficulty, steps 1-2 are repeated until the level
//    matches, at most `max_attempts` times per puzzle.
//
// options.stop is asked about every 10 ms, inside those searches too, so a generation stops
// within a fraction of a second.
//
// Guarantees: every puzzle has exactly one solution and, but for its unproved givens, is
// minimal with respect to the symmetry: no orbit of givens can be removed without losing
// uniqueness. With symmetry `none` that is plain minimality (no single given can go); with a
// symmetry a single given of a larger orbit may sometimes be removable on its own, which would
// break the symmetry. The board is always N x N, so every symmetry applies to every geometry, boxes
// of 2x3 included: symmetry concerns where the givens are, not which digits they hold.
//
// Reproducibility: the same options (seed included) give the same puzzles on every platform and
// standard library: the random source is std::mt19937_64, whose output the standard fixes, and
// bounded draws and shuffles are our own code (Random), not std::uniform_int_distribution.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/dlx_solver.hpp"
#include "sudoku/propagation.hpp"
#include "sudoku/rating.hpp"
#include "sudoku/sat_portfolio.hpp"

namespace sudoku {

enum class Symmetry { none, rotate180, rotate90, mirror };

struct GeneratedPuzzle {
  Board puzzle;
  Board solution;
  Rating rating;
  int attempts = 1;  ///< puzzles made to find this one (1 without a target)
  /// Givens kept because the search for a second solution without them ran out of its budget
  /// (GeneratorOptions::conflict_budget, sides above 20 only): the puzzle is unique, and
  /// minimal but for these givens, which may or may not be removable. 0: minimal, proved.
  int unproved_givens = 0;
};

/// "none", "rotate180", "rotate90", "mirror".
std::string_view symmetry_name(Symmetry symmetry);
std::optional<Symmetry> parse_symmetry(std::string_view name);

/// The orbit of a cell under a symmetry: the cells whose givens come and go together, the cell
/// itself first, no repeats (1, 2 or 4 cells).
std::vector<int> symmetry_orbit(const Geometry& geometry, Symmetry symmetry, int cell);

/// Portable random numbers: std::mt19937_64 and exact, platform-independent bounded draws.
class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}
  /// Uniform in [0, bound); precondition bound > 0. Rejection sampling: exact, no modulo bias.
  std::uint64_t below(std::uint64_t bound);
  /// Fisher-Yates shuffle with below().
  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      const auto j = static_cast<std::size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }
  std::uint64_t next() { return engine_(); }

 private:
  std::mt19937_64 engine_;
};

struct GeneratorOptions {
  int count = 1;        ///< puzzles wanted (generate(); next() ignores it)
  Geometry geometry{};  ///< 3x3 boxes (9x9) by default; any valid geometry
  Symmetry symmetry = Symmetry::none;
  std::optional<Difficulty> difficulty;  ///< target level; `invalid` is never produced
  std::uint64_t seed = 1;
  int max_attempts = 2000;  ///< puzzles tried per puzzle wanted, with a target
  /// Targets (generator_targets.cpp); each one makes next() try until all are met:
  std::optional<Technique> technique;  ///< the rating's hardest technique (logic solves it)
  int min_givens = 0;                  ///< at least this many givens
  /// Digging stops once the puzzle has at most this many givens (0: dig to minimal), so a
  /// puzzle with more givens than a minimal one is still unique, though not minimal.
  int max_givens = 0;
  /// Sudoku Explainer's rating, in tenths (32 for 3.2), from `min_rating` to `max_rating`
  /// (explainer_rating_tenths(); 0 and 0: no target).
  int min_rating = 0;
  int max_rating = 0;
  /// Called after every attempt that missed a target (attempt number, from 1): progress.
  std::function<void(int attempt)> on_attempt;
  /// Asked about every 10 ms while a puzzle is made (a signal handler's flag, Python's pending
  /// Ctrl-C); once it says true, next() gives up the puzzle under way, returns nothing, and
  /// stopped() is true. Empty: never stop.
  std::function<bool()> stop;
  /// Sides above 20: the conflicts each of GridSat's two searches may spend on one question
  /// "is there a solution with another digit in this cell?" (at least eight times this in the
  /// final pass); an orbit whose question stays open keeps its givens (see
  /// GeneratedPuzzle::unproved_givens). Smaller sides count with the engine, without a budget.
  std::uint64_t conflict_budget = 20'000;
  /// Whether next() rates each puzzle (GeneratedPuzzle::rating; left default when not). A
  /// difficulty or technique target rates them regardless. Callers that show no rating turn it
  /// off: above 16x16 the logic's rating can take as long as the digging (a 25x25 puzzle: some
  /// 20 seconds of chains and forcing).
  bool rate = true;
  /// Called about once a second while a puzzle is made, with where it stands ("puzzle 1:
  /// 312 of 625 cells tried, 401 givens left"). Empty: no progress.
  std::function<void(const std::string& text)> on_progress;
};

/// Sudoku Explainer's rating (ER) of a 9x9 puzzle, in tenths (32 for 3.2): se_rating()'s ER,
/// the hardest step when each step is the one SE would take first (se_rating.hpp, the table in
/// docs/rating.md), chains and forcing chains included. Nothing when the techniques stall or
/// for another geometry, or once `stop` says yes (se_rating()).
std::optional<int> explainer_rating_tenths(const Board& puzzle,
                                           const std::function<bool()>& stop = {});

/// Whether a generated puzzle meets the targets of `options` (difficulty, technique, givens).
/// `stop` is asked inside the SE rating; an answer after it said yes proves nothing.
bool meets_targets(const GeneratedPuzzle& puzzle, const GeneratorOptions& options,
                   const std::function<bool()>& stop = {});
/// Whether `options` has any target (then next() tries up to max_attempts times).
bool has_targets(const GeneratorOptions& options);
/// "x-wing puzzle with 22-25 givens": the targets in words, for messages.
std::string targets_text(const GeneratorOptions& options);
/// The technique named by its id or name ("x_wing", "x-wing", "X-Wing"); empty if none.
std::optional<Technique> parse_technique(std::string_view name);

class Generator {
 public:
  /// Precondition: options.geometry.valid().
  explicit Generator(const GeneratorOptions& options);

  /// The next puzzle, or nothing when `max_attempts` puzzles in a row missed the target
  /// difficulty (error() then says so). The random stream goes on, so a later call may
  /// succeed; generate() and the CLI stop at the first failure.
  std::optional<GeneratedPuzzle> next();
  /// Why the last next() returned nothing; empty after a success.
  [[nodiscard]] const std::string& error() const { return error_; }
  /// Whether options.stop asked to stop; every later next() returns nothing at once.
  [[nodiscard]] bool stopped() const { return stopped_; }

  /// A random complete grid (step 1).
  Board random_solution();
  /// A minimal puzzle with `solution` as its only solution (step 2); with options.max_givens,
  /// digging stops as soon as at most that many givens are left.
  Board dig(const Board& solution);

 private:
  /// Whether `puzzle` (whose only solution was `solution` before the givens of `orbit` were
  /// removed) has a second solution: found, none, or unknown (out of budget, or a stop).
  enum class Other : std::uint8_t { none, found, unknown };
  Other has_other_solution(const Board& puzzle, const Board& solution,
                           const std::vector<int>& orbit, std::uint64_t budget,
                           std::uint64_t round);
  /// A solution of `board`, or nothing (none, or stopped): deductions (Propagator) at every
  /// node, so that the trees stay small on the largest boards; `shuffle`: digits in random
  /// order, for a random complete grid.
  std::optional<Board> search(const Board& board, bool shuffle);
  /// The rating of a puzzle just made (its one solution is `solution`).
  Rating rate_made(const Board& puzzle, const Board& solution);
  /// Calls options.stop and options.on_progress when their time has come; true once stopped.
  bool poll();
  [[nodiscard]] std::string progress_text() const;

  GeneratorOptions options_;
  Random random_;
  DlxSolver engine_;
  Propagator propagator_;
  std::string error_;
  bool stopped_ = false;
  int made_ = 0;                     // puzzles returned so far
  int attempt_ = 0;                  // of the puzzle under way
  int cells_tried_ = -1;             // digging: cells whose givens were tried; -1: not digging
  int givens_ = 0;                   // digging: givens left
  int untested_ = 0;                 // digging: givens kept because their search ran out of budget
  int recheck_total_ = 0;            // the final pass: givens asked about again (0: not there)
  int recheck_done_ = 0;             // the final pass: of those, asked so far
  std::uint64_t sat_conflicts_ = 0;  // SatPortfolio's conflicts so far, all questions
  std::optional<SatPortfolio> sat_;  // sides above 20: the uniqueness questions
  std::chrono::steady_clock::time_point last_poll_, last_progress_;
};

struct GenerateResult {
  std::vector<GeneratedPuzzle> puzzles;  ///< up to options.count
  std::string error;                     ///< empty when all count puzzles were made
};

/// options.count puzzles (fewer, with an error, when a target difficulty is not reached).
GenerateResult generate(const GeneratorOptions& options);

}  // namespace sudoku
