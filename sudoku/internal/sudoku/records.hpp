// The output records of the sudoku program, one function per kind, so that their text is one
// library's business and testable without running the program:
//
//     sudoku::write_solution_record(std::cout, sudoku::Format::line, puzzle, solution);
//     sudoku::write_count_record(std::cout, sudoku::Format::csv, puzzle, 2);  // "PUZZLE,2"
//
// The rules they keep: a record is whole lines; grid and compact records end with an empty
// line; an entry without an answer is a '#' comment (csv: the puzzle with an empty answer, or
// "," without a puzzle), so that feeding the output back to the reader skips it.
#pragma once

#include <cstdint>
#include <ostream>
#include <string_view>

#include "sudoku/board.hpp"
#include "sudoku/writer.hpp"

namespace sudoku {

/// An entry without an answer: "# TEXT" (grid, compact: and an empty line); csv: the puzzle's
/// record with an empty answer, or "," when `puzzle` is null (malformed input).
void write_no_answer_record(std::ostream& out, Format format, std::string_view text,
                            const Board* puzzle);

/// A solution in the format (csv: "PUZZLE,SOLUTION").
void write_solution_record(std::ostream& out, Format format, const Board& puzzle,
                           const Board& solution);

/// generate's output before its puzzles: csv's header "puzzle,solution", and "# box RxC" for a
/// shape that size detection would not find, so that the output reads back as made.
void write_generated_header(std::ostream& out, Format format, const Geometry& shape);

/// A generated puzzle: the puzzle in the format (csv: "PUZZLE,SOLUTION").
void write_generated_record(std::ostream& out, Format format, const Board& puzzle,
                            const Board& solution);

/// A count: "COUNT", csv "PUZZLE,COUNT".
void write_count_record(std::ostream& out, Format format, const Board& puzzle, std::uint64_t count);

/// The conflicts of an inconsistent board, "; " between them and no line end:
/// "digit 5 twice in row 1 (r1c1 and r1c2); digit 5 twice in box 1 (r1c1 and r1c2)".
void write_conflicts(std::ostream& out, const Board& board);

/// validate's record: "WHERE: valid, complete", "WHERE: valid, K of M cells filled" or
/// "WHERE: inconsistent: CONFLICTS". Returns whether the board is consistent.
bool write_validation_record(std::ostream& out, std::string_view where, const Board& board);

/// enumerate's summary after a puzzle's solutions: "# WHERE: K solutions" with
/// " (stopped at the limit)" when `at_limit` (grid, compact: and an empty line). csv has none.
void write_enumeration_summary(std::ostream& out, Format format, std::string_view where,
                               std::uint64_t found, bool at_limit);

}  // namespace sudoku
