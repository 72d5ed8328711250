// Pencil-mark puzzles (sukaku): a 9x9 (or any) board given by the candidates left in each cell
// rather than by givens, as setters and solvers trade them.
//
//     // reader.hpp reads both forms into Puzzle::candidates (81 masks, bit d = digit d)
//     sudoku::SolveResult r = sudoku::solve_pencil_marks(puzzle.candidates, g, engine, 2);
//                                               // (dlx_solver.hpp, in solve/)
//     sudoku::LogicResult l = sudoku::solve_logically(sudoku::pencil_position(puzzle), {});
//
// Text forms (both read by the Reader):
// - the 729-character line: nine characters a cell, cell by cell in row-major order; the k-th
//   character of a cell (k = 1..9) is the digit k when k is still a candidate, '.' or '0' when
//   it is gone (sukaku_line() writes it with '.');
// - the grid people type or copy from HoDoKu or Sukaku Explainer: 9 rows of 9 cells, each cell a
//   group of its candidate digits, cells separated by blanks or '|', separator lines of '-',
//   '+', '.', ':' and '\'' skipped (candidates_grid() in explain.hpp prints one).
// A cell with one candidate is as good as a given (every solution holds it there), which is how
// the Reader fills Puzzle::board; a cell with none leaves the puzzle without solutions.
//
// Uniqueness is not assumed: every technique of logic.hpp holds for every solution, so a
// pencil-mark puzzle with several solutions stalls rather than being solved wrongly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/grid/candidates.hpp"

namespace sudoku {

/// The pencil marks of an ordinary puzzle: a given's cell holds that digit alone, a blank cell
/// every digit 1..N. Its solutions are the puzzle's.
std::vector<std::uint64_t> pencil_marks_of(const Board& puzzle);

/// The cells holding exactly one candidate, as a board (others blank).
Board singles_board(const Geometry& geometry, const std::vector<std::uint64_t>& candidates);

/// The 729-character line: digit k at place k of a cell where it is a candidate, '.' where it
/// is not. Any side N: N*N*N characters, the symbols 1-9, A-Z (the Reader reads them back
/// under a fixed box shape, --box or "# box"; 729 characters without one).
std::string sukaku_line(const std::vector<std::uint64_t>& candidates);

/// The pencil marks of a position: a filled cell its digit alone, a blank cell its candidates.
std::vector<std::uint64_t> pencil_marks_of(const Position& position);

/// The position the logical solver starts from: the single-candidate cells placed and the marks
/// of the others, less the digits placed among their peers. Empty when two single-candidate
/// cells of a unit hold the same digit (no solution).
std::optional<Position> pencil_position(const Geometry& geometry,
                                        const std::vector<std::uint64_t>& candidates);

/// Whether `solution` keeps to the pencil marks: every cell's digit one of its candidates.
bool keeps_to(const Board& solution, const std::vector<std::uint64_t>& candidates);

}  // namespace sudoku
