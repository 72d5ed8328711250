// Puzzle generation: random complete grids, dug down to minimal puzzles with exactly one
// solution, optionally symmetric and of a chosen difficulty; reproducible from a seed. The rules
// are an option: classic (rows, columns, boxes) by default, or any variant (variant.hpp), whose
// jigsaw regions and killer cages the generator makes (generator_layouts.cpp, below).
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
//    puzzle, a clause-learning search (SudokuSat, on CaDiCaL) is asked, for each
//    cell of the orbit, for a solution with another digit there: one exists exactly when the puzzle
//    has a second solution (a solution agreeing on the whole orbit is the first). Each question has
//    a conflict budget (GeneratorOptions::conflict_budget); the orbits whose question ran out of it
//    are asked again at the end, of the finished puzzle (removing givens only adds solutions, so
//    the answer there is the one that decides minimality), with eight times the budget or an even
//    share of what is left of a hundred times the budget for that pass, whichever is more; those
//    still open keep their givens, unproved (GeneratedPuzzle::unproved_givens).
// 3. Rating (rating.hpp). With targets (a difficulty, a technique, an SE rating, givens) the
//    search goes on until a puzzle meets them all, or `max_attempts` puzzles were made when the
//    caller set that bound: a target that exists is found, however rare. A target that cannot
//    be met at all (unreachable_target()) is refused at once, with the reason.
// 4. Rare targets: up to 16x16 and without a givens target, the search walks from puzzle to
//    puzzle rather than starting each from a fresh grid. A mutation of the puzzle at hand keeps
//    its solution: one or two orbits of givens go, givens of the solution come back (each one
//    where a second solution differs, until the puzzle is unique again), and the result is
//    dug to minimal again. The walk moves to the new puzzle when it is no farther from the
//    targets (target_distance(): a puzzle that needs the technique asked for, though not as its
//    hardest step, is nearer than one that does not), and starts from a fresh grid after
//    kWalkLength moves without getting nearer. bench/generate_bench.sh measures what it buys.
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
// Other rules (options.variant not classic) go the same way, through the same dig and walk:
// step 1 is a random grid that obeys the rules, found by the engine on the rules' exact cover
// (RulesCover) with its options shuffled; in step 2 the count to 2 is on that cover. Jigsaw: a
// random layout of connected regions, grown from the boxes by swapping two cells between
// neighbouring regions (each keeps N cells and stays connected), a few hundred times. Killer: a
// random layout of connected cages of 1 to 5 cells (a cage never repeats a digit), their sums
// from the grid; the dig starts from givens only where the cages leave several solutions: a
// given is added where another solution differs, until one is left (as a walk's mutation comes
// back to one solution). A uniqueness proof has a node budget; a given whose proof needs more
// stays, unproved (the puzzle is unique; such givens are rare). The community's constraints
// (options.constraints: thermometers, arrows, Kropki dots, XV, little killers) are drawn on
// the grid made, each true of it (generator_constraints.cpp), and the dig starts as killer's
// does, from givens only where the constraints leave several solutions. The targets
// that variants take: --givens, and a symmetry of the givens. Every symmetry maps the cells of
// the flag rules onto cells of the same rule (x: each diagonal onto a diagonal; windoku: the
// four windows onto the windows; anti-knight and anti-king: a move onto a move), so a symmetric
// variant puzzle is symmetric with its rules drawn; the made jigsaw regions, killer cages and
// constraints are not symmetric, so those refuse a symmetry (unreachable_target()). Technique and
// difficulty targets take every rule set (the logic works under the rules); an SE rating stays
// classic.
//
// Reproducibility: the same options (seed included) give the same puzzles on every platform and
// standard library: the random source is std::mt19937_64, whose output the standard fixes, and
// bounded draws and shuffles are our own code (Random), not std::uniform_int_distribution.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <dlx/bitset_solver.hpp>

#include "sudoku/board.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/rules_cover.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve/propagation.hpp"
#include "sudoku/solve/sat_sudoku.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/writer.hpp"  // rules_lines(), which generated puzzles are written with

namespace sudoku {

enum class Symmetry { none, rotate180, rotate90, mirror };

struct GeneratedPuzzle {
  Board puzzle;
  Board solution;
  Rules rules;  ///< the rules, with the regions and cages made for this puzzle; classic: none
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
  /// The rules: classic by default; jigsaw and killer make their regions and cages. Windoku
  /// needs 9x9, killer at most 16x16 (next() says so).
  VariantName variant{};
  /// Constraints of the variant community placed on each grid made, read from it as a setter
  /// would (generator_constraints.cpp): thermometer, arrow, difference and ratio (Kropki dots),
  /// xv, little_killer; the other kinds are refused (unreachable_target()). Empty: none.
  std::vector<ConstraintKind> constraints;
  /// With difference, ratio or xv: every dot (X, V) the grid allows is drawn, and the puzzle
  /// says so by the global rules nonconsecutive, negative-ratio, negative-xv.
  bool negative = false;
  Symmetry symmetry = Symmetry::none;
  std::optional<Difficulty> difficulty;  ///< target level; `invalid` is never produced
  std::uint64_t seed = 1;
  /// With targets, the puzzles made per puzzle wanted before next() gives up (the caller's own
  /// bound); 0: no bound, the search goes on until a puzzle meets the targets (or `stop`).
  int max_attempts = 0;
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
  /// Step 4, the walk from puzzle to puzzle, where it applies; false: every attempt starts from
  /// a fresh grid (bench/generate_bench.cpp compares the two).
  bool walk = true;
  /// Called after every attempt that missed a target (attempt number, from 1): progress.
  std::function<void(int attempt)> on_attempt;
  /// Asked about every 10 ms while a puzzle is made (a signal handler's flag, Python's pending
  /// Ctrl-C); once it says true, next() gives up the puzzle under way, returns nothing, and
  /// stopped() is true. Empty: never stop.
  std::function<bool()> stop;
  /// Sides above 20: the conflicts the clause-learning search may spend on one question
  /// "is there a solution with another digit in this cell?" (at least eight times this in the
  /// final pass); an orbit whose question stays open keeps its givens (see
  /// GeneratedPuzzle::unproved_givens). Smaller sides count with the engine, without a budget.
  std::uint64_t conflict_budget = 20'000;
  /// Whether next() rates each puzzle (GeneratedPuzzle::rating; left default when not). A
  /// difficulty or technique target rates them regardless. Callers that show no rating turn it
  /// off: above 16x16 the logic's rating can take as long as the digging (a 25x25 puzzle: some
  /// 20 seconds of chains and forcing).
  bool rate = true;
  /// Called about once a second while a puzzle is made, with where it stands (progress_text():
  /// "puzzle 1: 312 of 625 cells tried, 401 givens left, 3.1 s"). Empty: no progress.
  std::function<void(const std::string& text)> on_progress;
};

/// Sudoku Explainer's rating (ER) of a 9x9 puzzle, in tenths (32 for 3.2): se_rating()'s ER,
/// the hardest step when each step is the one SE would take first (se_rating.hpp, the table in
/// docs/rating.md), chains and forcing chains included. Nothing when the techniques stall or
/// for another geometry, or once `stop` says yes (se_rating()).
std::optional<int> explainer_rating_tenths(const Board& puzzle,
                                           const std::function<bool()>& stop = {});

/// Sudoku Explainer's scale as a target, in tenths: no puzzle rates below 1.2 (a hidden single
/// in a box, the easiest step of the table), and none is known above 11.9 (the top of the
/// players' forum's database of the hardest puzzles, docs/rating.md; the scale has no ceiling
/// of its own, the chains' length bonus grows with their nodes).
inline constexpr int kLowestRatingTenths = 12;
inline constexpr int kHighestRatingTenths = 119;

/// Whether `options` asks for other rules than the classic ones.
bool variant_rules(const GeneratorOptions& options);

/// The constraints the generator places, by the names of --constraints: "thermometer", "arrow",
/// "kropki" (difference and ratio dots), "difference", "ratio", "xv", "little-killer", joined
/// by ',' or '+'; each kind once, in the order of ConstraintKind. Empty for anything else.
std::optional<std::vector<ConstraintKind>> parse_made_constraints(std::string_view text);
/// The list parse_made_constraints() accepts, for messages.
inline constexpr const char* kMadeConstraintNames =
    "thermometer, arrow, kropki, difference, ratio, xv, little-killer (or several joined by '+')";

/// Whether a generated puzzle meets the targets of `options` (difficulty, technique, givens).
/// `stop` is asked inside the SE rating; an answer after it said yes proves nothing.
bool meets_targets(const GeneratedPuzzle& puzzle, const GeneratorOptions& options,
                   const std::function<bool()>& stop = {});
/// How far a puzzle is from the targets: 0 when it meets them all (meets_targets()), more the
/// farther: per target, the levels between its difficulty and the one asked, the givens or SE
/// tenths outside the range asked, and for a technique 1 when the puzzle needs it but not as its
/// hardest step, 2 when it does not need it. `se_tenths`, when given, receives the SE rating
/// computed for a rating target (nothing when none was).
int target_distance(const GeneratedPuzzle& puzzle, const GeneratorOptions& options,
                    const std::function<bool()>& stop = {},
                    std::optional<int>* se_tenths = nullptr);
/// Whether `options` has any target (then next() searches until one puzzle meets them).
bool has_targets(const GeneratorOptions& options);
/// Why no puzzle can meet the targets of `options`, or nothing when one may: a technique whose
/// tier gives another difficulty than the one asked; a technique that is never the hardest step
/// on the board's side (subsets and fish of k need 2k cells or lines, else a smaller one or a
/// single makes the same eliminations first; on 4x4 naked singles solve every puzzle); a 9x9 puzzle
/// with fewer than 17 givens; an SE rating off the scale, or on a board other than 9x9, or on a
/// variant; a symmetry for jigsaw or killer, whose made regions and cages are not symmetric.
std::optional<std::string> unreachable_target(const GeneratorOptions& options);
/// "x-wing puzzle with 22-25 givens": the targets in words, for messages.
std::string targets_text(const GeneratorOptions& options);
/// The technique named by its id or name ("x_wing", "x-wing", "X-Wing"); empty if none.
std::optional<Technique> parse_technique(std::string_view name);

class Generator {
 public:
  /// Precondition: options.geometry.valid().
  explicit Generator(const GeneratorOptions& options);

  /// The next puzzle, or nothing when the targets cannot be met (unreachable_target()) or
  /// `max_attempts` (when set) puzzles in a row missed them; error() then says why. The random
  /// stream goes on, so a later call may succeed; generate() and the CLI stop at the first
  /// failure.
  std::optional<GeneratedPuzzle> next();
  /// Where the puzzle under way stands, for a progress line or an interrupted run: "puzzle 2
  /// of 3, try 412 (3.1 s; nearest so far: hardest step xy-wing): filling a 3x3 grid".
  [[nodiscard]] std::string progress_text() const;
  /// Why the last next() returned nothing; empty after a success.
  [[nodiscard]] const std::string& error() const { return error_; }
  /// Whether options.stop asked to stop; every later next() returns nothing at once.
  [[nodiscard]] bool stopped() const { return stopped_; }

  /// A random complete grid under the classic rules (step 1).
  Board random_solution();
  /// A minimal puzzle with `solution` as its only solution under `rules` (step 2); with
  /// options.max_givens, digging stops as soon as at most that many givens are left.
  Board dig(const Board& solution, const Rules& rules = {}) {
    return dig(solution, solution, rules);
  }

 private:
  /// Whether `puzzle` (whose only solution under `rules` was `solution` before the givens of
  /// `orbit` were removed) has a second solution: found, none, or unknown (out of budget, or a
  /// stop).
  enum class Other : std::uint8_t { none, found, unknown };
  Other has_other_solution(const Board& puzzle, const Board& solution, const Rules& rules,
                           const std::vector<int>& orbit, std::uint64_t budget,
                           std::uint64_t round);
  /// The cells where a solution of `puzzle` under `rules` other than `solution` (one of its
  /// solutions) differs from it; empty when `solution` is the only one. Where the proof ran out
  /// of nodes, every blank cell (a given anywhere brings the count nearer to one).
  std::vector<int> other_solution_cells(const Board& puzzle, const Board& solution,
                                        const Rules& rules);
  /// Adds givens of `solution` (by orbits, each where another solution differs) until `puzzle`
  /// has no other solution: the killer's start, and a mutation's way back to one solution.
  void give_until_unique(Board& puzzle, const Board& solution, const Rules& rules);
  /// A solution of `board`, or nothing (none, or stopped): deductions (Propagator) at every
  /// node, so that the trees stay small on the largest boards; `shuffle`: digits in random
  /// order, for a random complete grid.
  std::optional<Board> search(const Board& board, bool shuffle);
  /// The rating of a puzzle just made (its one solution is `solution`) under `rules`.
  Rating rate_made(const Board& puzzle, const Board& solution, const Rules& rules);
  /// Calls options.stop and options.on_progress when their time has come; true once stopped.
  bool poll();
  /// A fresh puzzle under the options' rules (steps 1-2): its layout (jigsaw regions), a random
  /// grid, its cages (killer), dug; nothing, with error_ set, when the rules do not fit the board
  /// or no grid was found. After a stop, what it has (the caller drops it).
  std::optional<GeneratedPuzzle> make_fresh();
  /// `start` (givens of `solution`, which is its only solution under `rules`) with each orbit of
  /// givens removed in random order where it stays unique: minimal with respect to the symmetry.
  Board dig(const Board& start, const Board& solution, const Rules& rules);
  /// A neighbour of `puzzle` with the same solution and rules (step 4): orbits of givens taken
  /// out, givens of `solution` put in until it is unique, then dug to minimal again.
  Board mutate(const Board& puzzle, const Board& solution, const Rules& rules);
  /// Under other rules than the classic ones (generator_layouts.cpp): a grid found on the rules'
  /// cover with its options shuffled (nothing when none was found in the attempts, or a stop),
  /// jigsaw regions, killer cages.
  std::optional<Board> random_rules_grid(const Rules& rules);
  std::vector<std::uint8_t> random_regions();
  std::vector<Cage> random_cages(const Board& grid);
  /// options.constraints placed on `grid`, which obeys `rules`: added to rules.constraints, with
  /// the global rules that options.negative asks for (generator_constraints.cpp).
  void place_constraints(const Board& grid, Rules& rules);
  /// Keeps the puzzle nearest to the targets so far, in words, for progress_text().
  void note_nearest(const GeneratedPuzzle& p, int distance, std::optional<int> se_tenths);

  GeneratorOptions options_;
  Random random_;
  Solver engine_{Backend::hybrid};  // classic rules: the count to 2, enumerations, ratings
  Propagator propagator_;
  std::string error_;
  bool stopped_ = false;
  int made_ = 0;              // puzzles returned so far
  int attempt_ = 0;           // of the puzzle under way
  int nearest_ = -1;          // the smallest target distance of its attempts (-1: none)
  std::string nearest_text_;  // that puzzle in words: "hardest step xy-wing, expert"
  std::chrono::steady_clock::time_point started_;  // when the puzzle under way was begun
  int cells_tried_ = -1;             // digging: cells whose givens were tried; -1: not digging
  int givens_ = 0;                   // digging: givens left
  int untested_ = 0;                 // digging: givens kept because their search ran out of budget
  int recheck_total_ = 0;            // the final pass: givens asked about again (0: not there)
  int recheck_done_ = 0;             // the final pass: of those, asked so far
  std::uint64_t sat_conflicts_ = 0;  // SudokuSat's conflicts so far, all questions
  std::optional<SudokuSat> sat_;     // sides above 20: the uniqueness questions
  // Other rules: the count to 2 on the rules' cover, and the random grids' searches.
  Solver cover_solver_{Backend::dlx};  // the rules' cover, for the count to 2
  dlx::CompactProblem problem_;
  dlx::BitsetSolver bitset_;
  std::unique_ptr<dlx::Solver> links_;
  std::chrono::steady_clock::time_point last_poll_, last_progress_;
};

struct GenerateResult {
  std::vector<GeneratedPuzzle> puzzles;  ///< up to options.count
  std::string error;                     ///< empty when all count puzzles were made
};

/// options.count puzzles (fewer, with an error, when the targets are unreachable or
/// options.max_attempts ran out).
GenerateResult generate(const GeneratorOptions& options);

}  // namespace sudoku
