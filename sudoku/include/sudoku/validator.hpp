// The independent checker: is a board consistent, is it complete, does a solution keep the
// puzzle's givens? It reads cells directly and never touches the exact-cover engine, so that the
// tests and the CLI can judge the engine's answers with code that shares nothing with it.
//
// Units are named the way people read a grid: rows, columns and boxes numbered from 1, boxes
// row-major from the top left; cells as r<row>c<column>, also from 1 (r3c7).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sudoku/board.hpp"

namespace sudoku {

/// The classic units, then those a variant's rules add (variant.hpp): a jigsaw's regions take
/// the place of the boxes; diagonals (x) and windows (windoku) come on top, then the community's
/// units of N cells (docs/constraints.md): the single diagonals, disjoint groups, extra regions
/// (an extra region's index is its number among the extra-region constraints, from 0).
enum class UnitKind {
  row,
  column,
  box,
  region,
  diagonal,
  window,
  diagonal_minus,
  diagonal_plus,
  disjoint_group,
  extra_region
};

/// A unit (row, column, box, region, diagonal, window, ...) and its index from 0.
struct Unit {
  UnitKind kind = UnitKind::row;
  int index = 0;
  bool operator==(const Unit&) const = default;
};

/// A digit that appears more than once in a unit, with every cell that holds it there.
struct Conflict {
  int digit = 0;
  Unit unit;
  std::vector<int> cells;  ///< cell numbers in increasing order; at least two
  bool operator==(const Conflict&) const = default;
};

/// "r3c7" for a cell.
std::string cell_name(const Geometry& geometry, int cell);
/// "row 3", "column 5", "box 2", "region 4", "diagonal 1", "window 3".
std::string unit_name(const Unit& unit);
/// "digit 5 twice in row 3 (r3c1 and r3c7)"; "digit A 3 times in box 2 (r1c1, r2c3 and r3c2)".
std::string describe(const Conflict& conflict, const Geometry& geometry);

/// Every repeated digit, unit by unit: all rows first, then columns, then boxes, each by index,
/// digits ascending within a unit. Empty when the board is consistent. Cells outside 0..N count
/// as neither blank nor digit: see out_of_range_cell().
std::vector<Conflict> find_conflicts(const Board& board);
/// Whether no digit repeats in any unit: the fast path of find_conflicts(), no allocation.
bool consistent(const Board& board);
/// The first cell holding a value outside 0..N, if any.
std::optional<int> out_of_range_cell(const Board& board);

/// Why `solution` is not a solution of `puzzle`, or nothing if it is: same geometry, every cell
/// filled with 1..N, no digit twice in a unit, every given of the puzzle kept.
std::optional<std::string> check_solution(const Board& puzzle, const Board& solution);

/// Whether `solution` solves the classic 9x9 `puzzle` (3x3 boxes): every row, column and box
/// holds the digits 1-9, and every given is kept. The batch programs' check of every answer
/// before it is printed, in word operations on fixed shapes (a few hundred instructions, against
/// the solve of an easy puzzle's twenty thousand); false for any other shape. check_solution()
/// says why an answer fails.
bool solves_classic_9x9(const Board& puzzle, const Board& solution);

}  // namespace sudoku
