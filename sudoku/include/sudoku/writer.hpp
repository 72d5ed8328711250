// Writing boards as text, in the four formats the reader reads back:
//   line     N*N symbols on one line ('.' for blanks)
//   grid     readable, with box separators:  +-------+-------+-------+
//                                            | 5 3 . | . 7 . | . . . |
//   compact  N rows of N symbols, no decoration
//   csv      `puzzle,solution` rows after a header line
//   fpuzzles a link https://f-puzzles.com/?load=... that opens the puzzle in f-puzzles, its rules
//            in it (grid/fpuzzles.hpp); write_board() writes the board under classic rules
// Every function writes whole lines, each ending in '\n', and never flushes.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"

namespace sudoku {

enum class Format { line, grid, compact, csv, fpuzzles };

/// "line", "grid", "compact", "csv" or "fpuzzles" to a Format.
std::optional<Format> parse_format(std::string_view name);
std::string_view format_name(Format format);

/// One line of N*N symbols.
void write_line(std::ostream& out, const Board& board);
/// Rows of cells separated by blanks, `|` between boxes, `+---+` lines around bands of boxes.
void write_grid(std::ostream& out, const Board& board);
/// N lines of N symbols.
void write_compact(std::ostream& out, const Board& board);
/// The board in `format` (csv writes the board alone as a one-field row).
void write_board(std::ostream& out, const Board& board, Format format);

/// The CSV header line, "puzzle,solution".
void write_csv_header(std::ostream& out);
/// A CSV record: the puzzle's line, a comma, the solution's line (empty if there is none).
void write_csv_record(std::ostream& out, const Board& puzzle, const Board* solution);

/// The grid form as a string (tests, messages).
std::string to_grid(const Board& board);

/// The lines that carry a puzzle's rules in the reader's format: "# variant x" for the flags,
/// "# regions ..." for a jigsaw layout, "# cage SUM CELLS" per cage; each ends in '\n'. Empty
/// for the classic rules.
std::string rules_lines(const Rules& rules, const Geometry& geometry);

}  // namespace sudoku
