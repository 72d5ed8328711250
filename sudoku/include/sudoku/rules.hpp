// Sudoku variants: the rules a puzzle adds to (or swaps into) rows, columns and boxes.
//
//     sudoku::Rules rules = *sudoku::parse_variant("x");        // or read from "# cage" lines
//     sudoku::Solver solver;                                      // solver.hpp
//     sudoku::SolveResult r = solver.solve(puzzle, rules, 2);     // r.solutions == 1: unique
//
// The variants, each on its own or several together:
//   x            both main diagonals hold every digit once;
//   windoku      the four extra 3x3 windows whose top-left cells are r2c2, r2c6, r6c2, r6c6
//                (9x9 only) hold every digit once;
//   anti-knight  no two cells a knight's move apart hold the same digit;
//   anti-king    no two cells a king's diagonal step apart hold the same digit (orthogonal
//                neighbours already share a row or a column);
//   jigsaw       N regions of N cells (`regions`) take the place of the boxes;
//   killer       cages: cells whose digits differ and add up to the cage's sum (givens optional).
// and the constraints of the variant community (f-puzzles' meanings, docs/constraints.md):
// thermometers, arrows, Kropki dots, XV, lines, little killers, ... (`constraints`), with the
// global rules nonconsecutive, negative ratio and XV, disjoint groups and single diagonals.
//
// Every rule is stated once, as RuleUnits (below); rules_cover.hpp turns them into an
// exact cover, which sudoku::Solver searches.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/board.hpp"

namespace sudoku {

/// A killer cage: distinct digits in `cells` (row-major cell numbers) adding up to `sum`.
struct Cage {
  int sum = 0;
  std::vector<int> cells;
  bool operator==(const Cage&) const = default;
};

/// The constraints of the variant community, each with f-puzzles' meaning (docs/constraints.md
/// states each one, its cells and values, and how the exact cover carries it).
enum class ConstraintKind : std::uint8_t {
  thermometer,       ///< cells from the bulb: each digit greater than the one before
  slow_thermometer,  ///< cells from the bulb: each digit at least the one before
  arrow,             ///< circle (`cells2`, a pill read as a decimal number) = sum of `cells`
  cage,              ///< a killer cage without a sum: its cells' digits differ
  odd,               ///< every cell odd
  even,              ///< every cell even
  difference,        ///< white Kropki dot: two cells whose digits differ by values[0] (1)
  ratio,             ///< black Kropki dot: one digit values[0] (2) times the other
  xv,                ///< two cells adding up to values[0] (X: 10, V: 5)
  extra_region,      ///< cells whose digits differ (N cells: every digit once)
  little_killer,     ///< the diagonal's cells (`cells`) add up to values[0]
  minimum,           ///< each cell less than its orthogonal neighbours
  maximum,           ///< each cell greater than its orthogonal neighbours
  clone,             ///< cells[k] and cells2[k] hold the same digit
  palindrome,        ///< the line reads the same both ways
  renban,            ///< the line's digits differ and form a run of consecutive digits
  whispers,          ///< neighbours on the line differ by at least values[0] ((N+1)/2)
  between_line,      ///< the line's inner cells lie strictly between its two ends
  quadruple,         ///< the (up to four) cells hold every digit of values (with repeats)
  region_sum_line,   ///< the line's pieces in each region (box) add up to the same sum
  entropic_line,     ///< every three cells in a row on the line: one low, one middle, one high
  modular_line,      ///< every three cells in a row on the line: one of each remainder mod 3
  zipper_line,       ///< cells at the same distance from the middle add up to the same sum
  nabner,            ///< no two digits on the line equal or consecutive
  double_arrow,      ///< the two ends add up to the sum of the cells between
  row_indexer,       ///< rRcC holding d: rDcC holds R
  column_indexer,    ///< rRcC holding d: rRcD holds C
  box_indexer,       ///< the p-th cell of its region holding d: its region's d-th cell holds p
  sandwich,          ///< a row or column (cells): the digits between 1 and N add up to values[0]
  x_sum,             ///< a row or column from the clue: its first X digits add up to values[0]
  skyscraper,        ///< a row or column from the clue: values[0] digits exceed all before them
};
/// Every kind, in the order above, and its name in our text ("slow-thermometer").
inline constexpr int kConstraintKinds = 31;
const char* constraint_name(ConstraintKind kind);
/// The kind a name stands for, or nothing.
std::optional<ConstraintKind> constraint_kind(std::string_view name);

/// One constraint: its kind, its cells (a line from its start, a dot's two cells, a cage, a
/// diagonal from its clue), a second list where the kind has one (an arrow's circle or pill, a
/// clone's copies) and its numbers (a dot's value, a sum, a quadruple's digits).
struct Constraint {
  ConstraintKind kind = ConstraintKind::thermometer;
  std::vector<int> cells;
  std::vector<int> cells2;
  std::vector<int> values;
  bool operator==(const Constraint&) const = default;
};

/// The rules of a puzzle beyond the classic ones. Default: classic.
struct Rules {
  bool diagonals = false;  ///< x
  bool windows = false;    ///< windoku
  bool anti_knight = false;
  bool anti_king = false;
  /// jigsaw: the region (0..N-1) of each cell, row-major; empty: the geometry's boxes.
  std::vector<std::uint8_t> regions;
  /// killer: the cages; empty: none.
  std::vector<Cage> cages;
  /// The global rules of f-puzzles: no two orthogonal neighbours consecutive unless a Kropki dot
  /// joins them; no unmarked neighbours in a ratio of the black dots (2 without dots); no
  /// unmarked neighbours adding up to 5 or 10; the cells at the same place of every region hold
  /// every digit once; the diagonal from rNc1 to r1cN (+), from r1c1 to rNcN (-).
  bool nonconsecutive = false;
  bool negative_ratio = false;
  bool negative_xv = false;
  bool disjoint_groups = false;
  bool diagonal_plus = false;
  bool diagonal_minus = false;
  /// The constraints, in the order they were given.
  std::vector<Constraint> constraints;

  [[nodiscard]] bool classic() const {
    return !diagonals && !windows && !anti_knight && !anti_king && regions.empty() &&
           cages.empty() && !community();
  }
  /// Whether any constraint or global rule of the community (above) is present: the rules only
  /// the exact cover (and the validator) knows.
  [[nodiscard]] bool community() const {
    return nonconsecutive || negative_ratio || negative_xv || disjoint_groups || diagonal_plus ||
           diagonal_minus || !constraints.empty();
  }
  /// "classic", or the rules joined by '+': "x", "jigsaw+killer", "anti-knight+x".
  [[nodiscard]] std::string name() const;
  bool operator==(const Rules&) const = default;
};

/// What `--variant` names: rules to add, and whether the puzzles must bring regions or cages.
struct VariantName {
  Rules rules;          ///< the flags (x, windoku, anti-knight, anti-king)
  bool jigsaw = false;  ///< every puzzle must have regions
  bool killer = false;  ///< every puzzle must have cages
};

/// "classic", "x", "windoku", "anti-knight", "anti-king", "jigsaw", "killer", or several of them
/// joined by ',' or '+'; empty for anything else.
std::optional<VariantName> parse_variant(std::string_view text);
/// The list parse_variant() accepts, for messages.
inline constexpr const char* kVariantNames =
    "classic, x, windoku, anti-knight, anti-king, jigsaw, killer (or several joined by '+')";

/// Why `variant` cannot apply to a board of `geometry`, or nothing if it can: windows need a
/// 9x9 board; regions must be N*N labels 0..N-1, N cells each; cages need N <= kMaxKillerSize,
/// cells on the board, none in two cages, at most N cells each, a sum from 1 to N(N+1)/2.
std::optional<std::string> rules_problem(const Geometry& geometry, const Rules& variant);
/// The first of `variant.constraints` whose shape is wrong (a cell off the board or twice, too
/// few or too many cells, a value out of range), named: "thermometer 2 (r4c5) has 1 cells; it
/// takes 2 to 81". Part of rules_problem().
std::optional<std::string> constraints_problem(const Geometry& geometry, const Rules& variant);
/// Killer cages are encoded by their digit sets, which stays small up to this side.
inline constexpr int kMaxKillerSize = 16;
/// A constraint whose allowed fillings are options of the exact cover gives up beyond this many
/// fillings (RuleUnits::too_many; RulesCover then throws). The constraints backend lists none.
inline constexpr std::size_t kMaxFillings = 20000;

/// A ban between two placements: cell a holding digit x and cell b holding y never both
/// (a < b). The exact cover makes one secondary item of it.
struct Ban {
  int a = 0, x = 0, b = 0, y = 0;
  auto operator<=>(const Ban&) const = default;
};

/// A constraint on a few cells as its allowed fillings: one option each.
struct Fillings {
  std::string name;  ///< "arrow 2" (the constraint's number from 1)
  std::vector<int> cells;
  /// The fillings, each cells.size() digits in a row.
  std::vector<std::uint8_t> digits;
  [[nodiscard]] std::size_t count() const {
    return cells.empty() ? 0 : digits.size() / cells.size();
  }
};

/// A constraint on a few cells as options each allowing a set of digits per cell (bit d: digit
/// d), whichever grid obeys it fitting exactly one option: one option each, over a primary item;
/// a placement the option does not allow shares a secondary item with it.
struct SetFillings {
  std::string name;
  std::vector<int> cells;
  /// The options, each cells.size() masks in a row.
  std::vector<std::uint64_t> masks;
  [[nodiscard]] std::size_t count() const {
    return cells.empty() ? 0 : masks.size() / cells.size();
  }
};

/// Cells whose digits differ and form one of `sets` (bit d: digit d), as a killer cage's.
struct DigitSets {
  std::string name;
  std::vector<int> cells;
  std::vector<std::uint64_t> sets;
};

/// The rules as units, pairs and cages (see above). Precondition: !rules_problem().
struct RuleUnits {
  RuleUnits(const Geometry& geometry, const Rules& variant);

  int n = 0;
  /// Each unit: N cells holding every digit once. Rows, columns, boxes or regions first (3N),
  /// then the two diagonals, then the four windows, as the variant has them.
  std::vector<std::vector<int>> units;
  /// The names of the units: "row 3", "column 1", "box 2", "region 5", "diagonal 1" (the main
  /// one, r1c1 to rNcN), "diagonal 2", "window 3".
  std::vector<std::string> unit_names;
  /// Pairs of cells (first < second) that must differ and share no unit.
  std::vector<std::pair<int, int>> apart;
  std::vector<Cage> cages;
  /// The community's constraints (Rules::constraints and the global rules) as exact-cover
  /// material: the digits each cell may hold (bit d: digit d); bans between placements, sorted
  /// and unique; constraints on a few cells by their fillings; cells by their digit sets.
  /// Units of N cells (extra regions, disjoint groups, single diagonals) join `units` after the
  /// classic ones, the diagonals and the windows (`first_extra_unit` is the first of them).
  std::vector<std::uint64_t> allowed;
  std::vector<Ban> bans;
  std::vector<Fillings> fillings;
  std::vector<DigitSets> digit_sets;
  std::vector<SetFillings> set_fillings;
  std::size_t first_extra_unit = 0;
  /// Set when a constraint has more than kMaxFillings fillings: then `fillings` is incomplete
  /// and no cover may be built (RulesCover throws this message).
  std::optional<std::string> too_many;
};

/// Why `solution` is not a solution of `puzzle` under `variant`, or nothing if it is: every cell
/// filled with 1..N, the givens kept, every rule of the variant obeyed. Reads cells directly,
/// sharing nothing with the exact cover. Precondition: !rules_problem().
std::optional<std::string> check_solution(const Board& puzzle, const Rules& variant,
                                          const Board& solution);
/// The first rule the givens of `puzzle` already break (a digit twice in a unit, two cells
/// apart with the same digit, a cage with a repeated digit or whose givens exceed its sum, or a
/// full cage with the wrong sum), or nothing. Precondition: !rules_problem().
std::optional<std::string> rules_clash(const Board& puzzle, const Rules& variant);

}  // namespace sudoku
