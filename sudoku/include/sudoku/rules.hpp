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

  [[nodiscard]] bool classic() const {
    return !diagonals && !windows && !anti_knight && !anti_king && regions.empty() && cages.empty();
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
/// Killer cages are encoded by their digit sets, which stays small up to this side.
inline constexpr int kMaxKillerSize = 16;

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
