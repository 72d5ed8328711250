// f-puzzles puzzles (f-puzzles.com; SudokuPad and Rangsk's SudokuSolver read them too): links,
// load strings and their JSON, read into a puzzle with its rules and written back as links.
//
//     auto data = sudoku::fpuzzles::parse_text("https://f-puzzles.com/?load=N4Ig...");
//     if (!data.value) report(data.error);            // "bad base64: ...", "unknown key ..."
//     auto puzzle = sudoku::fpuzzles::to_puzzle(*data.value);   // board, rules, pencil marks
//     std::string link = sudoku::fpuzzles::link(board, rules);  // and back
//
// Two steps, so that the mapping grows with the rules model: parse_json() reads the JSON into
// Data, every constraint kind f-puzzles has kept as raw entries (its cells as cell numbers);
// to_puzzle() maps Data into sudoku::Rules through one small function per kind (fpuzzles.cpp,
// mappings()), refusing by name what the model cannot hold (a digital-root cage).
// docs/fpuzzles.md lists what is read, what is ignored (presentation only: colours, titles,
// cosmetic lines) and what is refused.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"

namespace sudoku::fpuzzles {

/// An answer or why there is none; `offset` is where in the text given the problem lies (from
/// 0), when it lies somewhere.
template <class T>
struct Result {
  std::optional<T> value;
  std::string error;
  std::size_t offset = 0;
};

/// One entry of a constraint array, as written. Cells inside the grid are cell numbers
/// (row-major from 0); a clue outside the grid (little killer, sandwich, X-sum, skyscraper)
/// keeps its row and column (0 or N+1 on the side it stands).
struct Constraint {
  std::string kind;                     ///< the array's name: "thermometer", "killercage", ...
  std::size_t number = 0;               ///< its place in that array, from 1 (for messages)
  std::vector<int> cells;               ///< "cells", or an inside "cell"
  std::vector<std::vector<int>> lines;  ///< "lines": each a path of cells
  std::vector<int> clone_cells;         ///< clone's "cloneCells"
  std::optional<std::string> value;     ///< "value" as written ("15", "X", "DR5"); a number
                                        ///< is kept as its decimal text
  std::vector<int> values;              ///< quadruple's "values"
  std::optional<CellName> outside;      ///< the clue's cell outside the grid, R0..N+1 C0..N+1
  std::string direction;                ///< little killer: "UL", "UR", "DL" or "DR"
  bool operator==(const Constraint&) const = default;
};

/// The rules-bearing content of an f-puzzles JSON.
struct Data {
  int size = 9;                       ///< 4..16
  std::vector<int> values;            ///< N*N, 0 blank
  std::vector<std::uint8_t> given;    ///< N*N: 1 where the value is a given ("given": true)
  std::vector<std::uint64_t> pencil;  ///< N*N masks (bit d = digit d), 0 where none
  std::vector<int> regions;           ///< N*N, 0..N-1: the cells' "region" or the default
  bool diagonal_plus = false;         ///< "diagonal+": r{N}c1 to r1c{N}
  bool diagonal_minus = false;        ///< "diagonal-": r1c1 to r{N}c{N}
  bool antiknight = false;
  bool antiking = false;
  bool disjointgroups = false;
  bool nonconsecutive = false;
  std::vector<std::string> negative;    ///< "negative": ["ratio", "xv"]
  std::vector<Constraint> constraints;  ///< in the order of kConstraintKinds, then their arrays
  bool operator==(const Data&) const = default;
};

/// The constraint arrays f-puzzles (and SudokuSolver's reader) know, in the order Data keeps.
extern const std::vector<std::string_view> kConstraintKinds;

/// f-puzzles' default regions for a side: boxes of 2 rows for 6, 8, 10, 14; 3 rows for 12 and
/// 15; square for 4, 9, 16; the rows themselves for prime sides (no box fits). The geometry
/// whose boxes they are (1xN for a prime side).
Geometry default_geometry(int size);

/// The JSON object of an f-puzzles puzzle. Errors name the key, the constraint ("thermometer 2")
/// or the cell ("R10C3") at fault.
Result<Data> parse_json(std::string_view json);

/// A line that is an f-puzzles puzzle in one of its forms: a link (http or https, f-puzzles.com
/// with or without www., "?load=..."; SudokuPad's sudokupad.app/fpuzzles... and "?fpuzzles=..."
/// forms), a bare load string (base64 starting "N4Ig", which is how every JSON object starting
/// '{"' compresses), or the JSON object itself ('{' first). Blanks around it are allowed; a
/// link or load string may be followed by blanks and a '#' comment.
bool looks_like_fpuzzles(std::string_view line);

/// The Data of such a line (looks_like_fpuzzles()); errors' offsets are into `line`.
Result<Data> parse_text(std::string_view line);

/// A puzzle of the model: its board, rules, pencil marks and player's entries (as reader.hpp's
/// Puzzle keeps them).
struct ModelPuzzle {
  Board board;
  Rules rules;
  std::vector<std::uint64_t> candidates;  ///< pencil marks, empty when none
  std::vector<std::uint8_t> entered;      ///< 1 for values not marked "given", empty when none
};

/// `data` in the model, through one mapping function per constraint kind; an error names the
/// first constraint the model cannot hold ("f-puzzles constraint 'cage' with a digital root is
/// not supported yet") or whose shape rules_problem() refuses. `box`: the geometry to use when
/// it has the data's side (a "# box" line or --box); otherwise default_geometry().
Result<ModelPuzzle> to_puzzle(const Data& data, std::optional<Geometry> box = std::nullopt);

/// The first rule f-puzzles cannot hold, named ("xv 1 (r1c1): f-puzzles has only X (10) and V
/// (5)"): an XV sum other than 5 or 10, a quadruple of fewer than 4 cells, a little killer whose
/// cells are not a whole diagonal from the grid's edge. Nothing when every rule can be written.
std::optional<std::string> unwritable(const Geometry& geometry, const Rules& rules);

/// The JSON of a puzzle and its rules: "size", "grid" (givens with "given": true; with a
/// solution, its digits in the other cells, not given; each cell's "region" when the rules
/// have regions), the flags, "killercage" for cages (with and without sums), windoku's windows
/// as "extraregion"s and every constraint in its f-puzzles array (docs/fpuzzles.md). Reading it
/// back gives the same rules, up to how constraints split: odd, even, minimum and maximum cells
/// come back one constraint each, and the constraints ordered by their arrays.
/// Precondition: !rules_problem(); where unwritable() names a rule, it is written as near as
/// f-puzzles allows (an XV sum as its number, which only this reader takes).
std::string to_json(const Board& puzzle, const Rules& rules, const Board* solution = nullptr);

/// "https://f-puzzles.com/?load=" and to_json() compressed (lz_string.hpp).
std::string link(const Board& puzzle, const Rules& rules, const Board* solution = nullptr);

}  // namespace sudoku::fpuzzles
