// The sudoku program's output records; see records.hpp.
#include "sudoku/records.hpp"

#include "sudoku/validator.hpp"

namespace sudoku {

namespace {

// Grid and compact records are blocks of lines, so each ends with an empty line.
void end_block(std::ostream& out, Format format) {
  if (format == Format::grid || format == Format::compact) out << '\n';
}

// A puzzle and its solution: csv "PUZZLE,SOLUTION"; other formats show one of them, `shown`.
void write_pair_record(std::ostream& out, Format format, const Board& puzzle, const Board& solution,
                       const Board& shown) {
  if (format == Format::csv) {
    write_csv_record(out, puzzle, &solution);
    return;
  }
  write_board(out, shown, format);
  end_block(out, format);
}

}  // namespace

void write_no_answer_record(std::ostream& out, Format format, std::string_view text,
                            const Board* puzzle) {
  if (format == Format::csv) {
    if (puzzle == nullptr) out << ",\n";
    else write_csv_record(out, *puzzle, nullptr);
    return;
  }
  out << "# " << text << '\n';
  end_block(out, format);
}

void write_solution_record(std::ostream& out, Format format, const Board& puzzle,
                           const Board& solution) {
  write_pair_record(out, format, puzzle, solution, solution);
}

void write_generated_header(std::ostream& out, Format format, const Geometry& shape) {
  if (format == Format::csv) out << "puzzle,solution\n";
  if (Geometry::for_size(shape.size()) != shape || shape.box_rows < 2) {
    out << "# box " << shape.name() << '\n';
  }
}

void write_generated_record(std::ostream& out, Format format, const Board& puzzle,
                            const Board& solution) {
  write_pair_record(out, format, puzzle, solution, puzzle);
}

void write_count_record(std::ostream& out, Format format, const Board& puzzle,
                        std::uint64_t count) {
  if (format == Format::csv) out << puzzle.to_line() << ',';
  out << count << '\n';
}

void write_conflicts(std::ostream& out, const Board& board) {
  const auto conflicts = find_conflicts(board);
  for (std::size_t i = 0; i < conflicts.size(); ++i) {
    if (i > 0) out << "; ";
    out << describe(conflicts[i], board.geometry());
  }
}

bool write_validation_record(std::ostream& out, std::string_view where, const Board& board) {
  out << where << ": ";
  if (!consistent(board)) {
    out << "inconsistent: ";
    write_conflicts(out, board);
    out << '\n';
    return false;
  }
  if (board.complete()) out << "valid, complete\n";
  else out << "valid, " << board.given_count() << " of " << board.cell_count() << " cells filled\n";
  return true;
}

void write_enumeration_summary(std::ostream& out, Format format, std::string_view where,
                               std::uint64_t found, bool at_limit) {
  if (format == Format::csv) return;
  out << "# " << where << ": " << found << (found == 1 ? " solution" : " solutions")
      << (at_limit ? " (stopped at the limit)" : "") << '\n';
  end_block(out, format);
}

}  // namespace sudoku
