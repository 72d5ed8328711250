// Solving like a person: techniques on pencil marks, tried simplest first, never a guess.
//
//     sudoku::LogicResult r = sudoku::solve_logically(puzzle);
//     for (const sudoku::Step& s : r.steps) std::cout << sudoku::step_text(s, puzzle.geometry()) <<
//     '\n'; if (r.status == sudoku::LogicStatus::stalled) { /* r.position: board + candidates */ }
//
// The solver keeps a Position (candidates.hpp) and repeatedly tries the techniques in the order
// of the Technique enum, from the simplest; the first one that places a digit or removes a
// candidate makes one Step, and the search starts again from naked singles. It stops when the
// board is full (solved), when no technique applies (stalled: the position is reported as is), or
// when the pencil marks show a contradiction (a blank cell without candidates, a digit without a
// place in a unit, clashing givens): then the puzzle has no solution.
//
// Every technique is a deduction valid for every solution of the position, so each candidate
// removed is false in every solution: a puzzle with several solutions stalls, it is never
// "solved" wrongly. The one exception, the uniqueness techniques (unique rectangles, BUG+1),
// assume a single solution: the solver tries them, and the chains, only once the engine has
// counted exactly one. Works for every geometry (N <= 35).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/grid/candidates.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve_result.hpp"
#include "sudoku/validator.hpp"

namespace sudoku {

class Solver;  // solver.hpp

/// The techniques, in the order they are tried (simplest first).
enum class Technique {
  naked_single,   ///< a cell with one candidate
  hidden_single,  ///< a digit with one place in a box, row or column (boxes tried first), then
                  ///< in the rules' other units
  // Under the community's constraints (Rules::constraints and the global rules; they find
  // nothing elsewhere): cheap, so right after the singles, as a solver looks at a thermometer
  // or an arrow before any pattern.
  constraint,  ///< a constraint's fillings that the candidates allow (ConstraintPropagator,
               ///< propagation.hpp): digits in none of them leave its cells (Step::constraint)
  pointing,    ///< a digit's places in a box all lie in one row or column: not elsewhere there
  claiming,    ///< a digit's places in a row or column all lie in one box: not elsewhere there
  // Under a variant's rules (Position::rules()); they find nothing on classic positions.
  locked_candidates,  ///< the same for other units: a digit's places in one unit (a diagonal,
                      ///< a window, a region with a line) all lie in another: not elsewhere there
  cage_combination,   ///< a killer cage's digit sets (distinct, adding up to its sum) that the
                      ///< candidates allow: digits in none leave the cage; a digit in all of them
                      ///< leaves the cells seeing all its places in the cage
  innies_outies,      ///< the 45 rule: units of known total minus the cages inside leave cells
                      ///< (innies) or cages reach out to cells (outies) of known sum
  naked_pair,         ///< two cells of a unit holding the same two candidates
  hidden_pair,        ///< two digits with the same two places in a unit
  naked_triple,
  hidden_triple,
  x_wing,     ///< a digit in two rows (columns) confined to the same two columns (rows)
  swordfish,  ///< the same with three lines
  xy_wing,    ///< pivot {x,y} seeing pincers {x,z} and {y,z}: z off cells seeing both
  naked_quad,
  hidden_quad,
  jellyfish,  ///< the fish with four lines
  // Beyond the fixed patterns of the levels (rating.hpp), before the chains; the uniqueness
  // techniques (assumes_unique_solution()) only on a puzzle the engine proves to have one
  // solution.
  w_wing,  ///< bivalue cells {x,y} joined by a strong link on x: y off cells seeing both
  unique_rectangle_1,       ///< four cells on {x,y} in two rows, columns and boxes: the deadly
                            ///< pattern must be avoided; type 1: three cells hold {x,y} alone
  unique_rectangle_2,       ///< two cells hold {x,y,z}: z off cells seeing both
  unique_rectangle_3,       ///< the extras of two cells make a naked subset with cells of a unit
  unique_rectangle_4,       ///< x confined to the two extra cells in a unit: y off both
  hidden_unique_rectangle,  ///< x confined to the rectangle along a corner's row and column
  unique_loop_1,  ///< a loop of 6, 8, ... cells on {x,y}, each unit it visits holding two of
                  ///< them (Sudoku Explainer's only); types as the rectangles' 1 to 4
  unique_loop_2,
  unique_loop_3,
  unique_loop_4,
  bug_plus_one,    ///< all cells bivalue but one: it takes the digit seen three times
  bug_type_2,      ///< the BUG cells' one extra digit leaves the cells seeing them all
  bug_type_3,      ///< the BUG cells' extra digits make a naked set with cells of a unit holding
                   ///< them all (Sudoku Explainer's only)
  bug_type_4,      ///< two BUG cells of a unit share one other digit: each keeps its BUG digits
                   ///< and that digit (Sudoku Explainer's only)
  finned_x_wing,   ///< an x-wing but for fins in one box: off the cover cells seeing the fins
  sashimi_x_wing,  ///< the same where a base line keeps one cell (or none) off the fins
  finned_swordfish,
  sashimi_swordfish,
  finned_jellyfish,
  sashimi_jellyfish,
  // Patterns of sets of cells (technique_aligned.cpp, technique_sue_de_coq.cpp,
  // technique_als.cpp), each where a person tries it: the aligned exclusions where Sudoku
  // Explainer does, Sue de Coq and the ALS techniques where HoDoKu does. Step::sets names the
  // sets a step rests on.
  aligned_pair_exclusion,  ///< two cells: the combinations that would empty a bivalue cell
                           ///< seeing both are excluded; digits left in none go
  sue_de_coq,  ///< a box/line intersection shared out between sets in the line and the box
  x_cycle,     ///< a continuous loop on one digit: off cells seeing both ends of a weak link
  y_cycle,     ///< a continuous loop whose strong links are bivalue cells (Sudoku Explainer's only)
  xy_cycle,    ///< a loop with strong links of both kinds (Sudoku Explainer's only)
  // Chains (forcing.hpp; 9x9 and every other geometry). A chain's proof is Step::chain.
  x_chain,  ///< one digit: if the start candidate were true (false), links force it false (true)
  aic,      ///< the same with bivalue cells too: an alternating inference chain (XY-chains)
  // More set patterns (see above).
  als_xz,       ///< almost locked sets A, B with a restricted common digit X: a common digit Z
                ///< leaves every cell seeing all its places in both (doubly linked: two X)
  als_xy_wing,  ///< almost locked sets A-C-B linked by restricted digits X (A-C), Y (B-C):
                ///< a digit Z common to A and B leaves every cell seeing all its places
  aligned_triple_exclusion,  ///< the aligned exclusion on three cells (Sudoku Explainer's)
  // Forcing chains (forcing.hpp).
  nishio_forcing_chain,    ///< one digit, dynamic: a candidate whose truth (or falsity) leaves the
                           ///< digit twice in a unit is false (true); Sudoku Explainer's only
  multiple_forcing_chain,  ///< every candidate of a cell, or place of a digit in a unit,
                           ///< forces the same conclusion along bivalue/bilocal links
  dynamic_forcing_chain,   ///< forcing chains whose links are the singles of the position
                           ///< left by the assumption (contradiction, double, cell, region)
  dynamic_forcing_chain_plus,  ///< the same, with locked candidates, pairs and x-wings inside
  nested_forcing_chain,        ///< the same, with forcing chains inside (Step::level 2..5)
};
/// How many techniques there are (the size of every table indexed by Technique): the last one's
/// value plus one, never a literal.
inline constexpr int kTechniqueCount = static_cast<int>(Technique::nested_forcing_chain) + 1;
inline constexpr Technique kHardestTechnique = Technique::nested_forcing_chain;
/// The hardest technique of the fixed patterns (before the chains): the rating levels of
/// rating.hpp use the techniques up to it.
inline constexpr Technique kHardestPattern = Technique::jellyfish;
/// Whether a technique's steps are chains (Step::chain filled): x_cycle, x_chain, aic and the
/// forcing chains.
bool is_chain(Technique technique);
/// Whether a technique is tried by Sudoku Explainer's rating only (rate --se, explain --se):
/// the unique loops, BUG types 2 to 4, the Y- and XY-cycles and the Nishio forcing chain, which
/// HoDoKu's order, and so solve_logically(), does not have.
bool se_only(Technique technique);

/// Whether a technique holds only where the puzzle has one solution (unique rectangles and
/// BUG+1 rule out patterns that would leave two): solve_logically() tries them only after the
/// engine has proved it, and apply_technique() leaves that to its caller.
bool assumes_unique_solution(Technique technique);
/// Whether a technique holds under `rules`: the uniqueness techniques need classic rules (a
/// diagonal, window, apart pair or cage can tell the two fillings of their deadly patterns
/// apart, so the pattern is not deadly there), the finned fish need the geometry's boxes (no
/// jigsaw regions). apply_technique() finds nothing with the others.
bool technique_applies(Technique technique, const Rules& rules);

/// "naked single", "x-wing", ...
std::string_view technique_name(Technique technique);
/// "naked_single", "x_wing", ...: the spelling used in JSON.
std::string_view technique_id(Technique technique);

struct CellDigit {
  int cell = 0;
  int digit = 0;
  bool operator==(const CellDigit&) const = default;
};

/// One link target of a chain: "cell holds digit" (on) or "cell does not hold digit" (off).
/// A node follows from all of its `from` nodes (indices into the same chain, always smaller):
/// an off node from an on node is a weak link (same cell, or same digit in a unit), an on node
/// from off nodes is a strong link (the cell's last candidate, or the digit's last place in
/// `unit`). Nodes without `from` are the assumptions a branch starts from.
struct ChainNode {
  int cell = 0;
  int digit = 0;
  bool on = false;
  int branch = 0;         ///< which assumption (0, 1, ...) this node follows from
  std::vector<int> from;  ///< the nodes it follows from
  /// Why: "cell" (naked), "row 3" / "column 5" / "box 2" (hidden or same unit), or the
  /// technique inside a dynamic chain ("pointing", "x-wing", "forcing chain", ...).
  std::string rule;
};

/// A set of cells a step's proof names, with its digits: an almost locked set ("A", "B", "C"),
/// a restricted common digit with the cells holding it ("X", "Y"), ... (Step::sets).
struct CellSet {
  std::string name;
  std::vector<int> cells;    ///< increasing
  std::uint64_t digits = 0;  ///< bit d for digit d
  bool operator==(const CellSet&) const = default;
};

/// The community's constraint a step rests on: its name ("thermometer 2", "nonconsecutive")
/// and its cells in the constraint's own order (a thermometer from its bulb), for drawing.
struct ConstraintRef {
  std::string name;
  std::vector<int> cells;
  bool operator==(const ConstraintRef&) const = default;
};

/// One deduction.
struct Step {
  Technique technique = Technique::naked_single;
  /// Where the pattern lives: the unit of a single or subset; box then line (pointing) or line
  /// then box (claiming); the base lines then the cover lines of a fish; empty for an XY-wing.
  std::vector<Unit> units;
  /// The cells that make the pattern (the subset's cells, the fish's corners, pivot then
  /// pincers of an XY-wing), increasing except for the XY-wing and Sudoku Explainer's unique
  /// rectangles and loops (the cells in order around the loop).
  std::vector<int> cells;
  /// The pattern's digits (bit d for digit d).
  std::uint64_t digits = 0;
  std::vector<CellDigit> placed;      ///< singles: exactly one
  std::vector<CellDigit> eliminated;  ///< cell by cell, digits increasing; empty for singles
  /// Chains: every branch of the proof, the conclusion last in each branch.
  std::vector<ChainNode> chain;
  /// Chains: "chain" (one assumption and its negation), "contradiction" (the assumption
  /// forces a candidate both true and false), "double" (both values of the assumption force
  /// the conclusion), "cell" or "region" (every candidate of a cell / place in a unit does).
  std::string chain_kind;
  /// Set patterns (aligned exclusions, Sue de Coq, ALS-XZ, ALS-XY-wing): the named sets of
  /// the proof, in the order the text names them.
  std::vector<CellSet> sets;
  /// Constraint steps: the constraint whose fillings remove the candidates.
  std::optional<ConstraintRef> constraint;
  int level = 0;       ///< nested forcing chains: Sudoku Explainer's nesting level (2..5)
  int sum = 0;         ///< killer steps: the cage's sum, or what the innies (outies) add up to
  int complexity = 0;  ///< chains: the nodes the conclusion rests on (SE's chain length)
  // Totals after the step (the peers' candidates removed by a placement included).
  int solved = 0;
  int unsolved = 0;
  int candidates = 0;
};

/// Tries one technique on a position; if it applies, changes the position and returns the
/// step (totals filled in). Returns nothing, position untouched, when it does not apply.
/// The chain searches ask `stop` as they go (every thousand or so propagations); once it says
/// yes they end early with the best deduction proved so far, if any.
std::optional<Step> apply_technique(Technique technique, Position& position,
                                    const std::function<bool()>& stop = {});

enum class LogicStatus {
  solved,         ///< every cell filled by deduction
  stalled,        ///< no technique applies: `position` shows where
  contradiction,  ///< no solution: `contradiction` says why
  stopped,        ///< LogicOptions::stop asked: the steps so far stand, `position` is theirs
};
std::string_view status_name(LogicStatus status);

struct LogicOptions {
  /// Techniques harder than this are not tried (e.g. naked_single..hidden_single: singles only).
  Technique hardest_allowed = kHardestTechnique;
  /// Whether to keep the steps; counts and the hardest technique are kept either way.
  bool record_steps = true;
  /// The caller knows the puzzle has exactly one solution (a generator that proved it): the
  /// techniques that need it run without the engine's count, which on a sparse 25x25 board
  /// can take hours.
  bool known_unique = false;
  /// Asked between steps, between slices of the engine's count and inside the chain searches
  /// (a 25x25 board can spend seconds in one); once it says yes the solve ends `stopped`
  /// within a few milliseconds. Empty: never asked.
  std::function<bool()> stop;
};

struct LogicResult {
  LogicStatus status = LogicStatus::stalled;
  /// The final position: the full board when solved, else the board and candidates reached.
  /// Empty when the givens clash (there is no position to show then; see `contradiction`).
  std::optional<Position> position;
  std::optional<Contradiction> contradiction;
  std::vector<Step> steps;
  /// How many steps each technique made, indexed by the Technique's value.
  std::array<int, kTechniqueCount> uses{};
  int step_count = 0;
  /// The hardest technique used, if any step was made.
  std::optional<Technique> hardest;
  // Totals of the starting position (givens placed, their peers' candidates removed).
  int start_solved = 0;
  int start_candidates = 0;
};

/// Solves `puzzle` by deduction only. Any geometry; never throws for a well-formed board.
LogicResult solve_logically(const Board& puzzle, const LogicOptions& options = {});
/// The same under `rules` (variant.hpp): every unit they add takes part, cells they keep apart
/// see each other, cages add their own steps; the uniqueness techniques only under classic
/// rules (technique_applies()), the engine's count by Solver. A clash of the givens
/// under the rules is a contradiction. Precondition: !rules_problem(geometry, rules).
LogicResult solve_logically(const Board& puzzle, const Rules& rules,
                            const LogicOptions& options = {});
/// The same from a position given as is (pencil marks, a player's grid): its candidates are
/// taken to be all that is left.
LogicResult solve_logically(Position start, const LogicOptions& options = {});

/// Completes a stalled (or solved) result with the engine under the rules of the result's
/// position (solver.count_to_two(), solver.hpp): the solutions of the board reached are exactly
/// those of the puzzle, since every digit placed is forced. Counts up to 2, so `solutions` is 0
/// (no solution), 1 (unique: `first` is it) or 2 (several). For a contradiction result it
/// returns 0 solutions without searching.
SolveResult finish_with_engine(const LogicResult& result, Solver& solver);

}  // namespace sudoku
