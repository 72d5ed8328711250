// The sudoku program's output records; see records.hpp.
#include "apps/runs/records.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

#include "sudoku/grid/fpuzzles.hpp"
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
  // One write, without the stream's number formatting: the record of every count.
  std::array<char, 24> text{};
  char* end = std::to_chars(text.data(), text.data() + text.size() - 1, count).ptr;
  *end++ = '\n';
  out.write(text.data(), end - text.data());
}

std::vector<std::string> conflict_texts(const Board& board) {
  std::vector<std::string> texts;
  for (const Conflict& conflict : find_conflicts(board)) {
    texts.push_back(describe(conflict, board.geometry()));
  }
  return texts;
}

void write_conflicts(std::ostream& out, const Board& board) {
  const auto conflicts = conflict_texts(board);
  const std::size_t shown = std::min(conflicts.size(), kConflictsShown);
  for (std::size_t i = 0; i < shown; ++i) out << (i > 0 ? "; " : "") << conflicts[i];
  if (shown < conflicts.size()) {
    out << "; and " << conflicts.size() - shown << " more (sudoku validate lists them all)";
  }
}

namespace {

void write_validation(std::ostream& out, std::string_view where, const Board& board,
                      const std::vector<std::string>& conflicts) {
  out << where << ": ";
  if (!conflicts.empty()) {
    out << "inconsistent: ";
    for (std::size_t i = 0; i < conflicts.size(); ++i) out << (i > 0 ? "; " : "") << conflicts[i];
    out << '\n';
    return;
  }
  if (board.complete()) out << "valid, complete\n";
  else out << "valid, " << board.given_count() << " of " << board.cell_count() << " cells filled\n";
}

}  // namespace

bool write_validation_record(std::ostream& out, std::string_view where, const Board& board) {
  const auto conflicts = conflict_texts(board);
  write_validation(out, where, board, conflicts);
  return conflicts.empty();
}

void write_enumeration_summary(std::ostream& out, Format format, std::string_view where,
                               std::uint64_t found, bool at_limit) {
  if (format == Format::csv) return;
  out << "# " << where << ": " << found << (found == 1 ? " solution" : " solutions")
      << (at_limit ? " (stopped at the limit)" : "") << '\n';
  end_block(out, format);
}

EntryRecords::EntryRecords(std::ostream& out, Format format, bool json, const Puzzle& puzzle,
                           std::string_view source, const Rules* rules)
    : out_(out), format_(format), json_(json), puzzle_(puzzle), source_(source), rules_(rules) {}

std::string EntryRecords::where() const {
  std::string text(source_);
  text += ':';
  text += std::to_string(puzzle_.line);
  return text;
}

void EntryRecords::solution(const Board& solution) const {
  if (json_) write_solution_json(out_, json_head(puzzle_, rules_), &solution);
  // An f-puzzles link carries the rules: the puzzle's givens, the solution in the other cells.
  else if (format_ == Format::fpuzzles)
    out_ << fpuzzles::link(puzzle_.board, rules_ != nullptr ? *rules_ : Rules{}, &solution) << '\n';
  else write_solution_record(out_, format_, puzzle_.board, solution);
}

void EntryRecords::count(std::uint64_t found, bool at_limit) const {
  if (json_) write_count_json(out_, json_head(puzzle_, rules_), found, at_limit);
  else write_count_record(out_, format_, puzzle_.board, found);
}

void EntryRecords::enumeration_end(std::uint64_t found, bool at_limit) const {
  if (json_) return count(found, at_limit);
  if (format_ == Format::csv && found == 0) write_csv_record(out_, puzzle_.board, nullptr);
  write_enumeration_summary(out_, format_, where(), found, at_limit);
}

void EntryRecords::no_answer(std::string_view status, bool count_record, bool with_puzzle) const {
  if (!json_) {
    write_no_answer_record(out_, format_, where() + ": " + std::string(status),
                           with_puzzle ? &puzzle_.board : nullptr);
  } else if (count_record) {
    write_count_json(out_, json_head(puzzle_, rules_), std::nullopt, false, status);
  } else {
    write_solution_json(out_, json_head(puzzle_, rules_), nullptr, status);
  }
}

void EntryRecords::validation(const std::vector<std::string>& conflicts) const {
  if (json_) write_validation_json(out_, json_head(puzzle_, rules_), puzzle_.board, conflicts);
  else write_validation(out_, where(), puzzle_.board, conflicts);
}

void EntryRecords::status(std::string_view status) const {
  write_status_json(out_, json_head(puzzle_, rules_), status);
}

}  // namespace sudoku
